// The control plane at /__mock: routes and request checks come from its own OpenAPI document
// (ControlDocument); each operationId has one small handler below. Answers are JSON, errors are
// the API's envelope. Never reachable under the API's base path.
import type { MockContract } from '../contract.js';
import type { Answer, Errors } from '../errors.js';
import type { StatefulApi } from '../state/api.js';
import type { Machines } from '../state/machines.js';
import type { Resources } from '../state/resources.js';
import { Store } from '../state/store.js';
import { capErrors } from '../../lib/contract/index.js';
import { type JsonLimits, jsonShapeProblem } from '../request-body.js';
import { kindOf } from '../tokens.js';
import { accountView, applyPatch, type AccountPatch } from './accounts.js';
import { type Clock, type ClockMode, MAX_CLOCK_MS } from './clock.js';
import { ControlDocument, errorsMap, type Matched, unsafeFields } from './document.js';
import type { FaultInput, Faults } from './faults.js';
import type { Journal } from './journal.js';
import { consolePage } from './console-page.js';
import { applyAccounts, checkScenario, parseScenario, ScenarioProblem, type Scenario } from './scenario.js';

export const CONTROL_PREFIX = '/__mock';
export const CONTROL_HEADER = 'x-mock-control-token';

export interface ControlDeps {
  contract: MockContract;
  errors: Errors;
  store: Store;
  api: StatefulApi;
  machines: Machines;
  resources: Resources;
  clock: Clock;
  faults: Faults;
  journal: Journal;
  /** Per-token rate-limit windows, forgotten with the accounts on reset. */
  limiter?: { forget(token?: string): void };
  controlToken?: string;
  /** The structure a JSON body may have (MOCK_MAX_JSON_DEPTH, MOCK_MAX_JSON_KEYS), checked before it is parsed. */
  jsonLimits?: JsonLimits;
}

interface ControlRequest {
  params: Record<string, string>;
  query: Record<string, any>;
  body: any;
}

type Handler = (request: ControlRequest) => Answer;

export class ControlPlane {
  private readonly document = new ControlDocument();
  private readonly handlers: Record<string, Handler>;
  /** The scenario loaded at start (MOCK_SCENARIO): part of how the mock started, so a full reset loads it again. */
  private startScenario?: Scenario;

