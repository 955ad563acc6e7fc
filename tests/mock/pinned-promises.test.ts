// Promises a test name makes, pinned with values that tell a right implementation from a plausible
// wrong one (issue 49: bugs planted by hand that the suite let through): a last page when the total
// does not divide evenly, the clock going on from where a stopped clock stood (not from the wall clock),
// and a reset that forgets the rate-limit windows as mock/README.md promises. In process, on the core.
import { describe, expect, it } from 'vitest';
import { createMockCore, type MockCore } from '../../mock/core.js';

const base = 'http://pinned.test/v2';

async function call(core: MockCore, token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await core.fetch(
    new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: await response.json() };
}

async function control(core: MockCore, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await core.fetch(
    new Request(`http://127.0.0.1/__mock${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: response.status, body: await response.json() };
}

describe('the last page of the credit history', () => {
  it('five entries at two a page: three pages, the last holding one entry', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} });
    for (let i = 0; i < 5; i++)
      expect((await call(core, 'pages', 'POST', '/ideas/discover', { keyword: `k${i}`, network: 'youtube' })).status).toBe(200);
    const first = await call(core, 'pages', 'GET', '/credits/history?per_page=2&page=1');
    expect(first.body.meta.total).toBe(5);
    expect(first.body.links.last).toContain('page=3&');
    const last = await call(core, 'pages', 'GET', '/credits/history?per_page=2&page=3');
    expect([last.body.data.length, last.body.links.next]).toEqual([1, null]);
  });
});

describe('the clock', () => {
  it('switched from manual to auto, time goes on from where it stood, hours from the wall clock', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_CLOCK: 'manual' }, log: () => {} });
    const threeHours = 3 * 3_600_000;
    const stood = Date.parse((await control(core, 'POST', '/clock/advance', { ms: threeHours })).body.now);
    const auto = Date.parse((await control(core, 'POST', '/clock', { mode: 'auto' })).body.now);
    expect(auto - stood).toBeGreaterThanOrEqual(0);
    expect(auto - stood).toBeLessThan(1_000);
    // And back to manual: it stops where auto had got to, not back at the wall clock.
    const manual = Date.parse((await control(core, 'POST', '/clock', { mode: 'manual' })).body.now);
    expect(manual - stood).toBeGreaterThanOrEqual(0);
    expect(manual - stood).toBeLessThan(1_000);
  });
});

describe('reset', () => {
  it('forgets the rate-limit windows: a token at its limit is served again at once', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_RATE_LIMIT: '2', MOCK_CLOCK: 'manual' }, log: () => {} });
    expect((await call(core, 'limited', 'GET', '/me')).status).toBe(200);
    expect((await call(core, 'limited', 'GET', '/me')).status).toBe(200);
    expect((await call(core, 'limited', 'GET', '/me')).status).toBe(429);
    expect((await control(core, 'POST', '/reset')).status).toBeLessThan(300);
    expect((await call(core, 'limited', 'GET', '/me')).status).toBe(200);
  });
});
