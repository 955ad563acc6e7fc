// createMockHandlers: the stateful mock as MSW request handlers, for tests (setupServer, in Node)
// and Storybook or a dev build (setupWorker, in the browser). One call makes one isolated world
// (its own accounts, jobs, clock, faults and journal) over the same core the server uses; no port
// is opened. `control` drives that world from the test.
import { http } from 'msw';
import type { ContractOperation } from '../lib/contract/operation.js';
import { RequestRouter, routeRequest } from '../lib/contract/request.js';
import { createMockControl, type MockControl } from '../client/mock-control.js';
import { CONTROL_PREFIX } from './control/plane.js';
import { createMockCore } from './core.js';
import { readyFor, readyToStart } from './on-demand.js';
import { envOf, scenarioOf, type MockOptions } from './options.js';
import { PREFLIGHT_HEADERS } from './reply.js';

export { mountMockPanel, type MockPanelOptions } from './panel/index.js';

export interface MockHandlerOptions extends MockOptions {
  /**
   * Where the app sends its API calls: `http://api.test/v2`, or a path like `/v2` (the page's own
   * origin, in the browser). The control API answers on the same origin under /__mock.
   */
  baseUrl: string;
}

export type MockHandlers = ReturnType<typeof http.all>[] & {
  /** The control plane of this handler set: reset, clock, force, faults, accounts, journal. */
  control: MockControl;
  /** Resolves once the engine is ready (handlers wait for it on their own; tests rarely need it). */
  ready: Promise<void>;
};

/**
 * A DOM environment in Node (happy-dom, as Vitest sets it up) sends a CORS preflight of its own before a
 * cross-origin call, and msw 3, which intercepts below fetch, hands it to the handlers as a Request made
 * with the DOM's own Request class: Origin and Access-Control-Request-* are forbidden header names there,
 * so they are gone. An OPTIONS with neither is read as that preflight and granted, as the mock grants any
 * preflight (over HTTP the mock reads the real headers; a browser's service worker never sees preflights).
 */
function isStrippedPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && !request.headers.has('origin') && !request.headers.has('access-control-request-method');
}

/**
 * A control request as the handlers pass it to the core: without its Origin. Whatever reaches these
 * handlers was sent by the page's own code (a service worker sees only the requests of the pages it
 * controls; in Node, the process's own), so its Origin names the page that runs the mock, never another
 * site: the control plane answers it as it answers in process, on any origin (a Storybook on a team host).
 */
async function withoutOrigin(request: Request): Promise<Request> {
  if (!request.headers.has('origin')) return request;
  const headers = new Headers(request.headers);
  headers.delete('origin');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return new Request(request.url, { method: request.method, headers, body });
}

export function createMockHandlers(options: MockHandlerOptions): MockHandlers {
  const here = (globalThis as { location?: { href: string } }).location?.href;
  const base = new URL(options.baseUrl, here);
  const basePath = base.pathname.replace(/\/$/, '');
  const ready = readyToStart(options).then(() =>
    createMockCore({ env: envOf(options), scenario: scenarioOf(options), log: options.log ?? (() => {}) }),
  );
  // A relative base stays relative, so MSW matches it against the page's own origin.
  const prefix = /^[a-z][a-z0-9+.-]*:/i.test(options.baseUrl) ? base.origin : '';
  const api = async ({ request }: { request: Request }) => {
    if (isStrippedPreflight(request))
      return new Response(null, { status: 204, headers: { 'Access-Control-Allow-Origin': '*', Vary: 'Origin', ...PREFLIGHT_HEADERS } });
    const core = await ready;
    await readyFor(request);
    const url = new URL(request.url);
    // The API under the caller's base path is the mock's base path (the contract's /v2).
    return core.fetch(request, `${core.config.basePath}${url.pathname.slice(basePath.length)}${url.search}`);
  };
  const control = async ({ request }: { request: Request }) => {
    const core = await ready;
    await readyFor(request);
    return core.fetch(await withoutOrigin(request));
  };
  // A call outside the base path on the API's own origin (a client whose baseUrl lacks /v2) is the
  // API's 404 naming the base path. Only for an absolute base URL: on the page's own origin (a
  // relative base) every other request is the page's, and must pass by.
  const outside = async ({ request }: { request: Request }) => {
    const core = await ready;
    const { pathname } = new URL(request.url);
    const answer = core.errors.outsideBasePath(`${base.origin}${basePath}`, pathname);
    return Response.json(answer.body, { status: answer.status });
  };
  // On the page's own origin (a relative base) the page's requests must pass by; but one that would be
  // an API call under the base path (a client whose baseUrl lacks /v2) gets the same 404 naming the
  // base path, not the page's index.html to parse as JSON.
  let routes: RequestRouter<ContractOperation> | undefined;
  const missedBase = async ({ request }: { request: Request }) => {
    const core = await ready;
    // The contract's router with no base path: would this path be an API call under /v2?
    routes ??= new RequestRouter(core.contract.operations(), '');
    if (routeRequest(routes, { method: request.method, url: request.url, headers: {} }).match.kind === 'not-found') return undefined;
    return outside({ request });
  };
  const handlers = [
    http.all(`${prefix}${basePath}/*`, api),
    http.all(`${prefix}${CONTROL_PREFIX}`, control),
    http.all(`${prefix}${CONTROL_PREFIX}/*`, control),
    http.all(`${prefix}/*`, prefix ? outside : missedBase),
  ];
  const fetchInProcess = async (request: Request) => (await ready).fetch(request);
  return Object.assign(handlers, {
    control: createMockControl({ baseUrl: base.origin, fetch: fetchInProcess, controlToken: options.controlToken }),
    ready: ready.then(() => undefined),
  });
}
