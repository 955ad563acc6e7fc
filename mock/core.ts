// The mock's core: one stateful world (accounts, jobs, clock, faults, journal) and one function that
// answers a request. It knows nothing about sockets: the Node HTTP server (mock/server.ts) and the
// MSW handlers (mock/msw.ts) are thin adapters that hand it a request and send back its reply.
// Order of a call: the control plane (/__mock), CORS preflight, the docs pages, then the API
// (rate limit, then the pipeline in mock/pipeline/), and the journal.
import { Contract } from './contract.js';
import { loadConfig, type MockConfig } from './config.js';
import { priceList } from './costs.js';
import { ApiError, Errors, type Answer } from './errors.js';
import { decodeBody } from './request-body.js';
import { createPrism } from './prism.js';
import { RateLimiter } from './rate-limit.js';
import { StatefulApi } from './state/api.js';
import { Machines } from './state/machines.js';
import { Resources } from './state/resources.js';
import { Store } from './state/store.js';
import { bearerToken } from './tokens.js';
import { Clock } from './control/clock.js';
import { Faults } from './control/faults.js';
import { Journal, type JournalInput, redactToken } from './control/journal.js';
import { ControlPlane } from './control/plane.js';
import { FRAME_HEADERS, hostAllowed } from './control/host.js';
import { controlOriginAllowed, controlWriteTypeAllowed, hasDotSegment } from './control/origin.js';
import { createMockControl, type MockControl } from '../client/mock-control.js';
import { pipeline, type Trace } from './pipeline/index.js';
import { DocsRoute } from './docs/route.js';

/** A request as the core reads it: header names in lower case, the body as bytes or text. */
export interface CoreRequest {
  method: string;
  /** The request target as sent: `/v2/me?x=1` (an absolute URL works too). */
  url: string;
  headers: Record<string, string | undefined>;
  /**
   * The raw body (already within MOCK_MAX_BODY_BYTES: the adapter enforces it while reading). Bytes
   * are decoded strictly as UTF-8, so invalid UTF-8 in JSON is refused rather than silently changed;
   * a string is taken as it is.
   */
  body: string | Uint8Array;
  /**
   * The request came over a socket (the Node server): its Host header is then what a browser put
   * there, and /__mock, the console and the docs answer only to loopback names and MOCK_ALLOWED_HOSTS.
   * In process (MSW, the control client) nothing reaches the network, so there is no Host to check.
   */
  socket?: boolean;
  /** The absolute base URL links in answers use (`http://127.0.0.1:4010/v2`): the mock's own, never the request's Host. */
  baseUrl?: string;
}

/** The core's reply: a status, headers, and the body text (empty for none). */
export interface CoreReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface CoreOptions {
  /** Settings as the MOCK_* variables name them (default: none, so every default applies). */
  env?: NodeJS.ProcessEnv;
  /** The contract (default: generated/openapi.json). */
  contract?: Contract;
  /** A scenario document (YAML or JSON text) loaded before the first request; `source` names it in errors. */
  scenario?: { text: string; source: string };
  /** Where the request log goes (default: stdout unless MOCK_QUIET=1). */
  log?: (line: string) => void;
}

