// The mock's core: one stateful world (accounts, jobs, clock, faults, journal) and one function that
// answers a request. It knows nothing about sockets: the Node HTTP server (mock/server.ts) and the
// MSW handlers (mock/msw.ts) are thin adapters that hand it a request and send back its reply.
// Order of a call: the control plane (/__mock), CORS preflight, the docs pages, then the API
// (rate limit, then the pipeline in mock/pipeline/), and the journal.
import { type MockContract, mockContract } from './contract.js';
import { loadConfig, type MockConfig } from './config.js';
import { ApiError, type Answer, type Errors } from './errors.js';
import { decodeBody } from './request-body.js';
import { bearerToken } from './tokens.js';
import type { JournalInput } from './control/journal.js';
import { ControlPlane } from './control/plane.js';
import { hasDotSegment } from './control/origin.js';
import { createMockControl, type MockControl } from '../client/mock-control.js';
import type { Exchange, Trace } from './pipeline/index.js';
import { fetchAdapter } from './fetch-adapter.js';
import { OutsideApi } from './outside-api.js';
import { type CoreReply, type CoreRequest, describeToken, ownBaseUrl, preflightReply, toReply } from './reply.js';
import { routeRequest } from '../lib/contract/index.js';
import { assembleWorld, type World } from './world.js';

export type { CoreReply, CoreRequest } from './reply.js';

export interface CoreOptions {
  /** Settings as the MOCK_* variables name them (default: none, so every default applies). */
  env?: NodeJS.ProcessEnv;
  /** The contract (default: generated/openapi.json). */
  contract?: MockContract;
  /** A scenario document (YAML or JSON text) loaded before the first request; `source` names it in errors. */
  scenario?: { text: string; source: string };
  /** Where the request log goes (default: stdout unless MOCK_QUIET=1). */
  log?: (line: string) => void;
}

export interface MockCore {
  config: MockConfig;
  contract: MockContract;
  /** The API's error answers (adapters answer a path outside their base path with one). */
  errors: Errors;
  /** Answers one request. Never throws: a fault of the mock is a 500 in the API's envelope. */
  answer(request: CoreRequest): Promise<CoreReply>;
  /**
   * The same, as a Fetch API function (`Request` in, `Response` out), for MSW and fetch-based hosts.
   * `target` replaces the request's path and query (an adapter serving the API under another base path).
   */
  fetch(request: Request, target?: string): Promise<Response>;
  /** The control plane as functions (reset, clock, force, faults, accounts, journal, scenario), in process. */
  control: MockControl;
  /** The 413 reply for a body over config.maxBodyBytes (adapters stop reading and send it). */
  tooLarge(): CoreReply;
}

export async function createMockCore(options: CoreOptions = {}): Promise<MockCore> {
  const contract = options.contract ?? mockContract();
  const config = loadConfig(contract, options.env ?? {});
  const world = await assembleWorld(contract, config, options.scenario);
  const log =
    options.log ??
    ((line: string) => {
      if (!config.quiet) process.stdout.write(`${line}\n`);
    });
  const fail = (error: unknown, request: CoreRequest): Answer => {
    if (error instanceof ApiError) return error.answer;
    console.error(`mock: unexpected fault on ${request.method} ${request.url}:`, error);
    return world.errors.server();
  };
  const dispatch: Dispatch = {
    config,
    world,
    outside: new OutsideApi(config, world, log, fail),
    log,
    // With the request log off, an API call's log line is not even formatted.
    logsCalls: options.log !== undefined || !config.quiet,
    fail,
    // Where links in answers point when the adapter names no address: the configured host and port.
    ownBaseUrl: ownBaseUrl(config.host, config.port, config.basePath),
  };
  const answer = (request: CoreRequest) => answerRequest(dispatch, request);
  const tooLarge = () => tooLargeReply(world.errors, config.maxBodyBytes);
  const fetch = fetchAdapter(config, answer, tooLarge);
  return {
    config,
    contract,
    errors: world.errors,
    answer,
    fetch,
    tooLarge,
    // The typed control client of the client package, over this core's fetch function: no HTTP.
    control: createMockControl({ baseUrl: 'http://mock.local', fetch, controlToken: config.controlToken }),
  };
}

/** What answering a request needs, made once per core. */
interface Dispatch {
  config: MockConfig;
  world: World;
  outside: OutsideApi;
  log: (line: string) => void;
  logsCalls: boolean;
  fail: (error: unknown, request: CoreRequest) => Answer;
  ownBaseUrl: string;
}

/** One request: the control plane, a CORS preflight, the docs, or the API (then the journal). */
async function answerRequest(d: Dispatch, request: CoreRequest): Promise<CoreReply> {
  const started = performance.now();
  const { text: body, invalidUtf8 } = decodeBody(request.body);
  // The one reading of the method, the path, the query and the preferences (lib/contract/request.ts).
  const call = routeRequest(d.world.router, request);
  const { method, url } = call;
  // A dot segment (also %2e%2e) is resolved by URL parsing and could leave /v2 for /__mock: never routed.
  const dotted = hasDotSegment(request.url);
  if (!dotted && ControlPlane.owns(url.pathname)) return d.outside.control(request, call, body);
  if (call.preflight) {
    d.log(`OPTIONS ${url.pathname} -> 204 (CORS preflight)`);
    return preflightReply(call);
  }
  if (d.world.docs.owns(method, url)) return d.outside.docs(request, call);
  const { world } = d;
  const token = bearerToken(request.headers.authorization);
  const trace: Trace = {};
  let reply: Answer;
  let rateHeaders: Record<string, string | number> = {};
  try {
    const rate = world.limiter.take(token || undefined, world.clock.now());
    rateHeaders = rate.headers;
    if (rate.limited) reply = world.errors.answer('ErrorTooManyRequests');
    else if (dotted) reply = world.errors.notFound();
    else {
      const bytes = typeof request.body === 'string' ? undefined : request.body;
      // Links in answers use the mock's own address, never the request's Host.
      const baseUrl = request.baseUrl ?? d.ownBaseUrl;
      const exchange: Exchange = { request: call, token, raw: body, bytes, invalidUtf8, trace, baseUrl };
      // Prism's engine, in the browser build, comes with the first API call (mock/engine.ts).
      if (!world.prism.loaded) await world.prism.load();
      reply = await world.pipeline.answer(exchange);
    }
  } catch (error) {
    reply = d.fail(error, request);
  }
  // What the call stored counts against MOCK_MAX_STATE_BYTES from now on.
  world.store.settle();
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const entry: JournalInput = {
    startedAt: Date.now() - durationMs,
    method,
    path: `${url.pathname}${url.search}`,
    operationId: trace.operationId ?? null,
    status: reply.status,
    durationMs,
  };
  if (trace.fault !== undefined) entry.fault = trace.fault;
  if (trace.uploads) entry.uploads = trace.uploads;
  world.journal.add(token, entry);
  if (d.logsCalls) d.log(`${method} ${url.pathname}${url.search} -> ${reply.status} ${durationMs.toFixed(1)}ms ${describeToken(token)}`);
  return toReply(call, reply, rateHeaders);
}

/** The 413 reply for a body over MOCK_MAX_BODY_BYTES. */
function tooLargeReply(errors: Errors, maxBodyBytes: number): CoreReply {
  const reply = errors.plain(
    413,
    `The request body is larger than this mock accepts (${maxBodyBytes} bytes, MOCK_MAX_BODY_BYTES).`,
    'MOCK-PAYLOAD-TOO-LARGE',
  );
  return { status: 413, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(reply.body) };
}
