// Prism's HTTP engine, used as a library: routing, security, request validation, content
// negotiation and examples all come from it. We only add a tap on its mocker so the caller also
// learns which operation Prism matched and which violations it found.
import { createInstance, getHttpOperationsFromSpec, type IHttpRequest, type IHttpResponse } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { PathMatcher } from '../lib/contract/index.js';

// Prism's default mocker and the per-request Prefer parsing of prism-http-server are not re-exported
// from the package roots; both are CommonJS files of the pinned versions (imported as modules, so a
// bundler follows them).
import * as mockerModule from '@stoplight/prism-http/dist/mocker/index.js';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';

// Node hands a CommonJS file's exports object over as `default`; Vite's interop, the function itself.
const mockerExports = (mockerModule as { default: unknown }).default as { default?: unknown } | ((...args: never[]) => unknown);
const defaultMock = (typeof mockerExports === 'function' ? mockerExports : mockerExports.default) as (opts: any) => any;

export interface Violation {
  path?: string[];
  code?: string | number;
  message: string;
  severity: number;
}

export type PrismResult =
  | { kind: 'ok'; operationId: string; output: IHttpResponse; violations: Violation[]; bodyError?: string; outputViolations?: boolean }
  | { kind: 'error'; status: number; name: string; detail: string };

/** How many times a `Prefer: dynamic=true` body is generated before giving up on conformance. */
const DYNAMIC_ATTEMPTS = 25;

export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

/**
 * Prism wants a pino logger with its own levels (`success`, …). Ours says nothing, and a plain
 * object of no-ops runs anywhere (pino's browser build lacks Prism's custom levels).
 */
function silentLogger(): object {
  const quiet = () => undefined;
  const logger: Record<string, unknown> = { level: 'silent' };
  for (const level of ['trace', 'debug', 'info', 'success', 'warn', 'error', 'fatal', 'start', 'note']) logger[level] = quiet;
  logger.child = () => logger;
  return logger;
}

export async function createPrism(doc: unknown) {
  const logger = silentLogger();
  const operations: IHttpOperation[] = await getHttpOperationsFromSpec(doc as object);
  const matched = new WeakMap<object, { operationId: string; violations: Violation[] }>();
  const prism = createInstance(
    {
      mock: { dynamic: false },
      validateRequest: true,
      // The stateful layer replaces most bodies; response conformance is checked by the tests and
      // by Schemathesis instead of on every request.
      validateResponse: false,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
    } as never,
    {
      logger: logger as never,
      mock: (opts: any) => {
        // `iid` is the contract's operationId in Prism's operation model.
        matched.set(opts.input.data, { operationId: opts.resource.iid, violations: opts.input.validations });
        return defaultMock(opts);
      },
    },
  );

  /** Reads `Prefer: code=…, example=…, dynamic=…` the way prism-http-server does. */
  function preferences(request: IHttpRequest): { ok: true; value: Preferences } | { ok: false; detail: string } {
    const parsed = getHttpConfigFromRequest(request);
    if (parsed._tag === 'Left') return { ok: false, detail: parsed.left.detail ?? String(parsed.left) };
    return { ok: true, value: parsed.right };
  }

  // Prism's router scores every operation of the document on every request, which dominated the
  // mock's CPU profile. Prism still routes, but only among the operations whose path template
  // fits this path at all (the contract model's one matcher; all methods, so Prism still tells
  // 404 from 405).
  const matcher = new PathMatcher(operations);
  const candidates = (path: string) => {
    const fitting = matcher.templates(path).flatMap((fit) => fit.operations);
    return fitting.length ? fitting : operations;
  };

  async function request(input: IHttpRequest, prefs: Preferences): Promise<PrismResult> {
    try {
      if (!prefs.dynamic) return await run(input, prefs);
      // Prism's generator ignores if/then (e.g. "completed requires url"), so a dynamic body can
      // break the contract. Generate again, with Prism's response validation on, until it holds.
      let result = await run(input, prefs, true);
      for (let attempt = 1; attempt < DYNAMIC_ATTEMPTS && result.kind === 'ok' && result.outputViolations; attempt += 1) {
        result = await run({ ...input }, prefs, true);
      }
      return result;
    } catch (error) {
      // Prism's multipart parser (parse-multipart-data) throws on some malformed bodies. Ask Prism
      // again without the body, so routing, security and the gate still decide first, and report
      // the body as unparseable.
      if (input.body === undefined) throw error;
      const retry = await run({ ...input, body: undefined }, prefs);
      return retry.kind === 'ok' ? { ...retry, bodyError: (error as Error).message } : retry;
    }
  }

  async function run(input: IHttpRequest, prefs: Preferences, validateResponse = false): Promise<PrismResult> {
    const config = { mock: { dynamic: false, ...prefs }, validateResponse };
    const result = await prism.request(input, candidates(input.url.path), config as never)();
    if (result._tag === 'Left') {
      const error = result.left as { status?: number; name: string; detail?: string; message: string };
      return { kind: 'error', status: error.status ?? 500, name: error.name, detail: error.detail ?? error.message };
    }
    const tap = matched.get(input);
    if (!tap) throw new Error('Prism answered without running its mocker');
    const outputViolations = result.right.validations.output.some((v: Violation) => v.severity === 0);
    return { kind: 'ok', operationId: tap.operationId, output: result.right.output, violations: tap.violations, outputViolations };
  }

  return { request, preferences, operations };
}

export type Prism = Awaited<ReturnType<typeof createPrism>>;
