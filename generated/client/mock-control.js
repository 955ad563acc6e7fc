// createMockControl: a typed client for the local mock's control API (/__mock), so a frontend's
// tests drive the mock in one line: reset it, stop or advance its clock, force a state, change an
// account, inject faults, read the journal. Types come from generated/mock-control.d.ts
// (openapi/mock-control/openapi.yaml); nothing here restates the control API.
import createClient from 'openapi-fetch';
/** A control call the mock refused (its error envelope is in `body`). */
export class MockControlError extends Error {
    status;
    body;
    constructor(status, body) {
        super(`mock control: ${status} ${body?.message ?? ''}`.trim());
        this.status = status;
        this.body = body;
        this.name = 'MockControlError';
    }
}
async function unwrap(call) {
    const { data, error, response } = await call;
    if (!response.ok)
        throw new MockControlError(response.status, error);
    return data;
}
export function createMockControl(options) {
    const origin = new URL(options.baseUrl).origin;
    const client = createClient({
        baseUrl: origin,
        fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
        headers: options.controlToken ? { 'X-Mock-Control-Token': options.controlToken } : undefined,
    });
    const helpers = {
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
