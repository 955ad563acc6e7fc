// The account calls as a frontend pages and configures them, in process (the core's fetch function,
// as the MSW handlers call it): the credit history's pagination links on every page, also a page
// past the last, its order for entries written in the same millisecond, and an auto top-up
// switched on with a plan of extra credits.
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { loadModel, requestExample } from '../support/contract.js';
import { mockEachTest } from '../support/mock-each-test.js';

const base = 'http://account-calls.test/v2';
// Built before each test (tests/support/mock-each-test.ts says why); each test uses tokens of its own.
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} }));

async function call(token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await core.fetch(
    new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: await response.json() };
}

/** An account whose history holds three debits (three idea searches). */
async function spentThrice(token: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const search = await call(token, 'POST', '/ideas/discover', { keyword: `topic ${i}`, network: 'youtube' });
    expect(search.status).toBe(200);
  }
}

const link = (page: number) => `${base}/credits/history?page=${page}&per_page=1&order=DESC`;

describe('credit history links, one entry a page over three entries', () => {
  const token = 'history-links';
  beforeEach(() => spentThrice(token));

  it('page 1: no prev, next is page 2, first and last are pages 1 and 3', async () => {
    const reply = await call(token, 'GET', '/credits/history?per_page=1&page=1');
    expect([reply.status, reply.body.meta.total]).toEqual([200, 3]);
    expect(reply.body.links).toEqual({ first: link(1), last: link(3), prev: null, next: link(2) });
  });

  it('page 2: prev is page 1 and next is page 3', async () => {
    const reply = await call(token, 'GET', '/credits/history?per_page=1&page=2');
    expect(reply.body.links).toEqual({ first: link(1), last: link(3), prev: link(1), next: link(3) });
  });

  it('page 3, the last: prev is page 2 and there is no next', async () => {
    const reply = await call(token, 'GET', '/credits/history?per_page=1&page=3');
    expect([reply.body.links.prev, reply.body.links.next]).toEqual([link(2), null]);
  });

  it('a page past the last is empty and its prev leads back to the last page', async () => {
    const reply = await call(token, 'GET', '/credits/history?per_page=1&page=5');
    expect([reply.status, reply.body.data, reply.body.links.prev, reply.body.links.next]).toEqual([200, [], link(3), null]);
  });
});

describe('auto top-up', () => {
  it('enabled with extra credits: the plan is kept and units are cleared', async () => {
    const reply = await call('topup-extra', 'PUT', '/account/auto-topup', { enabled: true, type: 'extra-credits', plan_id: 3 });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ enabled: true, type: 'extra-credits', plan_id: 3, units: null });
    expect((await call('topup-extra', 'GET', '/account/auto-topup')).body.data).toEqual(reply.body.data);
  });
});

describe('credit history of entries written in the same millisecond (the clock stopped)', () => {
  const stopped = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1', MOCK_CLOCK: 'manual' }, log: () => {} }));
  const writes = ['discoverIdeas', 'createTextToVideo', 'createLaunchClip'];

  async function labels(order: string): Promise<string[]> {
    const token = `same-ms-${order}`;
    for (const operationId of writes) {
      const { path, method } = loadModel().operation(operationId);
      const reply = await stopped.fetch(
        new Request(`${base}${path}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(requestExample(operationId)),
        }),
      );
      expect(reply.status, operationId).toBeLessThan(300);
    }
    const history = await stopped.fetch(
      new Request(`${base}/credits/history?order=${order}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    return ((await history.json()) as { data: Array<{ label: string }> }).data.map((entry) => entry.label);
  }

  it('ASC lists them in the order they were written and DESC in the reverse order', async () => {
    const model = loadModel();
    const written = writes.map((operationId) => model.operation(operationId).operation.summary);
    const ascending = await labels('ASC');
    expect([new Set(written).size, ascending]).toEqual([writes.length, written]);
    expect(await labels('DESC')).toEqual([...ascending].reverse());
  });
});
