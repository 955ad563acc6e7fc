// What the core reads and what it sends back, and how an answer becomes a reply: the shapes both
// adapters (mock/server.ts, mock/msw.ts) and the parts of the core (the API, the control plane's
// gate) share.
import type { Answer } from './errors.js';
import { redactToken } from './control/journal.js';
import type { ApiRequest } from '../lib/contract/index.js';

/** A request as the core reads it: header names in lower case, the body as bytes or text. */
export interface CoreRequest {
  method: string;
  /** The request target as sent: `/v2/me?x=1` (an absolute URL works too). */
  url: string;
  headers: Record<string, string | undefined>;
  /**
   * The raw body (already within MOCK_MAX_BODY_BYTES: the adapter enforces it while reading). Bytes
   * are decoded strictly as UTF-8, so invalid UTF-8 in JSON is refused rather than silently changed;
   * a string is taken as it is.
   */
  body: string | Uint8Array;
  /**
   * The request came over a socket (the Node server): its Host header is then what a browser put
   * there, and /__mock, the console and the docs answer only to loopback names and MOCK_ALLOWED_HOSTS.
   * In process (MSW, the control client) nothing reaches the network, so there is no Host to check.
   */
  socket?: boolean;
  /** The absolute base URL links in answers use (`http://127.0.0.1:4010/v2`): the mock's own, never the request's Host. */
  baseUrl?: string;
}

/** The core's reply: a status, headers, and the body text (empty for none). */
export interface CoreReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a CORS preflight to the API is granted (Allow-Headers: the requested ones when named). */
export const PREFLIGHT_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Prefer',
  'Access-Control-Max-Age': '600',
} as const;

/** Who is answered, as the router read the request: its headers (Origin, what a preflight asks for). */
type Caller = Pick<ApiRequest, 'headers'>;

/** The CORS headers every answer a page may read carries. */
function corsHeaders(caller: Caller): Record<string, string> {
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': caller.headers.origin ?? '*',
    'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
  };
}

/** The grant of a CORS preflight (the router's `preflight`): 204, the methods and the headers asked for. */
export function preflightReply(caller: Caller): CoreReply {
  const headers = corsHeaders(caller);
  headers['Access-Control-Allow-Methods'] = PREFLIGHT_HEADERS['Access-Control-Allow-Methods'];
  headers['Access-Control-Allow-Headers'] =
    caller.headers['access-control-request-headers'] ?? PREFLIGHT_HEADERS['Access-Control-Allow-Headers'];
  headers['Access-Control-Max-Age'] = PREFLIGHT_HEADERS['Access-Control-Max-Age'];
  return { status: 204, headers, body: '' };
}

/** Headers and body of an answer: CORS on every API answer, so a browser app on another origin can
 * read bodies and rate headers; the control plane passes cors=false for origins it does not trust. */
export function toReply(caller: Caller, answer: Answer, rateHeaders: Record<string, string | number>, cors = true): CoreReply {
  const headers: Record<string, string> = cors ? corsHeaders(caller) : { Vary: 'Origin' };
  if (cors) for (const name in rateHeaders) headers[name] = String(rateHeaders[name]);
  // Only the answer's own headers can name a Content-Type (the ones above never do).
  let type: string | undefined;
  for (const name in answer.headers) {
    headers[name] = String(answer.headers[name]);
    if (type === undefined && name.toLowerCase() === 'content-type') type = name;
  }
  if (!type) headers['Content-Type'] = 'application/json';
  const html = String(headers[type ?? 'Content-Type']).startsWith('text/html');
  const body = answer.body === undefined ? '' : html ? String(answer.body) : JSON.stringify(answer.body);
  return { status: answer.status, headers, body };
}

/** The mock's own absolute base URL (`http://[::1]:4010/v2`): an IPv6 host in brackets. */
export function ownBaseUrl(host: string, port: number, basePath: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`;
}

/** How the request log names a token: mock tokens by name, others shortened. */
export function describeToken(token: string | undefined): string {
  const shown = redactToken(token);
  if (!shown) return '(no token)';
  return token!.startsWith('mock-') ? shown : `token ${shown}`;
}
