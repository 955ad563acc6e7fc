// Prism's HTTP engine, used as a library, one part at a time: its operation model, security check
// and mocker (content negotiation and examples) are called by the pipeline's stages in the mock's
// own order (mock/pipeline/index.ts), so a call refused early never pays for the later parts, and
// the mocker runs only when an answer needs an example. Requests are validated by the contract's
// compiled validators (lib/contract/validators.ts), not by Prism's validator, which interpreted the
// schemas on every call. Routing is the contract's router (lib/contract/request.ts, the one the
// proxy uses), over the contract's operations; the parts here are asked by operation id. The
// pipeline reaches this module through mock/engine.ts, which the browser build loads when first needed.
// First: what Prism's modules require and the mock never runs is left out before they load.
import './prism-trims.js';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import type { ApiRequest, RequestViolation } from '../lib/contract/index.js';
import { copyJson } from './copy-json.js';
import type { Example, Preferences } from './preferences.js';

// The parts and prism-http-server's Prefer parsing are not re-exported from the package roots;
// all are CommonJS files of the pinned versions (imported as modules, so a bundler follows them).
import * as mockerModule from '@stoplight/prism-http/dist/mocker/index.js';
import * as validatorModule from '@stoplight/prism-http/dist/validator/index.js';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
// The operation model alone: the package root also loads Prism's forwarder and its HTTP agents.
import { getHttpOperationsFromSpec } from '@stoplight/prism-http/dist/utils/operations.js';

/** A CommonJS file's export: Node hands the exports object over as `default`, Vite the value itself. */
function commonJs<T>(module: unknown, name: string): T {
  const outer = (module as { default?: any }).default ?? module;
  const value = outer?.[name] ?? (module as any)[name];
  if (typeof value !== 'function') throw new Error(`mock: Prism's ${name} was not found in its module`);
  return value as T;
}

/** fp-ts's Either, as Prism's parts return it. */
type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };
type Part<L, R> = (args: { resource: IHttpOperation; element: IHttpRequest | IHttpResponse }) => Either<L, R>;

const validateSecurity = commonJs<Part<RequestViolation[], unknown>>(validatorModule, 'validateSecurity');
const validateOutput = commonJs<Part<RequestViolation[], unknown>>(validatorModule, 'validateOutput');
const prismMock = commonJs<(opts: object) => (logger: object) => Either<PrismError, IHttpResponse>>(mockerModule, 'default');

/** A request violation (lib/contract/violations.ts), which Prism's mocker also reads. */

interface PrismError {
  status?: number;
  name: string;
  detail?: string;
  message: string;
}

/** Query parameters prism-http-server reads as preferences when there is no Prefer header. */
const PREFER_QUERY = ['__code', '__dynamic', '__seed', '__example'];

/** How many times a `Prefer: dynamic=true` body is generated before giving up on conformance. */
const DYNAMIC_ATTEMPTS = 25;

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

const problem = (error: PrismError) => ({ status: error.status ?? 500, name: error.name, detail: error.detail ?? error.message });

/** Prism's model of each operation, by the contract's operationId (its `iid` there). */
function byOperationId(operations: IHttpOperation[]): (operationId: string) => IHttpOperation {
  const byId = new Map(operations.map((operation) => [operation.iid as string, operation]));
  return (operationId) => {
    const resource = byId.get(operationId);
    if (!resource) throw new Error(`mock: Prism's operation model has no ${operationId}`);
    return resource;
  };
}

export async function createPrism(doc: unknown) {
  const logger = silentLogger();
  const resourceOf = byOperationId(await getHttpOperationsFromSpec(doc as object));

  /**
   * Reads `Prefer: code=…, example=…, dynamic=…` (or its query forms) the way prism-http-server
   * does: the one reading of the caller's Prefer, from the router's value.
   */
  function preferences(request: Pick<ApiRequest, 'prefer' | 'query'>): { ok: true; value: Preferences } | { ok: false; detail: string } {
    const { prefer, query } = request;
    // Nothing to read (the usual call): Prism's reader would decode four absent values to these.
    if (!prefer && !PREFER_QUERY.some((key) => query[key] !== undefined))
      return { ok: true, value: { code: undefined, exampleKey: undefined, dynamic: undefined, seed: undefined } };
    const parsed = getHttpConfigFromRequest({ url: { path: '/', query }, headers: prefer ? { prefer } : {} });
    if (parsed._tag === 'Left') return { ok: false, detail: parsed.left.detail ?? String(parsed.left) };
    return { ok: true, value: parsed.right };
  }

  /** Prism's security check (the operation's `security`): its violations, code 401, or none. */
  function security(operationId: string, input: IHttpRequest): RequestViolation[] {
    const checked = validateSecurity({ resource: resourceOf(operationId), element: input });
    return checked._tag === 'Left' ? checked.left : [];
  }

  // The plain answer of an operation (no preferences, a JSON or any Accept, a valid request) is
  // always the same static example: it is made once per operation and Accept, and copied per call,
  // since the state's handlers keep parts of it in stored resources.
  const plainAnswers = new Map<string, IHttpResponse>();
  const plainKey = (operationId: string, input: IHttpRequest, violations: RequestViolation[], particular: boolean) => {
    const plain = !particular && !violations.some((v) => v.severity === 0);
    return plain ? `${operationId} ${input.headers?.accept ?? ''}` : undefined;
  };

  /**
   * The answer Prism's mocker negotiates for a valid call: the status, headers and example body
   * that the Prefer preferences and the Accept header ask for, or why it cannot. Always the call's
   * own copy: Prism's mocker hands out the example objects of its operation model, and the state's
   * handlers change and keep what they are given. `particular`: the call asks for a particular
   * answer (asksForParticular, decided once by the validate stage).
   */
  function example(
    operationId: string,
    input: IHttpRequest,
    violations: RequestViolation[],
    prefs: Preferences,
    particular: boolean,
  ): Example {
    const key = plainKey(operationId, input, violations, particular);
    const known = key === undefined ? undefined : plainAnswers.get(key);
    if (known) return { ok: true, output: copyJson(known) };
    const made = negotiate(resourceOf(operationId), input, violations, prefs);
    if (!made.ok) return made;
    // Kept as JSON data (what its JSON text parses to), never handed out: each call gets a copy.
    const data: IHttpResponse = JSON.parse(JSON.stringify(made.output));
    if (key === undefined) return { ok: true, output: data };
    plainAnswers.set(key, data);
    return { ok: true, output: copyJson(data) };
  }

  function negotiate(resource: IHttpOperation, input: IHttpRequest, violations: RequestViolation[], prefs: Preferences): Example {
    const run = () => {
      const made = prismMock({ resource, input: { data: input, validations: violations }, config: { dynamic: false, ...prefs } })(logger);
      return made._tag === 'Right' ? ({ ok: true, output: made.right } as const) : ({ ok: false, ...problem(made.left) } as const);
    };
    let made: Example = run();
    // Prism's generator ignores if/then (e.g. "completed requires url"), so a dynamic body can
    // break the contract. Generate again until Prism's own response validation accepts it.
    for (let attempt = 1; prefs.dynamic && made.ok && attempt < DYNAMIC_ATTEMPTS; attempt += 1) {
      const checked = validateOutput({ resource, element: made.output });
      if (checked._tag === 'Right' || !checked.left.some((v) => v.severity === 0)) break;
      made = run();
    }
    return made;
  }

  return { security, example, preferences };
}

export type Prism = Awaited<ReturnType<typeof createPrism>>;
