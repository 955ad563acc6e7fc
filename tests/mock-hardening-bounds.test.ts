// Memory stays bounded: with MOCK_MAX_ACCOUNTS and MOCK_MAX_RESOURCES set small, the least recently
// used account and the oldest idle resource are dropped, counted in GET /__mock/accounts, and an
// account in use keeps its state. The rate limiter's windows and the journal follow the same kind of
// bound (in process).
import { describe, expect, it } from 'vitest';
import { Journal, JOURNAL_SIZE } from '../mock/control/journal.js';
import { RateLimiter } from '../mock/rate-limit.js';
import { useMock } from './mock-harness.js';

const mock = useMock({ MOCK_MAX_ACCOUNTS: '3', MOCK_MAX_RESOURCES: '2' });
const control = async (path: string, init?: RequestInit) => (await fetch(`${mock.base.replace(/\/v2$/, '')}/__mock${path}`, init)).json();

describe('bounded accounts and resources', () => {
  it('a fourth account replaces the least recently used one; the one in use keeps its credits', async () => {
    await control('/reset', { method: 'POST' });
    for (const token of ['bound-a', 'bound-b', 'bound-c']) await mock.op('getMe', {}, { token });
    await control('/accounts/bound-a', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"credits":7}' });
    await mock.op('getMe', {}, { token: 'bound-a' });
    await mock.op('getMe', {}, { token: 'bound-d' });
    const list = await control('/accounts');
    // Lists mask tokens: which accounts are held is asked by name.
    const held = [];
    for (const token of ['bound-a', 'bound-b', 'bound-c', 'bound-d']) if ((await control(`/accounts/${token}`)).seen) held.push(token);
    const me = await mock.op('getMe', {}, { token: 'bound-a' });
    expect([held, list.accounts.length, list.evicted.accounts, me.body.data.credits.remaining]).toEqual([
      ['bound-a', 'bound-c', 'bound-d'],
      3,
      1,
      7,
    ]);
  });

  it('a third resource replaces the oldest idle one, which is then 404; the count says so', async () => {
    await control('/reset', { method: 'POST' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await mock.op('createFacelessVideo', {}, { token: 'bound-r', body: { type: 'b-roll' } })).body.data.id);
    const first = await mock.op('getFacelessVideo', { faceless: ids[0] }, { token: 'bound-r' });
    const last = await mock.op('getFacelessVideo', { faceless: ids[2] }, { token: 'bound-r' });
    const list = await control('/accounts');
    expect([first.status, last.status, list.evicted.resources]).toEqual([404, 200, 1]);
  });
});

describe('bounded rate-limit windows (in process)', () => {
  it('keeps at most its bound, dropping ended windows first and then the oldest', () => {
    const limiter = new RateLimiter(30, 30, 3);
    for (const [i, key] of ['w1', 'w2', 'w3'].entries()) limiter.take(key, i);
    limiter.take('w4', 10);
    const whileLive = limiter.size;
    limiter.take('w5', 120_000);
    expect([whileLive, limiter.size]).toEqual([3, 1]);
  });
});

describe('bounded journal (in process)', () => {
  it('lists only the newest JOURNAL_SIZE calls, and a token filter looks only among them', () => {
    const journal = new Journal();
    const calls = JOURNAL_SIZE * 2 + 500;
    for (let i = 0; i < calls; i++)
      journal.add(i % 2 ? 'journal-odd-token' : 'journal-even-token', {
        startedAt: i,
        method: 'GET',
        path: `/me?call=${i}`,
        operationId: 'getMe',
        status: 200,
        durationMs: 0,
      });
    const all = journal.list();
    const odd = journal.list({ token: 'journal-odd-token' });
    expect([all.length, all[0].path, all.at(-1)?.path, odd.length, odd.at(-1)?.path, all[0].token]).toEqual([
      JOURNAL_SIZE,
      `/me?call=${calls - 1}`,
      `/me?call=${calls - JOURNAL_SIZE}`,
      JOURNAL_SIZE / 2,
      `/me?call=${calls - JOURNAL_SIZE + 1}`,
      'journa…',
    ]);
  });
});
