// What a finding keeps of the request that showed it, so report.html's "Reproduce" line sends the
// same request again: the query string and the body, within RECORDED_BODY_CAP (marked when cut).
// Credentials are never kept: no header is (the reproduction names the token as a placeholder),
// and query parameters and JSON fields whose names say they are secrets are replaced by <redacted>.
import { withArticle } from '../../lib/contract/index.js';
import type { Observed } from './types.js';

/** The most bytes of a request body a finding keeps (4 KB: any API request but an upload fits). */
export const RECORDED_BODY_CAP = 4096;
export const REDACTED = '<redacted>';

/** Names of query parameters and JSON fields whose values are secrets. */
const SECRET_NAME = /token|secret|password|passwd|authorization|cookie|api[-_]?key|credential|session/i;

export interface FindingRequest {
  /** The query string as sent, with a leading "?" (secret values redacted). */
  query?: string;
  /** The request's Content-Type header. */
  contentType?: string;
  /** The body as text (secret JSON fields redacted), at most RECORDED_BODY_CAP bytes. */
  body?: string;
  /** The body's size in bytes, as sent. */
  bodyBytes?: number;
  /** True when `body` is only the first RECORDED_BODY_CAP bytes of it. */
  bodyCut?: boolean;
  /** Why the body is not kept (not text, or streamed through unkept). */
  bodyNotKept?: string;
}

function redactQuery(query: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const [name, value] of query) out.append(name, SECRET_NAME.test(name) ? REDACTED : value);
  const text = out.toString();
  return text ? `?${text}` : '';
}

function redactJson(value: unknown, depth = 0): unknown {
  if (depth > 64 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? REDACTED : redactJson(v, depth + 1)]));
}

/** The body's text with secret JSON fields redacted; undefined when it is not text a curl can send. */
function bodyText(bytes: Buffer, contentType: string): string | undefined {
  if (!/json|text|x-www-form-urlencoded|xml/i.test(contentType)) return undefined;
  const text = bytes.toString('utf8');
  if (/json/i.test(contentType)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return text;
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType)) return redactQuery(new URLSearchParams(text)).slice(1);
  return text;
}

/** What a finding keeps of the exchange's request; undefined when it had neither query nor body. */
export function findingRequest(ex: Observed): FindingRequest | undefined {
  const query = redactQuery(ex.query);
  const size = ex.requestBodySize ?? ex.requestBody.length;
  const contentType = String(ex.requestHeaders['content-type'] ?? '');
  if (!query && !size) return undefined;
  const out: FindingRequest = { ...(query ? { query } : {}) };
  if (!size) return out;
  Object.assign(out, { bodyBytes: size, ...(contentType ? { contentType } : {}) });
  const text = ex.requestBody.length ? bodyText(ex.requestBody, contentType) : undefined;
  if (text === undefined) {
    out.bodyNotKept = ex.requestBody.length ? `${withArticle(contentType || 'binary')} body is not kept` : 'streamed through, not kept';
    return out;
  }
  const bytes = Buffer.from(text, 'utf8');
  out.body =
    bytes.length > RECORDED_BODY_CAP
      ? bytes
          .subarray(0, RECORDED_BODY_CAP)
          .toString('utf8')
          .replace(/\uFFFD$/, '')
      : text;
  if (bytes.length > RECORDED_BODY_CAP) out.bodyCut = true;
  return out;
}
