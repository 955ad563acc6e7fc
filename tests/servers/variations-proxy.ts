// "Silent-place variations": a proxy in front of the mock that plays a faithful deployment which
// made the OTHER reasonable choice at each kind of place the source leaves open. A conformance run
// against it must report nothing, because no check may fail on a guess (the opposite proof to
// fault-proxy.ts, whose every fault must be reported). tests/qa/conformance-variations.test.ts runs it.
//
// By hand:  tsx tests/servers/variations-proxy.ts <upstream base URL>
//           (prints the proxy's base URL; point CONFORMANCE_BASE_URL at it)
import { operationMatcher } from './fault-proxy.js';
import type { OperationFact } from '../../qa/conformance/contract-facts.js';
import { header, send, serve, type UpstreamAnswer, type UpstreamRequest } from '../../qa/http-forward.js';

export interface VariationContext {
  exchange: UpstreamRequest;
  operation: OperationFact;
  upstream(exchange: UpstreamRequest): Promise<UpstreamAnswer>;
}

export interface Variation {
  /** What the source leaves open, and the choice this deployment makes there instead of the mock's. */
  description: string;
  operations: string[];
  handle(ctx: VariationContext): Promise<UpstreamAnswer | undefined>;
}

/** An error answer in the API's envelope, keeping the upstream answer's rate-limit headers. */
function envelope(
  status: number,
  statusText: string,
  body: Record<string, unknown>,
  like: UpstreamAnswer,
  extra: Record<string, string> = {},
): UpstreamAnswer {
  const rate: Record<string, string> = {};
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining']) {
    const value = header(like.headers, name);
    if (value !== null) rate[name] = value;
  }
  return {
    status,
    statusText,
    headers: { ...rate, ...extra, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ status, ...body })),
  };
}

const validation = (field: string, message: string, like: UpstreamAnswer) =>
  envelope(422, 'Unprocessable Entity', { message, errors: { [field]: [message] } }, like);

/** Where upstream accepted, this deployment refuses with a 422 naming the field (auth and gate answers pass). */
function refuse(answer: UpstreamAnswer, field: string, message: string): UpstreamAnswer {
  return answer.status < 300 ? validation(field, message, answer) : answer;
}

