// A staging stand-in: an ordinary front server (what nginx, a CDN or an API gateway does) in front
// of the real mock process. It decodes percent-escapes of unreserved characters before routing
// (/faceless/1/%72ender reaches /faceless/1/render), and decodes the rest the sloppy way some do: an
// encoded `?` or `#` ends the path there (render%3Fx reaches render), an encoded whitespace or
// control character is dropped (ren%0Ader and render%20 reach render). It compresses answers when the client asks
// (br, gzip or deflate by Accept-Encoding, with Node's zlib), keeps connections alive, and sends
// every body it compresses in chunked transfer encoding. It records the exact bytes of each answer
// it sent, so a test can compare them with what a client of the proxy received. A request header
// `x-front-fault: corrupt-gzip` makes it send a body labelled gzip that is not gzip.
//
// By hand:  tsx tests/servers/front-server.ts <mock base URL>   (prints the front server's base URL)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface SentAnswer {
  method: string;
  /** The path as the client sent it, before this server decoded it. */
  url: string;
  /** The path this server routed to the mock. */
  routed: string;
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** The body bytes as sent (compressed when Content-Encoding says so). */
  body: Buffer;
}

export interface FrontServer {
  url: string;
  sent: SentAnswer[];
  close(): Promise<void>;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host', 'te', 'trailer', 'upgrade']);

/**
 * This server's own decoding, as such servers do it: unreserved escapes become their characters,
 * an encoded `?` or `#` ends the path, an encoded whitespace or control character is dropped.
 */
function decodeUnreservedEscapes(path: string): string {
  const end = path.search(/%(3f|23)/i);
  return (end >= 0 ? path.slice(0, end) : path).replace(/%([0-9a-fA-F]{2})/g, (written, hex: string) => {
    const code = Number.parseInt(hex, 16);
    if (code <= 0x20 || code === 0x7f) return '';
    const char = String.fromCharCode(code);
    return UNRESERVED.test(char) ? char : written;
  });
}

/** The coding this server picks: its own preference (br, gzip, deflate) among those the client accepts (q > 0). */
export function pickCoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'deflate' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  return (['br', 'gzip', 'deflate'] as const).find((c) => (accepted.get(c) ?? accepted.get('*') ?? 0) > 0);
}

function compress(coding: 'br' | 'gzip' | 'deflate', body: Buffer): Buffer {
  if (coding === 'br') return zlib.brotliCompressSync(body);
  return coding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body);
}

/** Forwards one request to the mock over a kept-alive connection; the answer comes back whole. */
function toMock(agent: http.Agent, upstream: URL, req: http.IncomingMessage, path: string, body: Buffer) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name) && name !== 'accept-encoding') headers[name] = value;
  if (body.length) headers['content-length'] = body.length;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const out = http.request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

/** Writes `body` in pieces so it really goes out chunked. */
function writeChunked(res: http.ServerResponse, body: Buffer): void {
  for (let at = 0; at < body.length; at += 1024) res.write(body.subarray(at, at + 1024));
  res.end();
}

export async function startFrontServer(upstreamBaseUrl: string): Promise<FrontServer> {
  const upstream = new URL(upstreamBaseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const sent: SentAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const [rawPath, query] = [url.split('?')[0], url.includes('?') ? url.slice(url.indexOf('?')) : ''];
      const routed = decodeUnreservedEscapes(rawPath) + query;
      toMock(agent, upstream, req, routed, Buffer.concat(chunks))
        .then((answer) => {
          const headers: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers)) if (!HOP.has(name)) headers[name] = value;
          const coding = req.method === 'HEAD' || !answer.body.length ? undefined : pickCoding(req.headers['accept-encoding']);
          let body = answer.body;
          if (req.headers['x-front-fault'] === 'corrupt-gzip') {
            headers['content-encoding'] = 'gzip';
            body = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0]), Buffer.from('this is not a deflate stream at all')]);
          } else if (coding) {
            headers['content-encoding'] = coding;
            headers.vary = 'Accept-Encoding';
            body = compress(coding, answer.body);
          } else headers['content-length'] = body.length;
          sent.push({ method: req.method ?? 'GET', url, routed, status: answer.status, headers, body });
          res.writeHead(answer.status, headers);
          if (headers['content-length'] === undefined) writeChunked(res, body);
          else res.end(body);
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`front server: ${error.message}`);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/+$/, '')}`,
    sent,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// By hand: prints the front server's base URL, to use as PROXY_TARGET.
if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: tsx tests/servers/front-server.ts <mock base URL, e.g. http://127.0.0.1:4010/v2>');
  void startFrontServer(target).then((front) => console.log(front.url));
}
