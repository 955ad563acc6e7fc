// A deliberately broken server for testing the conformance suite itself: a proxy in front of the
// mock (or any deployment) that injects exactly one fault into the operations it targets and
// passes everything else through unchanged. tests/qa/conformance-faults.test.ts runs the suite through
// it, one fault per run, and asserts Schemathesis reports the fault.
//
// By hand:  tsx tests/servers/fault-proxy.ts <upstream base URL> <fault> [token]
//           (prints the proxy's base URL; point CONFORMANCE_BASE_URL at it)
import { PathMatcher } from '../../lib/contract/index.js';
import { operationFacts, type OperationFact } from '../../qa/conformance/contract-facts.js';
import { header, send, serve, type UpstreamAnswer, type UpstreamRequest } from '../../qa/http-forward.js';

export interface FaultContext {
  exchange: UpstreamRequest;
  operation: OperationFact | undefined;
  /** Forward a (possibly altered) request to the upstream server. */
  upstream(exchange: UpstreamRequest): Promise<UpstreamAnswer>;
  /** The token the run uses: a valid credential upstream. */
  token: string;
}

export interface Fault {
  description: string;
  /** The operations the fault is injected into (elsewhere the proxy is transparent). */
  operations: string[];
  handle(ctx: FaultContext): Promise<UpstreamAnswer>;
}

const isJson = (a: UpstreamAnswer) => /json/i.test(header(a.headers, 'content-type') ?? '');
const ok = (a: UpstreamAnswer) => a.status >= 200 && a.status < 300;

/** Rewrite the JSON body of a successful answer. */
function editBody(answer: UpstreamAnswer, edit: (body: any) => void): UpstreamAnswer {
  if (!ok(answer) || !isJson(answer)) return answer;
  const body = JSON.parse(answer.body.toString('utf8'));
  edit(body);
  return { ...answer, body: Buffer.from(JSON.stringify(body)) };
}

function envelopeError(status: number, statusText: string, message: string, code: string, like: UpstreamAnswer): UpstreamAnswer {
  const headers = { ...like.headers, 'content-type': 'application/json' };
  return { status, statusText, headers, body: Buffer.from(JSON.stringify({ message, error: { code } })) };
}

export const FAULTS: Record<string, Fault> = {
  'wrong-status': {
    description: 'a success answered with a status code the contract does not declare (200 becomes 201)',
    operations: ['getMe'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      return answer.status === 200 ? { ...answer, status: 201, statusText: 'Created' } : answer;
    },
  },
  'missing-rate-limit-header': {
    description: 'X-RateLimit-Remaining dropped from every response',
    operations: ['getMe'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      const headers = { ...answer.headers };
      delete headers['x-ratelimit-remaining'];
      return { ...answer, headers };
    },
  },
  'wrong-enum': {
    description: 'a faceless video whose type is not one of the enum values',
    operations: ['createFacelessVideo'],
    async handle({ exchange, upstream }) {
      return editBody(await upstream(exchange), (body) => {
        if (body?.data) body.data.type = 'vlog';
      });
    },
  },
  'missing-required-field': {
    description: 'the account profile without its required email',
    operations: ['getMe'],
    async handle({ exchange, upstream }) {
      return editBody(await upstream(exchange), (body) => {
        if (body?.data) delete body.data.email;
      });
    },
  },
  'number-for-string': {
    description: 'the account name sent as a number',
    operations: ['getMe'],
    async handle({ exchange, upstream }) {
      return editBody(await upstream(exchange), (body) => {
        if (body?.data) body.data.name = 42;
      });
    },
  },
  'ignores-auth': {
    description: 'requests without a valid token are served as if authenticated',
    operations: ['getMe'],
    async handle({ exchange, upstream, token }) {
      return upstream({ ...exchange, headers: { ...exchange.headers, authorization: `Bearer ${token}` } });
    },
  },
  'server-error': {
    description: 'every call answers 500 GEN-API-ERROR',
    operations: ['getCreditCosts'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      return envelopeError(500, 'Internal Server Error', 'Server Error', 'GEN-API-ERROR', answer);
    },
  },
  'wrong-content-type': {
    description: 'JSON bodies labelled text/html',
    operations: ['getMe'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      return { ...answer, headers: { ...answer.headers, 'content-type': 'text/html; charset=utf-8' } };
    },
  },
  'accepts-out-of-range': {
    description:
      'query validation switched off: invalid or out-of-range parameters (per_page 0 or 51, page 0, order "sideways") are ignored and the list is served',
    operations: ['listCreditHistory'],
    async handle({ exchange, upstream }) {
      const answer = await upstream(exchange);
      if (answer.status !== 400 && answer.status !== 422) return answer;
      return upstream({ ...exchange, url: exchange.url.split('?')[0] });
    },
  },
  // On the typed surface: Schemathesis only judges a 404 after a create when the link supplies every
  // parameter of the GET, and GET /faceless/{faceless} also takes `include`.
  'created-not-fetchable': {
    description: 'a b-roll video is created, but fetching it by its id answers 404 GEN-NOT-FOUND',
    operations: ['createBRollVideo', 'getBRollVideo'],
    async handle({ exchange, upstream, operation }) {
      const answer = await upstream(exchange);
      if (operation?.operationId !== 'getBRollVideo' || !ok(answer)) return answer;
      return envelopeError(404, 'Not Found', 'Not found.', 'GEN-NOT-FOUND', answer);
    },
  },
};

