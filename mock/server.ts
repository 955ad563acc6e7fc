// The HTTP front of the mock: CORS, the control plane, the rate limit, then the API's request
// pipeline (mock/pipeline/: route, faults, gate, validate, controls, state) and the journal.
// Every answer is the API's envelope.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract } from './contract.js';
import { loadConfig, type MockConfig } from './config.js';
import { priceList } from './costs.js';
import { ApiError, Errors, type Answer } from './errors.js';
import { createPrism, type Prism } from './prism.js';
import { RateLimiter } from './rate-limit.js';
import { StatefulApi } from './state/api.js';
import { Machines } from './state/machines.js';
import { Resources } from './state/resources.js';
import { Store } from './state/store.js';
import { bearerToken } from './tokens.js';
import { Clock } from './control/clock.js';
import { Faults } from './control/faults.js';
import { Journal, redactToken } from './control/journal.js';
import { ControlPlane } from './control/plane.js';
import { controlOriginAllowed, controlWriteTypeAllowed, hasDotSegment } from './control/origin.js';
import { pipeline, type Trace } from './pipeline/index.js';
import { DocsRoute } from './docs/route.js';
import { readFileSync } from 'node:fs';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How long close() lets requests in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 2_000;

export interface MockServer {
  url: string;
  config: MockConfig;
  close(): Promise<void>;
}

