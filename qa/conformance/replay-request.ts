// What replay may send, decided before anything is sent (replay.ts): a recorded request is data
// from a report file, which anyone may have edited. Replay sends only to the base URL it was told
// (--base-url or CONFORMANCE_BASE_URL), only below its path, only with the ordinary methods, and
// never with a recorded credential: the one token sent is CONFORMANCE_TOKEN's.
import type { RecordedRequest } from '../report/model.js';

/** The methods a recorded case may have; anything else (CONNECT, TRACE, a made-up one) is a bad case. */
export const REPLAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Recorded headers never sent: credentials (replay sends its own token) and what the HTTP stack sets itself. */
const DROPPED_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-mock-control-token',
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
]);

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The base URL replay sends to: --base-url, else CONFORMANCE_BASE_URL; never the report's own target unasked. */
export function replayBase(baseUrl: string | undefined, env: NodeJS.ProcessEnv, recordedTarget: string): URL {
  const raw = (baseUrl ?? env.CONFORMANCE_BASE_URL ?? '').trim();
  if (!raw)
    throw new Error(
      `replay sends only where it is told: give --base-url <url> or CONFORMANCE_BASE_URL (the report was recorded against ${recordedTarget}; to replay there, pass --base-url ${recordedTarget})`,
    );
  let base: URL;
  try {
    base = new URL(raw.replace(/\/+$/, ''));
  } catch {
    throw new Error(`the base URL must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(base.protocol) || base.search || base.hash || base.username || base.password)
    throw new Error(`the base URL must be an http(s) URL without query, fragment or credentials, got "${raw}"`);
  return base;
}

/** Why a recorded request is not sent (a bad case), or undefined when it may be sent to `base`. */
export function badCase(request: RecordedRequest, base: URL): string | undefined {
  const method = String(request.method ?? '');
  if (!REPLAY_METHODS.includes(method.toUpperCase()))
    return `method ${JSON.stringify(method)} is not one replay sends (${REPLAY_METHODS.join(', ')})`;
  if (request.body !== undefined && request.body !== null && typeof request.body !== 'string') return 'its body is not text';
  const headers = request.headers ?? {};
  if (typeof headers !== 'object' || Array.isArray(headers)) return 'its headers are not a name-value map';
  const badHeader = Object.entries(headers).find(([name, value]) => !HEADER_NAME.test(name) || /[\r\n\0]/.test(String(value)));
  if (badHeader) return `header ${JSON.stringify(badHeader[0])} is not one HTTP can carry`;
  const path = String(request.path ?? '');
  const pathOnly = path.split(/[?#]/, 1)[0];
  if (!pathOnly.startsWith('/') || pathOnly.startsWith('//') || pathOnly.includes('\\'))
    return `path ${JSON.stringify(path)} is not a path below the base URL (it must start with one "/")`;
  const segments = pathOnly.split('/').map((s) => s.replace(/%2e/gi, '.'));
  if (segments.some((s) => s === '.' || s === '..')) return `path ${JSON.stringify(path)} has a dot segment: it would leave the base URL`;
  const url = replayUrl(base, path);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`))
    return `path ${JSON.stringify(path)} leads outside the base URL ${base.href}`;
  return undefined;
}

/** The URL of a recorded path below the base (call badCase first). */
export function replayUrl(base: URL, path: string): URL {
  return new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}${path}`);
}

/** The recorded headers replay sends, credentials dropped, with CONFORMANCE_TOKEN's Authorization. */
export function replayHeaders(recorded: Record<string, string> | undefined, token: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded ?? {})) if (!DROPPED_HEADERS.has(name.toLowerCase())) headers[name] = String(value);
  headers.authorization = `Bearer ${token}`;
  return headers;
}
