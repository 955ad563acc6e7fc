// createMockControl: a typed client for the local mock's control API (/__mock), so a frontend's
// tests drive the mock in one line: reset it, stop or advance its clock, force a state, change an
// account, inject faults, read the journal. Types come from generated/mock-control.d.ts
// (openapi/mock-control/openapi.yaml); nothing here restates the control API.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../generated/mock-control.js';

type Schemas = components['schemas'];

export interface MockControlOptions {
  /** The mock's URL: its origin (http://127.0.0.1:4010) or its API base (…/v2); /__mock is found from it. */
  baseUrl: string;
  /** The value of MOCK_CONTROL_TOKEN, when the mock requires one. */
  controlToken?: string;
  /** A fetch implementation. Default: globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
}

/** A control call the mock refused (its error envelope is in `body`). */
export class MockControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`mock control: ${status} ${(body as { message?: string })?.message ?? ''}`.trim());
    this.name = 'MockControlError';
  }
}

type Result<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

async function unwrap<T>(call: Result<T>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new MockControlError(response.status, error);
  return data as T;
}

export interface MockControlHelpers {
  /** Forgets all state, or one token's account. */
  reset(token?: string): Promise<Schemas['ResetResult']>;
  account(token: string): Promise<Schemas['Account']>;
  accounts(): Promise<Schemas['Account'][]>;
  updateAccount(token: string, patch: Schemas['AccountPatch']): Promise<Schemas['Account']>;
  clock(): Promise<Schemas['Clock']>;
  setClock(mode: Schemas['ClockMode']): Promise<Schemas['Clock']>;
  /** `{ ms }` or `{ steps }`. */
  advance(by: { ms: number } | { steps: number }): Promise<Schemas['Clock']>;
  force(token: string, path: string, state: string): Promise<Schemas['ForceResult']>;
  addFault(fault: Schemas['FaultInput']): Promise<Schemas['Fault']>;
  faults(): Promise<Schemas['Fault'][]>;
  clearFaults(): Promise<number>;
  requests(filter?: { token?: string; limit?: number; offset?: number }): Promise<Schemas['JournalEntry'][]>;
  scenario(scenario: Schemas['Scenario']): Promise<Schemas['ScenarioResult']>;
}

export type MockControl = Client<paths> & MockControlHelpers;

export function createMockControl(options: MockControlOptions): MockControl {
  const origin = new URL(options.baseUrl).origin;
  const client = createClient<paths>({
    baseUrl: origin,
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    headers: options.controlToken ? { 'X-Mock-Control-Token': options.controlToken } : undefined,
  });
  const helpers: MockControlHelpers = {
    reset: (token) => unwrap(client.POST('/__mock/reset', { params: { query: token === undefined ? {} : { token } } })),
    account: (token) => unwrap(client.GET('/__mock/accounts/{token}', { params: { path: { token } } })),
    accounts: async () => (await unwrap(client.GET('/__mock/accounts'))).accounts,
    updateAccount: (token, patch) => unwrap(client.PATCH('/__mock/accounts/{token}', { params: { path: { token } }, body: patch })),
    clock: () => unwrap(client.GET('/__mock/clock')),
    setClock: (mode) => unwrap(client.POST('/__mock/clock', { body: { mode } })),
    advance: (by) => unwrap(client.POST('/__mock/clock/advance', { body: by })),
    force: (token, path, state) => unwrap(client.POST('/__mock/force', { body: { token, path, state } })),
    addFault: (fault) => unwrap(client.POST('/__mock/faults', { body: fault })),
    faults: async () => (await unwrap(client.GET('/__mock/faults'))).faults,
    clearFaults: async () => (await unwrap(client.DELETE('/__mock/faults'))).cleared,
    requests: async (filter = {}) => (await unwrap(client.GET('/__mock/requests', { params: { query: filter } }))).requests,
    scenario: (scenario) => unwrap(client.POST('/__mock/scenario', { body: scenario })),
  };
  return Object.assign(client, helpers);
}
