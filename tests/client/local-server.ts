// A tiny scripted HTTP server on a free port, for client tests that need exact answers (429s,
// timeouts, state sequences) the mock does not give on demand. Records every request it sees.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
export type Handler = (req: SeenRequest, count: number) => Reply | Promise<Reply>;

export interface LocalServer {
  baseUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(request);
      const reply = await handler(request, seen.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The API's success envelope. */
export const ok = (data: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  body: { message: 'Success.', status, data },
  headers,
});
/** The API's error envelope. */
export const fail = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
): Reply => ({ status, body: { message, status, error: { code }, ...extra }, headers });
