// control.reset() gives the world the mock started with: ids from 1 again, the clock back in its
// start mode, no faults, fresh accounts, and the start scenario loaded again. Checked in process
// through the MSW handlers and over HTTP on a started mock (the control plane both share).
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';
import { startMock, type RunningMock } from '../mock/start-mock.js';

const baseUrl = 'http://reset.test/v2';
const api = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...api);
const client = () => createVideoApiClient({ baseUrl, token: 'test', fetch: (r) => fetch(r) });

// The started mock below is real HTTP on 127.0.0.1: MSW lets it through, and refuses anything else.
beforeAll(() =>
  server.listen({
    // msw 3: an unhandled HTTP frame carries its request in frame.data.
    onUnhandledFrame: ({ frame, defaults }) => {
      const { request } = frame.data as { request?: Request };
      if (!request || new URL(request.url).hostname !== '127.0.0.1') defaults.error();
    },
  }),
);
afterEach(() => api.control.reset());
afterAll(() => server.close());

async function createdId(): Promise<number> {
  const c = client();
  return Number((await c.unwrap(c.POST('/faceless', { body: { type: 'b-roll', topic: 'owls' } }))).data!.id);
}

describe('reset under MSW (createMockHandlers)', () => {
  it('ids start from 1 again after a reset', async () => {
    expect(await createdId()).toBe(1);
    expect(await createdId()).toBeGreaterThan(1);
    await api.control.reset();
    expect(await createdId()).toBe(1);
  });

  it('a clock set to auto in one test is back in its start mode (manual) after reset', async () => {
    await api.control.setClock('auto');
    expect((await api.control.clock()).mode).toBe('auto');
    await api.control.reset();
    expect((await api.control.clock()).mode).toBe('manual');
  });

  it('faults, accounts and the journal are gone after reset', async () => {
    await api.control.addFault({ operationId: 'getMe', status: 503, count: 5 });
    await api.control.updateAccount('test', { credits: 3 });
    await api.control.reset();
    expect(await api.control.faults()).toEqual([]);
    expect(await api.control.requests()).toEqual([]);
    const c = client();
    expect((await c.unwrap(c.GET('/me'))).data!.credits.remaining).toBeGreaterThan(3);
  });
});

describe('reset of a started mock (POST /__mock/reset)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      clock: 'auto',
      scenario: { accounts: [{ token: 'seeded', credits: 7, resources: [{ family: 'faceless', state: 'failed' }] }] },
    });
  });
  afterAll(() => mock?.close());

  it('restores the start clock mode, ids from 1 and the start scenario', async () => {
    const http = createVideoApiClient({ baseUrl: mock.url, token: 'http-reset' });
    const first = (await http.unwrap(http.POST('/faceless', { body: { type: 'b-roll' } }))).data!.id;
    await mock.control.setClock('manual');
    await mock.control.updateAccount('seeded', { credits: 1 });
    const reset = await fetch(`${new URL(mock.url).origin}/__mock/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect((await mock.control.clock()).mode).toBe('auto');
    const seeded = await mock.control.account('seeded');
    expect({ credits: seeded.credits, states: seeded.resources.map((r) => r.state) }).toEqual({ credits: 7, states: ['failed'] });
    // The scenario's resource took id 1 at start and again on reset; the next create follows it.
    expect((await http.unwrap(http.POST('/faceless', { body: { type: 'b-roll' } }))).data!.id).toBe(first);
  });
});