/** Match a request path (below the base path) to the contract's operation: the contract model's one path matcher. */
export function operationMatcher(facts = operationFacts()): (method: string, path: string) => OperationFact | undefined {
  const matcher = new PathMatcher(facts);
  return (method, path) => {
    const m = matcher.match(method, path);
    return m.kind === 'operation' ? m.op : undefined;
  };
}

export interface FaultProxy {
  url: string;
  /** Every request the proxy saw, with the operation it matched. */
  seen: { method: string; path: string; operationId?: string }[];
  close(): Promise<void>;
}

/** `fault` may be 'none': a transparent, recording proxy (the control run, the safety test). */
export async function startFaultProxy(upstreamBaseUrl: string, fault: string | Fault, token: string): Promise<FaultProxy> {
  const chosen = typeof fault !== 'string' ? fault : fault === 'none' ? undefined : FAULTS[fault];
  if (fault !== 'none' && !chosen) throw new Error(`unknown fault "${fault}"; known: ${Object.keys(FAULTS).join(', ')}`);
  const base = new URL(upstreamBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const match = operationMatcher();
  const seen: FaultProxy['seen'] = [];
  const upstream = (exchange: UpstreamRequest) => send(new URL(exchange.url, base.origin), exchange);

  const server = await serve(async (exchange) => {
    const pathname = exchange.url.split('?')[0];
    const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) || '/' : pathname;
    const operation = match(exchange.method, below);
    seen.push({ method: exchange.method, path: below, operationId: operation?.operationId });
    if (chosen && operation && chosen.operations.includes(operation.operationId)) {
      return chosen.handle({ exchange, operation, upstream, token });
    }
    return upstream(exchange);
  });
  return { url: `http://127.0.0.1:${server.port}${basePath}`, seen, close: server.close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [upstreamUrl, fault, token = 'conformance-faults'] = process.argv.slice(2);
  if (!upstreamUrl || !fault) {
    console.error(
      `usage: tsx tests/servers/fault-proxy.ts <upstream base URL> <fault|none> [token]\nfaults:\n${Object.entries(FAULTS)
        .map(([n, f]) => `  ${n}: ${f.description}`)
        .join('\n')}`,
    );
    process.exit(2);
  }
  startFaultProxy(upstreamUrl, fault, token).then((proxy) => console.log(proxy.url));
}
