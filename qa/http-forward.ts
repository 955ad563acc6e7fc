// One raw HTTP exchange with an upstream server, used by the throttle and the fault proxy.
// node's http, not fetch: fetch refuses TRACE and decodes bodies; here bytes pass through unchanged.
import http from 'node:http';
import https from 'node:https';
import { readBody } from '../lib/read-body.js';

/** A request as sent upstream: bytes and headers exactly as given. */
export interface UpstreamRequest {
  method: string;
  url: string;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}
/** What the upstream answered, body undecoded. */
export interface UpstreamAnswer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
  'content-length',
]);

/** How long an upstream exchange may take by default (the proxy sets its own: PROXY_TIMEOUT_MS). */
export const DEFAULT_TIMEOUT_MS = 180_000;

/** An upstream that answered nothing in time: the error's code is ETIMEDOUT. */
export class UpstreamTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

export function send(
  target: URL,
  { method, headers, body }: Omit<UpstreamRequest, 'url'>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<UpstreamAnswer> {
  return openUpstream(target, { method, headers }, body, timeoutMs).then(
    (res) =>
      new Promise<UpstreamAnswer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 502,
            statusText: res.statusMessage ?? '',
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      }),
  );
}

/** A streamed body passed its limit while on its way: the upstream request was abandoned. */
export class BodyTooLarge extends Error {
  readonly code = 'EBODYTOOLARGE';
}

/** A request body piped from `source` as it arrives (never held whole), counted; past `maxBytes` it is cut. */
export interface StreamedBody {
  source: http.IncomingMessage;
  maxBytes: number;
  counted: { bytes: number };
}

/**
 * One exchange with an upstream server, resolved as soon as the answer's head arrives: its body is
 * the caller's to read (or stream on). The timeout covers the whole exchange, body included: a
 * target that trickles bytes times out too; the answer then ends in an UpstreamTimeout error.
 */
export function openUpstream(
  target: URL,
  { method, headers }: Omit<UpstreamRequest, 'url' | 'body'>,
  body: Buffer | StreamedBody,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<http.IncomingMessage> {
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answer: http.IncomingMessage | undefined;
    const req = client.request(target, { method, headers: { ...headers, host: target.host } }, (res) => {
      answer = res;
      res.on('close', () => clearTimeout(timer));
      resolve(res);
    });
    const timer = setTimeout(() => {
      const error = new UpstreamTimeout(`timed out after ${timeoutMs} ms`);
      if (answer) answer.destroy(error);
      else req.destroy(error);
    }, timeoutMs);
    timer.unref();
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    if (Buffer.isBuffer(body)) req.end(body.length ? body : undefined);
    else pipeBody(body, req, reject);
  });
}

function pipeBody({ source, maxBytes, counted }: StreamedBody, req: http.ClientRequest, reject: (error: Error) => void): void {
  source.on('data', (chunk: Buffer) => {
    counted.bytes += chunk.length;
    if (counted.bytes > maxBytes) {
      source.removeAllListeners('data');
      source.resume();
      reject(new BodyTooLarge(`the request body passed ${maxBytes} bytes`));
      req.destroy();
      return;
    }
    if (!req.write(chunk)) {
      source.pause();
      req.once('drain', () => source.resume());
    }
  });
  source.on('end', () => req.end());
  source.on('error', (error) => {
    reject(error);
    req.destroy();
  });
}

export function header(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? String(value[0]) : String(value);
}

/** A local server on a free loopback port that hands each buffered request to `handle`. */
export async function serve(
  handle: (exchange: UpstreamRequest) => Promise<UpstreamAnswer>,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    readBody(req, Number.POSITIVE_INFINITY)
      .then(({ body = Buffer.alloc(0) }) => {
        const headers: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
        if (body.length) headers['content-length'] = body.length;
        return handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body });
      })
      .then((answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        out['content-length'] = answer.body.length;
        res.writeHead(answer.status, answer.statusText || undefined, out);
        res.end(answer.body);
      })
      .catch((error: Error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`could not reach the upstream server: ${error.message}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
