// The recording, validating reverse proxy: every request under the API's base path is forwarded to
// the target unchanged (method, path below the base path, query, headers including Authorization,
// body bytes; only Host names the target and hop-by-hop headers are the connection's own), and the
// target's answer is returned unchanged (status, headers, body bytes). Only after the answer is
// sent does the checker look at the exchange, so checking never alters or delays the traffic.
// GET /__proxy/report answers the checker's report as JSON.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOP_BY_HOP, send, type Answer } from '../http-forward.js';
import { blockedAnswer } from './block.js';
import type { Checker } from '../checker/checker.js';

export const REPORT_PATH = '/__proxy/report';

export interface ProxyOptions {
  target: URL;
  /** The API's base path served locally (/v2), read from the contract's servers. */
  basePath: string;
  port: number;
  checker: Checker;
  blockCharges?: boolean;
  log?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { target, basePath, checker } = options;
  const targetBase = target.pathname.replace(/\/+$/, '');
  const log = options.log ?? (() => undefined);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://proxy.local');
      if (url.pathname === REPORT_PATH) {
        const text = JSON.stringify(checker.report(), null, 2);
        res.writeHead(req.method === 'GET' ? 200 : 405, {
          'content-type': 'application/json',
          ...(req.method === 'GET' ? {} : { allow: 'GET' }),
        });
        res.end(req.method === 'GET' ? text : JSON.stringify({ message: `${REPORT_PATH} answers GET only` }));
        return;
      }
      if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            message: `The validating proxy serves the API under ${basePath} (and its report at ${REPORT_PATH}); ${url.pathname} is neither.`,
          }),
        );
        return;
      }
      const below = url.pathname.slice(basePath.length) || '/';
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
      if (body.length) headers['content-length'] = body.length;
      const method = req.method ?? 'GET';
      const match = checker.matchOperation(method, below);

      const answered = (answer: Answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        // A HEAD answer has no body but tells the length of the GET's: keep the target's figure.
        out['content-length'] =
          method === 'HEAD' && answer.headers['content-length'] !== undefined ? answer.headers['content-length'] : answer.body.length;
        res.writeHead(answer.status, answer.statusText || undefined, out);
        res.end(answer.body);
      };

      if (options.blockCharges && match?.op.credits?.charges) {
        checker.blocked++;
        answered(blockedAnswer(match.op));
        log(`blocked ${method} ${url.pathname} (${match.op.id} charges credits; PROXY_BLOCK_CHARGES=1)`);
        return;
      }
      const upstream = new URL(`${targetBase}${below}${url.search}`, target.origin);
      send(upstream, { method, headers, body })
        .then((answer) => {
          answered(answer);
          try {
            checker.check({
              method,
              path: below,
              query: url.searchParams,
              requestHeaders: headers,
              requestBody: body,
              status: answer.status,
              responseHeaders: answer.headers,
              responseBody: answer.body,
              at: Date.now(),
            });
          } catch (error) {
            log(`checker fault on ${method} ${url.pathname}: ${(error as Error).stack ?? error}`);
          }
        })
        .catch((error: Error) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `The validating proxy could not reach ${target.origin}: ${error.message}`, status: 502 }));
          log(`could not reach the target for ${method} ${url.pathname}: ${error.message}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