export async function createMock(env: NodeJS.ProcessEnv = process.env, contract = Contract.load()) {
  const config = loadConfig(contract, env);
  // Prism rewrites the document it is given (it resolves references in place): give it a copy.
  const prism = await createPrism(structuredClone(contract.doc));
  const errors = new Errors(contract);
  const machines = new Machines(contract, config.stepMs);
  const resources = new Resources(contract, machines);
  // A paid account starts with the balance of the contract's profile example.
  const startingCredits = Object.values(contract.examples(contract.op('getMe')))[0]?.data?.credits?.remaining;
  const store = new Store((kind) => (kind === 'broke' ? 0 : startingCredits));
  const api = new StatefulApi(contract, machines, resources, priceList(contract), errors, {
    includeAllowlist: config.includeAllowlist,
    socialHosts: config.socialHosts,
  });
  const limiter = new RateLimiter(config.advertisedLimit, config.rateLimit);
  // The control plane (/__mock): the clock every job reads, faults, the journal.
  const clock = new Clock(config.clockMode);
  const faults = new Faults();
  const journal = new Journal();
  const control = new ControlPlane({
    contract,
    errors,
    store,
    api,
    machines,
    resources,
    clock,
    faults,
    journal,
    controlToken: config.controlToken,
  });
  if (config.scenarioPath) control.loadAtStart(readFileSync(config.scenarioPath, 'utf8'), `MOCK_SCENARIO=${config.scenarioPath}`);
  const route = pipeline({ contract, config, prism, errors, faults, store, api, clock });
  // The reference docs with "Try it" panels (mock/docs/): outside the API, like the control plane.
  const docs = new DocsRoute(contract, config.basePath);
  const log = (line: string) => {
    if (!config.quiet) process.stdout.write(`${line}\n`);
  };

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://mock.local');
    const token = bearerToken(req.headers.authorization);
    let answer: Answer;
    let rateHeaders: Record<string, string | number> = {};
    // A dot segment (also %2e%2e) is resolved by URL parsing and could leave /v2 for /__mock: never routed.
    const dotted = hasDotSegment(req.url ?? '/');
    if (!dotted && ControlPlane.owns(url.pathname)) {
      // Outside the API: no rate limit, no journal entry, no fault. Only the developer's own pages
      // (loopback origins, MOCK_CONTROL_ORIGINS) get CORS grants; other pages are refused outright.
      const origin = req.headers.origin;
      const trusted = origin === undefined || controlOriginAllowed(origin, config.controlOrigins);
      let reply: Answer;
      if (!trusted) {
        req.resume();
        reply = errors.plain(
          403,
          `Pages on ${origin} may not use the mock control API (allow it with MOCK_CONTROL_ORIGINS).`,
          'MOCK-ORIGIN-FORBIDDEN',
        );
      } else if (isPreflight(req)) {
        send(req, res, { status: 204, body: undefined }, {}, true);
        log(`OPTIONS ${url.pathname} -> 204 (CORS preflight, control)`);
        return;
      } else if (
        isWrite(req) &&
        (hasBody(req) || req.headers['content-type'] !== undefined) &&
        !controlWriteTypeAllowed(req.headers['content-type'])
      ) {
        req.resume();
        reply = errors.plain(
          415,
          'Control writes take Content-Type: application/json (or a YAML type for scenarios).',
          'MOCK-UNSUPPORTED-MEDIA-TYPE',
        );
      } else {
        try {
          reply = control.handle(req, url, await readBody(req, config.maxBodyBytes, errors));
        } catch (error) {
          if (error instanceof ApiError) reply = error.answer;
          else {
            console.error(`mock: unexpected fault on ${req.method} ${req.url}:`, error);
            reply = errors.server();
          }
        }
      }
      send(req, res, reply, {}, trusted);
      log(`${req.method} ${url.pathname} -> ${reply.status} (control)`);
      return;
    }
    if (isPreflight(req)) {
      send(req, res, { status: 204, body: undefined }, {});
      log(`OPTIONS ${url.pathname} -> 204 (CORS preflight)`);
      return;
    }
    if (docs.owns(req, url)) {
      log(`${req.method} ${url.pathname} -> ${docs.serve(req, res, url)} (docs)`);
      return;
    }
    const trace: Trace = {};
    try {
      const rate = limiter.take(token ?? 'anonymous', Date.now());
      rateHeaders = rate.headers;
      answer = rate.limited
        ? errors.answer('ErrorTooManyRequests')
        : dotted
          ? errors.notFound()
          : await route({ req, url, token, raw: await readBody(req, config.maxBodyBytes, errors), trace });
    } catch (error) {
      if (error instanceof ApiError) answer = error.answer;
      else {
        console.error(`mock: unexpected fault on ${req.method} ${req.url}:`, error);
        answer = errors.server();
      }
    }
    send(req, res, answer, rateHeaders);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    journal.add(token, {
      time: new Date(Date.now() - durationMs).toISOString(),
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      operationId: trace.operationId ?? null,
      status: answer.status,
      durationMs,
      ...(trace.fault !== undefined ? { fault: trace.fault } : {}),
    });
    log(
      `${req.method} ${url.pathname}${url.search} -> ${answer.status} ${(performance.now() - started).toFixed(1)}ms ${describeToken(token)}`,
    );
  }

  const server = http.createServer((req, res) => {
    respond(req, res).catch((error) => {
      console.error('mock: fault while answering', error);
      if (!res.headersSent) send(req, res, errors.server(), {});
    });
  });
  server.keepAliveTimeout = 5_000;
  // Slow clients cannot hold a connection: the headers must arrive within 10 s and the whole request
  // within 30 s (Node's default is 300 s), else Node answers 408 and closes it.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;

  return {
    config,
    contract,
    async listen(port = config.port, host = config.host): Promise<MockServer> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      return {
        url: `http://${host}:${address.port}${config.basePath}`,
        config,
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

function send(req: IncomingMessage, res: ServerResponse, answer: Answer, rateHeaders: Record<string, string | number>, cors = true) {
  // CORS on every API answer, so a browser app on another origin can read bodies and rate headers;
  // the control plane passes cors=false for origins it does not trust.
  res.setHeader('Vary', 'Origin');
  if (!cors) {
    // No grant: the browser keeps the body from the page (and a refused preflight stops the request).
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json');
    res.writeHead(answer.status).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    return;
  }
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
  for (const [name, value] of Object.entries(rateHeaders)) res.setHeader(name, value);
  if (isPreflight(req)) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Prefer');
    res.setHeader('Access-Control-Max-Age', '600');
    res.writeHead(204).end();
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json');
  const html = String(res.getHeader('Content-Type')).startsWith('text/html');
  res.writeHead(answer.status).end(answer.body === undefined ? '' : html ? String(answer.body) : JSON.stringify(answer.body));
}

/** Only a real CORS preflight gets 204; a bare OPTIONS is an undeclared method (405 + Allow). */
function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && !!req.headers.origin && !!req.headers['access-control-request-method'];
}

function isWrite(req: IncomingMessage): boolean {
  return req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** The body, refused with 413 in the envelope as soon as it is known to pass the limit (never read whole). */
function readBody(req: IncomingMessage, maxBytes: number, errors: Errors): Promise<string> {
  const tooLarge = () =>
    new ApiError(
      errors.plain(
        413,
        `The request body is larger than this mock accepts (${maxBytes} bytes, MOCK_MAX_BODY_BYTES).`,
        'MOCK-PAYLOAD-TOO-LARGE',
      ),
    );
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    req.resume();
    return Promise.reject(tooLarge());
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
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function describeToken(token: string | undefined): string {
  const shown = redactToken(token);
  if (!shown) return '(no token)';
  return token!.startsWith('mock-') ? shown : `token ${shown}`;
}

export type { Prism };
