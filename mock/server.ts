// The mock as a Node HTTP server: a thin adapter over the core (mock/core.ts). It reads the body
// (refusing one over MOCK_MAX_BODY_BYTES before reading it whole), hands the request to the core
// and writes the core's reply; it also owns what only a socket has: time limits and closing.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import type { MockContract } from './contract.js';
import type { MockConfig } from './config.js';
import { createMockCore, type CoreOptions, type CoreReply, type CoreRequest, type MockCore } from './core.js';
import { readBody } from '../lib/read-body.js';
import { ownBaseUrl } from './reply.js';

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
export async function createMock(env: NodeJS.ProcessEnv = process.env, contract?: MockContract) {
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
  const headersTimeout = config.headersTimeoutMs;
  const server = http.createServer(
    {
      // Slow clients cannot hold a connection: the headers must arrive within 10 s and the whole
      // request within 30 s (Node's default is 300 s), else Node answers 408 and closes it. Node
      // looks for late requests every connectionsCheckingInterval (30 s by default, which made the
      // 10 s limit fire at 30 s): a quarter of the headers limit, at most a second.
      headersTimeout,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
    (req, res) => handle(core, req, res, baseUrl),
  );
  server.keepAliveTimeout = 5_000;

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
      baseUrl = ownBaseUrl(host, address.port, config.basePath);
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

/** One request: its body read (or refused), the core's reply written. */
function handle(core: MockCore, req: IncomingMessage, res: ServerResponse, baseUrl: string | undefined): void {
  // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3):
  // answered without waiting for its end (Node discards the empty rest when the answer is sent).
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    core.answer(requestOf(req, EMPTY, baseUrl)).then(
      (answer) => reply(req, res, answer),
      (error) => fault(res, error),
    );
    return;
  }
  readBody(req, core.config.maxBodyBytes, { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS })
    .then(({ body, cut }) => {
      if (body !== undefined) return core.answer(requestOf(req, body, baseUrl));
      // A body that does not end: the connection closes a moment after the 413 (lingerOnClose).
      if (cut) lingerOnClose(req.socket);
      const refused = core.tooLarge();
      return { ...refused, headers: { ...refused.headers, Connection: 'close' } };
    })
    .then(
      (answer) => reply(req, res, answer),
      (error) => fault(res, error),
    );
}

const EMPTY = new Uint8Array(0);

function requestOf(req: IncomingMessage, body: Uint8Array, baseUrl: string | undefined): CoreRequest {
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers: headersOf(req), body, socket: true, baseUrl };
}

/** Writes the core's reply (its headers object is this reply's own: Content-Length is added to it). */
function reply(req: IncomingMessage, res: ServerResponse, answer: CoreReply): void {
  if (res.headersSent) return;
  answer.headers['Content-Length'] = String(Buffer.byteLength(answer.body));
  res.writeHead(answer.status, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/**
 * Closing a connection at once while the client's bytes still arrive makes the close a reset, and a
 * reset can drop the answer before the client has read it. Node closes a `Connection: close`
 * connection right after the answer (destroySoon); for this one, it sends its end and goes on
 * discarding what arrives for LINGER_MS, then closes.
 */
function lingerOnClose(socket: Socket): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS);
  };
}

function fault(res: ServerResponse, error: unknown): void {
  console.error('mock: fault while answering', error);
  res.destroy();
}

/** Node's headers with one value each (repeated headers joined, as Fetch's Headers does). */
function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  const sent = req.headers;
  for (const name in sent) {
    const value = sent[name];
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** How much of a refused body is read and discarded before the 413, and for how long at most. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 5_000;
/** How long a connection whose body did not end stays open after its 413, discarding what arrives. */
const LINGER_MS = 1_000;
