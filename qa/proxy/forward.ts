// The recording, validating reverse proxy: every request under the API's base path is forwarded to
// the target unchanged (method, path below the base path, query, headers including Authorization,
// body bytes; only Host names the target and hop-by-hop headers are the connection's own), and the
// target's answer is returned unchanged (status, headers, body bytes). Only after the answer is
// sent does the checker look at the exchange, so checking never alters or delays the traffic.
// GET /__proxy/report answers the checker's report as JSON. What the proxy answers itself (its 404,
// 413, 502, 504) is in the API's error envelope with a PROXY-* code the API never sends.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLarge, HOP_BY_HOP, openUpstream, type UpstreamAnswer } from '../http-forward.js';
import { blockDecision } from './block.js';
import type { Checker } from '../checker/checker.js';
import { relayAndJudge } from './judge.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './settings.js';
import { readBody } from '../../lib/read-body.js';

export const REPORT_PATH = '/__proxy/report';

export interface ProxyOptions {
  target: URL;
  /** The API's base path served locally (/v2), read from the contract's servers. */
  basePath: string;
  port: number;
  checker: Checker;
  blockCharges?: boolean;
  /** Largest request body forwarded (PROXY_MAX_BODY_BYTES); larger ones are answered 413 here. */
  maxBodyBytes?: number;
  /** How long one exchange with the target may take (PROXY_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Largest answer body judged (PROXY_MAX_RESPONSE_BYTES, raw and decoded); larger ones stream through unjudged. */
  maxResponseBytes?: number;
  log?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Slow clients cannot hold the proxy: headers within 10 s, the whole request within 60 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
/** How long close() lets exchanges in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 2_000;

/**
 * An answer the proxy makes itself, in the API's error envelope (message, status, error.code) with
 * a code of its own that the API never sends, so no one mistakes it for the API's answer.
 */
export function proxyAnswer(status: number, code: string, message: string, headers: Record<string, string> = {}): UpstreamAnswer {
  return {
    status,
    statusText: http.STATUS_CODES[status] ?? '',
    headers: { 'content-type': 'application/json', 'x-proxy-answer': code, ...headers },
    body: Buffer.from(JSON.stringify({ message, status, error: { code } })),
  };
}

/** What every request handler needs of the proxy's settings. */
interface Proxy extends ProxyOptions {
  targetBase: string;
  log: (line: string) => void;
  maxBodyBytes: number;
  maxResponseBytes: number;
}

/** One request in the proxy's hands: how to answer it itself, and whether its body streams. */
interface Incoming {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  method: string;
  /** The checker reads JSON bodies, so those are read whole first; any other body streams to the target. */
  streamed: boolean;
  /**
   * Answers in the proxy's own name (once; never after the target's answer began). A streamed body
   * it did not read is Node's to drop once the answer is sent (the server dumps an unread request).
   */
  answered(answer: UpstreamAnswer): void;
}

const tooLarge = (p: Proxy) =>
  proxyAnswer(
    413,
    'PROXY-PAYLOAD-TOO-LARGE',
    `The request body is larger than the validating proxy forwards (PROXY_MAX_BODY_BYTES=${p.maxBodyBytes}); it was not forwarded.`,
    { connection: 'close' },
  );

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const proxy: Proxy = {
    ...options,
    targetBase: options.target.pathname.replace(/\/+$/, ''),
    log: options.log ?? (() => undefined),
    maxBodyBytes: options.maxBodyBytes ?? Number.POSITIVE_INFINITY,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  const server = http.createServer((req, res) => handle(proxy, incoming(req, res)));
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.basePath}`,
    port,
    close: () =>
      new Promise((resolve) => {
        // Stop listening, drop idle keep-alive sockets now, and cut slow or stuck exchanges after a
        // short grace, so a SIGTERM writes the reports and exits within seconds.
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }),
  };
}

function incoming(req: http.IncomingMessage, res: http.ServerResponse): Incoming {
  const method = req.method ?? 'GET';
  const streamed = streamable(req);
  const answered = (answer: UpstreamAnswer) => {
    if (res.headersSent) return;
    const out: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    if (answer.headers.connection === 'close') out.connection = 'close';
    // The length of the body (a HEAD's answer tells the length of the GET's, and sends none).
    out['content-length'] = answer.body.length;
    res.writeHead(answer.status, out);
    res.end(answer.body);
  };
  return { req, res, method, streamed, answered };
}

function handle(p: Proxy, x: Incoming): void {
  const { req, method } = x;
  const read: Promise<Buffer | undefined> =
    x.streamed && Number(req.headers['content-length'] ?? 0) <= p.maxBodyBytes
      ? Promise.resolve(EMPTY)
      : readBody(req, p.maxBodyBytes).then(({ body }) => body);
  read
    .then(
      (body) => {
        if (body !== undefined) return answerOrForward(p, x, body);
        x.answered(tooLarge(p));
        p.log(`refused ${method} ${req.url}: body over PROXY_MAX_BODY_BYTES=${p.maxBodyBytes}`);
      },
      (error: Error) => {
        p.log(`could not read the request ${method} ${req.url}: ${error.message}`);
        x.res.destroy();
      },
    )
    // A fault of the proxy itself: the client gets an answer in the envelope, never a hang.
    .catch((error: Error) => {
      p.log(`proxy fault on ${method} ${req.url}: ${error.stack ?? error.message}`);
      x.answered(proxyAnswer(500, 'PROXY-INTERNAL-ERROR', `The validating proxy failed on this request: ${error.message}`));
    });
}

/** The proxy's own paths (its report, anything outside the API), PROXY_BLOCK_CHARGES, then the target. */
function answerOrForward(p: Proxy, x: Incoming, body: Buffer): Promise<void> | undefined {
  const { req, method } = x;
  const { basePath } = p;
  const url = requestUrl(req.url ?? '/');
  const own = (answer: UpstreamAnswer): undefined => {
    x.answered(answer);
    return undefined;
  };
  if (!url) return own(proxyAnswer(400, 'PROXY-BAD-REQUEST', 'The request target is not a path the validating proxy can read.'));
  if (url.pathname === REPORT_PATH) {
    if (method !== 'GET') return own(proxyAnswer(405, 'PROXY-METHOD-NOT-ALLOWED', `${REPORT_PATH} answers GET only.`, { allow: 'GET' }));
    const report = Buffer.from(JSON.stringify(p.checker.report(), null, 2));
    return own({ status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, body: report });
  }
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
    const message = `The validating proxy serves the API under ${basePath} (and its report at ${REPORT_PATH}); ${url.pathname} is neither.`;
    return own(proxyAnswer(404, 'PROXY-NOT-FOUND', message));
  }
  if (p.blockCharges) {
    const match = (m: string, path: string) => p.checker.matchOperation(m, path);
    const blocked = blockDecision({ method, requestTarget: req.url ?? '/', headers: req.headers, basePath, match });
    if (blocked) {
      p.checker.blocked++;
      p.log(`blocked ${method} ${req.url} (${blocked.why}; PROXY_BLOCK_CHARGES=1)`);
      return own(blocked.answer);
    }
  }
  return forward(p, x, url, body);
}

/** The request to the target as it came; its answer streamed back and judged, or the failure answered. */
function forward(p: Proxy, x: Incoming, url: URL, body: Buffer): Promise<void> {
  const { req, method, streamed } = x;
  const below = url.pathname.slice(p.basePath.length) || '/';
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  if (body.length) headers['content-length'] = body.length;
  // A streamed body keeps the length its client announced (else it goes chunked).
  else if (streamed && req.headers['content-length'] !== undefined) headers['content-length'] = req.headers['content-length'];
  const upstream = new URL(`${p.targetBase}${below}${url.search}`, p.target.origin);
  const counted = { bytes: 0 };
  const request = () => ({
    method,
    path: below,
    query: url.searchParams,
    requestHeaders: headers,
    requestBody: body,
    ...(streamed ? { requestBodySize: counted.bytes } : {}),
  });
  const sent = streamed ? { source: req, maxBytes: p.maxBodyBytes, counted } : body;
  return openUpstream(upstream, { method, headers }, sent, p.timeoutMs).then(
    (answer) =>
      relayAndJudge(x.res, answer, { checker: p.checker, method, path: below, request, maxResponseBytes: p.maxResponseBytes, log: p.log }),
    (error: Error & { code?: string }) => failed(p, x, below, error),
  );
}

/** The target never answered (or the streamed body passed its limit): answered here, recorded. */
function failed(p: Proxy, x: Incoming, below: string, error: Error & { code?: string }): void {
  const { req, method } = x;
  if (error instanceof BodyTooLarge) {
    x.answered(tooLarge(p));
    p.log(`refused ${method} ${req.url}: streamed body passed PROXY_MAX_BODY_BYTES=${p.maxBodyBytes}; the target's request was abandoned`);
    return;
  }
  const found = p.checker.targetError(method, below, error);
  const origin = p.target.origin;
  x.answered(
    error.code === 'ETIMEDOUT'
      ? proxyAnswer(504, 'PROXY-TARGET-TIMEOUT', `The target ${origin} did not answer within ${p.timeoutMs} ms (PROXY_TIMEOUT_MS).`)
      : proxyAnswer(502, 'PROXY-TARGET-UNREACHABLE', `The validating proxy could not reach ${origin}: ${error.message}`),
  );
  if (found) p.log(`TARGET ERROR ${found.message}`);
}

const EMPTY = Buffer.alloc(0);

/**
 * The request target as a URL on the proxy: an origin-form target is a path, even one starting
 * with `//` (which a URL parser would take for a host); an absolute-form one keeps only its path
 * and query (the target's origin is the proxy's own choice). Undefined when it is no URL at all.
 */
function requestUrl(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://proxy.local${target}`) : new URL(target, 'http://proxy.local');
  } catch {
    return undefined;
  }
}

/** A request whose body the checker does not read: one with a declared type that is not JSON. */
function streamable(req: http.IncomingMessage): boolean {
  const type = req.headers['content-type'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  return hasBody && typeof type === 'string' && type.trim() !== '' && !/json/i.test(type);
}