export interface MockCore {
  config: MockConfig;
  contract: Contract;
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
  const contract = options.contract ?? Contract.load();
  const config = loadConfig(contract, options.env ?? {});
  // Prism rewrites the document it is given (it resolves references in place): give it a copy.
  const prism = await createPrism(structuredClone(contract.doc));
  const errors = new Errors(contract);
  const machines = new Machines(contract, config.stepMs);
  const resources = new Resources(contract, machines);
  // A paid account starts with the balance of the contract's profile example.
  const startingCredits = Object.values(contract.examples(contract.op('getMe')))[0]?.data?.credits?.remaining;
  const store = new Store((kind) => (kind === 'broke' ? 0 : startingCredits), config.maxAccounts, config.maxStateBytes);
  const api = new StatefulApi(contract, machines, resources, priceList(contract), errors, {
    includeAllowlist: config.includeAllowlist,
    maxResources: config.maxResources,
    socialHosts: config.socialHosts,
  });
  const limiter = new RateLimiter(config.advertisedLimit, config.rateLimit, config.maxAccounts);
  // The control plane (/__mock): the clock every job reads, faults, the journal.
  const clock = new Clock(config.clockMode);
  const faults = new Faults();
  const journal = new Journal();
  const plane = new ControlPlane({
    contract,
    errors,
    store,
    api,
    machines,
    resources,
    clock,
    faults,
    journal,
    limiter,
    controlToken: config.controlToken,
  });
  if (options.scenario) plane.loadAtStart(options.scenario.text, options.scenario.source);
  const route = pipeline({ contract, config, prism, errors, faults, store, api, clock });
  // The reference docs with "Try it" panels (mock/docs/): outside the API, like the control plane.
  const docs = new DocsRoute(contract, config.basePath);
  // Where links in answers point when the adapter names no address: the configured host and port.
  const ownBaseUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}${config.basePath}`;
  const log =
    options.log ??
    ((line: string) => {
      if (!config.quiet) process.stdout.write(`${line}\n`);
    });
  // With the request log off, an API call's log line is not even formatted.
  const logsCalls = options.log !== undefined || !config.quiet;

  const fail = (error: unknown, request: CoreRequest): Answer => {
    if (error instanceof ApiError) return error.answer;
    console.error(`mock: unexpected fault on ${request.method} ${request.url}:`, error);
    return errors.server();
  };

  /** The control plane's reply (/__mock): only to the developer's own names and pages. */
  function controlReply(request: CoreRequest, method: string, url: URL, body: string, preflight: boolean): CoreReply {
    const origin = request.headers.origin;
    // Outside the API: no rate limit, no journal entry, no fault. Only the developer's own pages
    // (loopback origins, MOCK_CONTROL_ORIGINS) get CORS grants; other pages are refused outright.
    const trusted = origin === undefined || controlOriginAllowed(origin, config.controlOrigins);
    let reply: Answer;
    if (!hostTrusted(request)) {
      reply = hostForbidden(request);
    } else if (!trusted) {
      reply = errors.plain(
        403,
        `Pages on ${origin} may not use the mock control API (allow it with MOCK_CONTROL_ORIGINS).`,
        'MOCK-ORIGIN-FORBIDDEN',
      );
    } else if (preflight) {
      log(`OPTIONS ${url.pathname} -> 204 (CORS preflight, control)`);
      return finish(request, { status: 204, body: undefined }, {}, true);
    } else if (
      isWrite(method) &&
      (body !== '' || request.headers['content-type'] !== undefined) &&
      !controlWriteTypeAllowed(request.headers['content-type'])
    ) {
      reply = errors.plain(
        415,
        'Control writes take Content-Type: application/json (or a YAML type for scenarios).',
        'MOCK-UNSUPPORTED-MEDIA-TYPE',
      );
    } else {
      try {
        reply = plane.handle(method, request.headers, url, body);
      } catch (error) {
        reply = fail(error, request);
      }
      store.settle();
    }
    log(`${method} ${url.pathname} -> ${reply.status} (control)`);
    const done = finish(request, reply, {}, trusted && reply.status !== 403);
    return { ...done, headers: { ...done.headers, ...FRAME_HEADERS } };
  }

  /** The docs page and its files: only to the developer's own names, never in another site's frame. */
  function docsReply(request: CoreRequest, method: string, url: URL): CoreReply {
    if (!hostTrusted(request)) {
      log(`${method} ${url.pathname} -> 403 (docs, foreign Host)`);
      const refused = finish(request, hostForbidden(request), {}, false);
      return { ...refused, headers: { ...refused.headers, ...FRAME_HEADERS } };
    }
    const page = docs.serve(method, url);
    log(`${method} ${url.pathname} -> ${page.status} (docs)`);
    return { ...page, headers: { Vary: 'Origin', ...page.headers, ...FRAME_HEADERS } };
  }

  /** Over a socket, the Host header must be a loopback name or one of config.allowedHosts (DNS rebinding). */
  function hostTrusted(request: CoreRequest): boolean {
    return !request.socket || hostAllowed(request.headers.host, config.allowedHosts);
  }

  function hostForbidden(request: CoreRequest): Answer {
    const shown = JSON.stringify((request.headers.host ?? '').slice(0, 100));
    return errors.plain(
      403,
      `The mock control API, console and docs answer only to loopback names and MOCK_ALLOWED_HOSTS, not to Host ${shown}.`,
      'MOCK-HOST-FORBIDDEN',
    );
  }

  async function answer(request: CoreRequest): Promise<CoreReply> {
    const started = performance.now();
    const { text: body, invalidUtf8 } = decodeBody(request.body);
    const method = request.method.toUpperCase();
    const url = new URL(request.url, 'http://mock.local');
    const origin = request.headers.origin;
    const token = bearerToken(request.headers.authorization);
    // A dot segment (also %2e%2e) is resolved by URL parsing and could leave /v2 for /__mock: never routed.
    const dotted = hasDotSegment(request.url);
    const preflight = method === 'OPTIONS' && !!origin && !!request.headers['access-control-request-method'];

    if (!dotted && ControlPlane.owns(url.pathname)) return controlReply(request, method, url, body, preflight);
    if (preflight) {
      log(`OPTIONS ${url.pathname} -> 204 (CORS preflight)`);
      return finish(request, { status: 204, body: undefined }, {});
    }
    if (docs.owns(method, url)) return docsReply(request, method, url);
    const trace: Trace = {};
    let reply: Answer;
    let rateHeaders: Record<string, string | number> = {};
    try {
      const rate = limiter.take(token || undefined, clock.now());
      rateHeaders = rate.headers;
      reply = rate.limited
        ? errors.answer('ErrorTooManyRequests')
        : dotted
          ? errors.notFound()
          : await route({
              method,
              headers: request.headers,
              url,
              token,
              raw: body,
              bytes: typeof request.body === 'string' ? undefined : request.body,
              invalidUtf8,
              trace,
              // Links in answers use the mock's own address, never the request's Host.
              baseUrl: request.baseUrl ?? ownBaseUrl,
            });
    } catch (error) {
      reply = fail(error, request);
    }
    // What the call stored counts against MOCK_MAX_STATE_BYTES from now on.
    store.settle();
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
    journal.add(token, entry);
    if (logsCalls) log(`${method} ${url.pathname}${url.search} -> ${reply.status} ${durationMs.toFixed(1)}ms ${describeToken(token)}`);
    return finish(request, reply, rateHeaders);
  }

  async function fetchAdapter(request: Request, target?: string): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    // Lower-cased here: the core reads lower-case names, and not every Headers does it (happy-dom's keeps the case sent).
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const length = Number(headers['content-length'] ?? 0);
    let reply: CoreReply;
    if (length > config.maxBodyBytes) reply = tooLarge();
    else {
      const body = request.body ? new Uint8Array(await request.arrayBuffer()) : '';
      reply =
        body.length > config.maxBodyBytes
          ? tooLarge()
          : await answer({
              method: request.method,
              url: target ?? `${url.pathname}${url.search}`,
              headers,
              body,
              // The address the handlers serve (MSW's baseUrl origin): what links in answers point at.
              baseUrl: `${url.origin}${config.basePath}`,
            });
    }
    // A Response may not carry a body with 204/304 (or for HEAD).
    const empty = reply.status === 204 || reply.status === 304 || request.method === 'HEAD' || reply.body === '';
    return new Response(empty ? null : reply.body, { status: reply.status, headers: reply.headers });
  }

  function tooLarge(): CoreReply {
    const reply = errors.plain(
      413,
      `The request body is larger than this mock accepts (${config.maxBodyBytes} bytes, MOCK_MAX_BODY_BYTES).`,
      'MOCK-PAYLOAD-TOO-LARGE',
    );
    return { status: 413, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(reply.body) };
  }

  return {
    config,
    contract,
    errors,
    answer,
    fetch: fetchAdapter,
    tooLarge,
    // The typed control client of the client package, over this core's fetch function: no HTTP.
    control: createMockControl({ baseUrl: 'http://mock.local', fetch: fetchAdapter, controlToken: config.controlToken }),
  };
}

/** Headers and body of an answer: CORS on every API answer, so a browser app on another origin can
 * read bodies and rate headers; the control plane passes cors=false for origins it does not trust. */
function finish(request: CoreRequest, answer: Answer, rateHeaders: Record<string, string | number>, cors = true): CoreReply {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (cors) {
    headers['Access-Control-Allow-Origin'] = request.headers.origin ?? '*';
    headers['Access-Control-Expose-Headers'] = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';
    for (const name in rateHeaders) headers[name] = String(rateHeaders[name]);
    if (request.method.toUpperCase() === 'OPTIONS' && request.headers.origin && request.headers['access-control-request-method']) {
      headers['Access-Control-Allow-Methods'] = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
      headers['Access-Control-Allow-Headers'] = request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Prefer';
      headers['Access-Control-Max-Age'] = '600';
      return { status: 204, headers, body: '' };
    }
  }
  // Only the answer's own headers can name a Content-Type (the ones above never do).
  let type: string | undefined;
  for (const name in answer.headers) {
    headers[name] = String(answer.headers[name]);
    if (type === undefined && name.toLowerCase() === 'content-type') type = name;
  }
  if (!type) headers['Content-Type'] = 'application/json';
  const html = String(headers[type ?? 'Content-Type']).startsWith('text/html');
  const body = answer.body === undefined ? '' : html ? String(answer.body) : JSON.stringify(answer.body);
  return { status: answer.status, headers, body };
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

function describeToken(token: string | undefined): string {
  const shown = redactToken(token);
  if (!shown) return '(no token)';
  return token!.startsWith('mock-') ? shown : `token ${shown}`;
}