function jsonBody(exchange: UpstreamRequest): { ok: true; value: unknown } | { ok: false } {
  if (!exchange.body.length) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(exchange.body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

const query = (exchange: UpstreamRequest) => new URL(exchange.url, 'http://proxy.local').searchParams;

export const VARIATIONS: Record<string, Variation> = {
  'requires-type': {
    description: 'POST /faceless: whether `type` is required is not shown; this deployment requires it (422)',
    operations: ['createFacelessVideo'],
    async handle({ exchange, upstream }) {
      const body = jsonBody(exchange);
      if (!body.ok) return undefined;
      const value = body.value as { type?: unknown } | undefined;
      if (value && typeof value === 'object' && !Array.isArray(value) && value.type === undefined) {
        return refuse(await upstream(exchange), 'type', 'The type field is required.');
      }
      return undefined;
    },
  },
  'requires-title': {
    description: 'POST /b-roll: whether a body and `title` are required is not shown; this deployment requires them (422)',
    operations: ['createBRollVideo'],
    async handle({ exchange, upstream }) {
      const body = jsonBody(exchange);
      if (!body.ok) return undefined;
      const value = body.value as { title?: unknown } | undefined;
      if (value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value) && value.title === undefined)) {
        return refuse(await upstream(exchange), 'title', 'The title field is required.');
      }
      return undefined;
    },
  },
  'ideas-page-limit': {
    description: 'GET /ideas: the page size limit is not shown; this deployment caps per_page at 50 (422 above)',
    operations: ['listIdeas'],
    async handle({ exchange, upstream }) {
      const perPage = Number(query(exchange).get('per_page'));
      if (Number.isFinite(perPage) && perPage > 50)
        return refuse(await upstream(exchange), 'per_page', 'The per_page may not be greater than 50.');
      return undefined;
    },
  },
  'malformed-json-422': {
    description:
      'a body that is not JSON: 400 GEN-WRONG-ARGS or 422 validation are both readings of the source; this deployment answers 422',
    operations: ['createFacelessVideo', 'createBRollVideo', 'updateStoryboardMoodboard'],
    async handle({ exchange, upstream }) {
      if (jsonBody(exchange).ok) return undefined;
      const answer = await upstream(exchange);
      return answer.status === 400 ? validation('body', 'The body must be valid JSON.', answer) : answer;
    },
  },
  'any-include': {
    description: 'GET /faceless/{faceless}: the `include` allowlist is not shown; this deployment ignores unknown values',
    operations: ['getFacelessVideo'],
    async handle({ exchange, upstream }) {
      const [path] = exchange.url.split('?');
      return upstream({ ...exchange, url: path });
    },
  },
  'empty-patch-noop': {
    description:
      'PATCH of a video: the source describes a partial update and never says a body is required; this deployment treats a PATCH without a body as a no-op and answers the video as it is (200)',
    operations: ['updateFacelessVideo', 'updateBRollVideo', 'updateAiVisualsVideo', 'updateUrlToVideo'],
    async handle({ exchange, upstream }) {
      if (exchange.body.length) return undefined;
      const headers = { ...exchange.headers };
      delete headers['content-type'];
      delete headers['content-length'];
      return upstream({ ...exchange, method: 'GET', headers, body: Buffer.alloc(0) });
    },
  },
  'script-without-body': {
    description:
      'PUT …/scripts: which fields are required is not shown; this deployment accepts a request without a body and generates a script from defaults of its own',
    operations: ['generateFacelessScript', 'generateBRollScript', 'generateAiVisualsScript', 'generateUrlToVideoScript'],
    async handle({ exchange, upstream }) {
      if (exchange.body.length) return undefined;
      const body = Buffer.from(JSON.stringify({ topic: 'A topic the deployment chose', duration: 60 }));
      return upstream({
        ...exchange,
        headers: { ...exchange.headers, 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      });
    },
  },
  'guessed-method-405': {
    description: "the moodboard endpoints' methods are not shown; this deployment serves neither (405 with Allow)",
    operations: ['getStoryboardMoodboard', 'updateStoryboardMoodboard'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      if (answer.status === 401) return answer;
      return envelope(405, 'Method Not Allowed', { message: 'The method is not supported for this route.' }, answer, { allow: 'PUT' });
    },
  },
  'guessed-path-404': {
    description: 'the presets paths are not shown; this deployment has no GET /presets (404)',
    operations: ['listPresets'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      if (answer.status === 401) return answer;
      return envelope(404, 'Not Found', { message: 'Not found.', error: { code: 'GEN-NOT-FOUND' } }, answer);
    },
  },
};

export interface VariationsProxy {
  url: string;
  /** How often each variation changed an answer (a variation never used proves nothing). */
  used: Record<string, number>;
  close(): Promise<void>;
}

export async function startVariationsProxy(upstreamBaseUrl: string): Promise<VariationsProxy> {
  const base = new URL(upstreamBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const match = operationMatcher();
  const used: Record<string, number> = Object.fromEntries(Object.keys(VARIATIONS).map((name) => [name, 0]));
  const upstream = (exchange: UpstreamRequest) => send(new URL(exchange.url, base.origin), exchange);
  const server = await serve(async (exchange) => {
    const pathname = exchange.url.split('?')[0];
    const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
    const operation = match(exchange.method, below);
    if (operation) {
      for (const [name, variation] of Object.entries(VARIATIONS)) {
        if (!variation.operations.includes(operation.operationId)) continue;
        const answer = await variation.handle({ exchange, operation, upstream });
        if (answer) {
          used[name] += 1;
          return answer;
        }
      }
    }
    return upstream(exchange);
  });
  return { url: `http://127.0.0.1:${server.port}${basePath}`, used, close: server.close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [upstreamUrl] = process.argv.slice(2);
  if (!upstreamUrl) {
    console.error(
      `usage: tsx tests/servers/variations-proxy.ts <upstream base URL>\nvariations:\n${Object.entries(VARIATIONS)
        .map(([n, v]) => `  ${n}: ${v.description}`)
        .join('\n')}`,
    );
    process.exit(2);
  }
  startVariationsProxy(upstreamUrl).then((proxy) => console.log(proxy.url));
}
