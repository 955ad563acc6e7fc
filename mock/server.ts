// The mock as a Node HTTP server: a thin adapter over the core (mock/core.ts). It reads the body
// (refusing one over MOCK_MAX_BODY_BYTES before reading it whole), hands the request to the core
// and writes the core's reply; it also owns what only a socket has: time limits and closing.
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { Contract } from './contract.js';
import type { MockConfig } from './config.js';
import { createMockCore, type CoreOptions, type CoreReply, type MockCore } from './core.js';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How long close() lets requests in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 2_000;

export interface MockServer {
  url: string;
  config: MockConfig;
  core: MockCore;
  close(): Promise<void>;
}

/** The mock with settings from `env` (the MOCK_* variables); listen() opens the port. */
export async function createMock(env: NodeJS.ProcessEnv = process.env, contract?: Contract) {
  const file = env.MOCK_SCENARIO;
  const scenario = file ? { text: readFileSync(file, 'utf8'), source: `MOCK_SCENARIO=${file}` } : undefined;
  return fromCore(await createMockCore({ env, contract, scenario }));
}

/** The server over a core made from these options (startMock's way in). */
export async function serve(options: CoreOptions): Promise<MockServer> {
  return fromCore(await createMockCore(options)).listen();
}

function fromCore(core: MockCore) {
  const { config } = core;

  // The address links in answers use: set once listening (the port may be chosen then).
  let baseUrl: string | undefined;
  const server = http.createServer((req, res) => {
    const reply = (answer: CoreReply) => {
      if (res.headersSent) return;
      res.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(answer.body) });
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    };
    readBody(req, config.maxBodyBytes)
      .then((body) =>
        body === undefined
          ? core.tooLarge()
          : core.answer({ method: req.method ?? 'GET', url: req.url ?? '/', headers: headersOf(req), body, socket: true, baseUrl }),
      )
      .then(reply, (error) => {
        console.error('mock: fault while answering', error);
        res.destroy();
      });
  });
  server.keepAliveTimeout = 5_000;
  // Slow clients cannot hold a connection: the headers must arrive within 10 s and the whole request
  // within 30 s (Node's default is 300 s), else Node answers 408 and closes it.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;

  return {
    config,
    contract: core.contract,
    core,
    async listen(port = config.port, host = config.host): Promise<MockServer> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${config.basePath}`;
      return {
        url: baseUrl,
        config,
        core,
        close: () =>
          new Promise<void>((resolve) => {
            // Stop listening, drop idle keep-alive sockets now, and cut requests still in flight
            // (a slow or stuck client) after a short grace, so the process can exit.
            server.close(() => resolve());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
          }),
      };
    },
  };
}

/** Node's headers with one value each (repeated headers joined, as Fetch's Headers does). */
function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** The body's bytes, or undefined as soon as it is known to pass the limit (never read whole). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    req.resume();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