  constructor(private readonly deps: ControlDeps) {
    this.handlers = {
      getConsole: () => ({
        status: 200,
        body: consolePage(),
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
      resetMock: ({ query }) => this.reset(query.token === undefined ? undefined : this.deps.store.resolve(query.token)),
      listAccounts: () => {
        const { store } = this.deps;
        const accounts = store.all();
        return this.json(200, {
          accounts: accounts.map((account) => this.view(account.token, false)),
          // What the bounds (MOCK_MAX_ACCOUNTS, MOCK_MAX_RESOURCES) dropped since the last full reset.
          evicted: { accounts: store.evicted, resources: accounts.reduce((n, a) => n + (a.evictedResources ?? 0), 0) },
          state: { bytes: store.bytes, maxBytes: store.maxBytes },
        });
      },
      getAccount: ({ params }) => this.json(200, this.view(this.deps.store.resolve(params.token))),
      updateAccount: ({ params, body }) => this.updateAccount(this.deps.store.resolve(params.token), body),
      getClock: () => this.json(200, this.clockView()),
      setClock: ({ body }) => {
        this.catchUp();
        this.deps.clock.setMode(body.mode as ClockMode);
        return this.json(200, this.clockView());
      },
      advanceClock: ({ body }) => this.advance(body),
      forceState: ({ body }) => this.force(this.deps.store.resolve(body.token), body.path, body.state),
      listFaults: () => this.json(200, { faults: this.deps.faults.list() }),
      addFault: ({ body }) => this.addFault(body),
      clearFaults: () => this.json(200, { cleared: this.deps.faults.clear() }),
      listRequests: ({ query }) =>
        this.json(
          200,
          this.deps.journal.page({
            token: query.token === undefined ? undefined : this.deps.store.resolve(query.token),
            limit: query.limit,
            offset: query.offset,
          }),
        ),
      loadScenario: ({ body }) => this.scenario(body),
    };
    for (const route of this.document.routes) {
      if (!this.handlers[route.operationId]) throw new Error(`mock control: no handler for ${route.operationId}`);
    }
  }

  /** True for every path the control plane owns. */
  static owns(pathname: string): boolean {
    return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
  }

  /** Answers a control call (`headers` with lower-case names). */
  handle(method: string, headers: Record<string, string | undefined>, url: URL, raw: string): Answer {
    if (!this.authorized(method, headers, url)) {
      return this.error(
        401,
        'This mock requires the X-Mock-Control-Token header (the value of MOCK_CONTROL_TOKEN) for /__mock.',
        'MOCK-CONTROL-UNAUTHORIZED',
      );
    }
    if (url.pathname === CONTROL_PREFIX) return { status: 308, body: undefined, headers: { Location: `${CONTROL_PREFIX}/${url.search}` } };
    const { matched, methods } = this.document.match(method, url.pathname);
    if (!matched) {
      if (methods.length)
        return {
          ...this.error(405, `Use ${methods.join(' or ')} on ${url.pathname}.`, 'MOCK-METHOD-NOT-ALLOWED'),
          headers: { Allow: methods.join(', ') },
        };
      return this.error(
        404,
        `${url.pathname} is not part of the mock control API (see generated/docs/mock-control.html).`,
        'MOCK-NOT-FOUND',
      );
    }
    const request = this.parse(matched, url, raw, headers['content-type'] ?? '');
    if ('status' in request) return request;
    try {
      return this.handlers[matched.route.operationId](request);
    } catch (error) {
      if (error instanceof ScenarioProblem) return this.error(422, error.message, 'MOCK-INVALID', { [error.field]: [error.message] });
      throw error;
    }
  }

  // ---- checks from the control document ----------------------------------------------------

  private authorized(method: string, headers: Record<string, string | undefined>, url: URL): boolean {
    const expected = this.deps.controlToken;
    if (!expected) return true;
    const header = headers[CONTROL_HEADER];
    // A browser cannot send headers when it opens a page: the console alone may take it once in the query.
    const isConsole = method === 'GET' && (url.pathname === `${CONTROL_PREFIX}/` || url.pathname === CONTROL_PREFIX);
    const given = typeof header === 'string' ? header : isConsole ? (url.searchParams.get('control_token') ?? '') : '';
    return sameSecret(given, expected);
  }

  private parse(matched: Matched, url: URL, raw: string, contentType: string): ControlRequest | Answer {
    const { route, params } = matched;
    const query: Record<string, any> = Object.fromEntries(url.searchParams);
    const problems: Record<string, string[]> = Object.create(null);
    if (route.params && !route.params(params)) Object.assign(problems, errorsMap(route.params.errors));
    if (route.query && !route.query(query)) Object.assign(problems, errorsMap(route.query.errors, 'query'));
    let body: any;
    if (route.body) {
      const shape = /yaml/i.test(contentType) ? undefined : jsonShapeProblem(raw, this.deps.jsonLimits);
      if (shape) return this.error(400, `The request body ${shape}.`, 'MOCK-INVALID', { body: [shape] });
      try {
        body = raw.trim() === '' ? undefined : /yaml/i.test(contentType) ? parseScenario(raw) : JSON.parse(raw);
      } catch (error) {
        return this.error(422, `The request body could not be parsed: ${(error as Error).message}`, 'MOCK-INVALID', {
          body: ['is not valid JSON or YAML'],
        });
      }
      const unsafe = unsafeFields(body);
      if (body === undefined) problems.body = ['is required'];
      else if (Object.keys(unsafe).length) Object.assign(problems, unsafe);
      else if (!route.body(body)) Object.assign(problems, errorsMap(route.body.errors));
    }
    if (Object.keys(problems).length) {
      const capped = capErrors(problems);
      const summary = Object.entries(capped)
        .map(([field, messages]) => `${field} ${messages.join(', ')}`)
        .join('; ');
      return this.error(422, `The request does not match the mock control API: ${summary}.`, 'MOCK-INVALID', capped);
    }
    return { params, query, body };
  }

  // ---- handlers ------------------------------------------------------------------------------

  /**
   * A full reset gives the world the mock started with: no accounts, ids from 1, no faults, an
   * empty journal, fresh rate-limit windows, the clock in its start mode at its start time,
   * and the start scenario loaded again. `token` forgets one account (and its faults) only.
   */
  private reset(token: string | undefined): Answer {
    const { store, faults, journal, limiter, clock } = this.deps;
    store.forget(token);
    faults.clear(token);
    limiter?.forget(token);
    if (token === undefined) {
      journal.clear();
      clock.restart();
      if (this.startScenario) this.scenario({ ...structuredClone(this.startScenario), reset: false });
    }
    return this.json(200, { reset: token ?? 'all' });
  }

  /** Moves the clock by `ms` or `steps`; a move past the range of a Date is a 422 naming the field, and nothing moves. */
  private advance(body: { ms?: number; steps?: number }): Answer {
    const { clock, machines } = this.deps;
    const field = body.ms === undefined ? 'steps' : 'ms';
    const ms = body.ms ?? (body.steps ?? 0) * machines.stepMs;
    if (!clock.canAdvance(ms)) {
      const message = `would move the clock past ${new Date(MAX_CLOCK_MS).toISOString()}, the last time a JavaScript Date can hold`;
      return this.error(422, `${field} ${message}.`, 'MOCK-INVALID', { [field]: [message] });
    }
    clock.advance(ms);
    this.catchUp();
    return this.json(200, this.clockView());
  }

  private updateAccount(token: string, patch: AccountPatch): Answer {
    const kind = kindOf(token);
    if (kind === 'invalid')
      return this.error(422, `The token ${token} is always refused by the mock (401), so it cannot hold an account.`, 'MOCK-INVALID', {
        token: ['is an invalid token'],
      });
    const account = this.deps.store.account(token, kind);
    this.deps.api.advanceAll(account, this.deps.clock.now());
    applyPatch(account, patch);
    return this.json(200, this.view(token));
  }

  private force(token: string, path: string, state: string): Answer {
    const { store, resources, machines, api, clock } = this.deps;
    const account = store.find(token);
    const family = resources.familyOfPath(path);
    const [, , id, ...rest] = path.split('/');
    const resource = family && id && !rest.length ? account?.resources.get(Store.key(family.machine, id)) : undefined;
    if (!account || !family || !resource) {
      return this.error(404, `The token ${token} has no resource at ${path}.`, 'MOCK-NOT-FOUND', {
        path: ['no such resource for this token'],
      });
    }
    const states = machines.statesOf(family.machine);
    if (!states.includes(state)) {
      const message = `${state} is not a state of ${family.machine}. Valid states: ${states.join(', ')}.`;
      return this.error(422, message, 'MOCK-INVALID', { state: [message] });
    }
    api.advanceAll(account, clock.now());
    const refunded = machines.force(account, resource, state, clock.now());
    account.active.add(resource);
    return this.json(200, { token, path, family: family.machine, id: resource.id, state, refunded, data: resource.data });
  }

  private addFault(input: FaultInput): Answer {
    if (input.operationId !== '*' && !this.deps.contract.hasOperation(input.operationId)) {
      const message = `${input.operationId} is not an operationId of the API contract (or use "*").`;
      return this.error(422, message, 'MOCK-INVALID', { operationId: [message] });
    }
    return this.json(201, this.deps.faults.add(input));
  }

  private scenario(scenario: Scenario): Answer {
    const { store, resources, machines, clock } = this.deps;
    checkScenario(scenario, resources, machines);
    if (scenario.reset) this.reset(undefined);
    if (scenario.clock) clock.setMode(scenario.clock);
    const accounts = applyAccounts(scenario, store, resources, machines, clock.now());
    return this.json(200, { accounts: accounts.map((account) => this.view(account.token, false)) });
  }

  /** Loads a scenario document at start (MOCK_SCENARIO); throws with the reason when it is not valid. */
  loadAtStart(text: string, source: string): void {
    const route = this.document.routes.find((r) => r.operationId === 'loadScenario')!;
    const scenario = parseScenario(text);
    const unsafe = unsafeFields(scenario);
    if (Object.keys(unsafe).length) throw new Error(`${source}: ${JSON.stringify(unsafe)}`);
    if (!route.body!(scenario)) throw new Error(`${source}: ${JSON.stringify(errorsMap(route.body!.errors))}`);
    try {
      this.scenario(scenario as Scenario);
      this.startScenario = structuredClone(scenario as Scenario);
    } catch (error) {
      throw new Error(`${source}: ${(error as Error).message}`);
    }
  }

  // ---- views -------------------------------------------------------------------------------

  private view(token: string, fullToken = true) {
    const { store, machines, api, clock } = this.deps;
    const seen = store.find(token);
    if (seen) api.advanceAll(seen, clock.now());
    const account = seen ?? store.fresh(token, kindOf(token));
    return accountView(account, !!seen, machines, fullToken);
  }

  private clockView() {
    const { clock, machines } = this.deps;
    return { mode: clock.mode, now: new Date(clock.now()).toISOString(), stepMs: machines.stepMs };
  }

  /** Brings every account's jobs up to the clock's time. */
  private catchUp(): void {
    for (const account of this.deps.store.all()) this.deps.api.advanceAll(account, this.deps.clock.now());
  }

  private json(status: number, body: unknown): Answer {
    return { status, body };
  }

  private error(status: number, message: string, code: string, errors: Record<string, string[]> = {}): Answer {
    return this.deps.errors.plain(status, message, code, { errors });
  }
}

/** Compares in time independent of where the strings differ (no node:crypto, so it runs in a browser too). */
function sameSecret(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i += 1) diff |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return diff === 0;
}
