// Memory stays bounded: with MOCK_MAX_ACCOUNTS and MOCK_MAX_RESOURCES set small, the least recently
// used account and the oldest idle resource are dropped, counted in GET /__mock/accounts, and an
// account in use keeps its state. The rate limiter's windows and the journal follow the same kind of
// bound (in process). A charging call that fails at any step after its charge leaves no trace.
import { describe, expect, it, vi } from 'vitest';
import { type OperationId, mockContract } from '../../mock/contract.js';
import {
  Journal,
  JOURNAL_PAGE_BYTES,
  JOURNAL_SIZE,
  type JournalEntry,
  type JournalInput,
  MAX_JOURNAL_STRING,
} from '../../mock/control/journal.js';
import { createMockCore } from '../../mock/core.js';
import { templateValues } from '../../lib/contract/index.js';
import { priceList } from '../../mock/costs.js';
import { Errors } from '../../mock/errors.js';
import { StatefulApi } from '../../mock/state/api.js';
import type { Call } from '../../mock/state/call.js';
import { Machines } from '../../mock/state/machines.js';
import { Resources } from '../../mock/state/resources.js';
import { Store } from '../../mock/state/store.js';
import { RateLimiter } from '../../mock/rate-limit.js';
import { useMock } from '../support/mock-harness.js';
import { callerAs, voiceCloneForm } from '../support/core-calls.js';

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
      'journa…ken',
    ]);
  });
});

describe('a charge, its ledger entry and its change happen together or not at all (in process)', () => {
  const contract = mockContract();
  const machines = new Machines(contract, 1_000);
  const resources = new Resources(contract, machines);
  const api = new StatefulApi(contract, machines, resources, priceList(contract), new Errors(contract), {
    includeAllowlist: [],
  });
  const store = new Store(() => 10_000);

  function callOf(token: string, id: OperationId, path: string, body: unknown, now = 0): Call {
    const op = contract.operation(id);
    const example = Object.values(contract.examples(op))[0];
    return {
      op,
      account: store.account(token, 'paid'),
      params: templateValues(op.path, path),
      query: {},
      body,
      // Prism hands each call a body of its own; the contract's example is shared by every mock of
      // this module graph, and the pipeline writes into the body it is given.
      prism: { status: 200, body: structuredClone(example) },
      now,
      baseUrl: 'http://mock/v2',
    };
  }

  /** An account with a faceless video ready to render; what its state looks like, read whole. */
  function ready(token: string) {
    api.handle(callOf(token, 'createFacelessVideo', '/faceless', { type: 'b-roll', topic: 'owls' }));
    const id = [...store.account(token, 'paid').resources.values()][0].id;
    api.handle(callOf(token, 'updateFacelessVideo', `/faceless/${id}`, { script: 'Owls hunt at night.', voice_id: 17 }));
    const account = store.account(token, 'paid');
    const seen = () =>
      JSON.stringify(
        [account.balance, account.ledger, account.ids.next, [...account.active].length, [...account.resources.values()]],
        (_k, v) => (v instanceof Set ? [...v] : v),
      );
    return { id, account, seen, resource: [...account.resources.values()][0] };
  }

  /** What a failure at one step leaves: the error thrown, and whether the state is as before. */
  function failAt(token: string, run: (x: ReturnType<typeof ready>) => void): [string, boolean] {
    const x = ready(token);
    const before = x.seen();
    let thrown = 'nothing thrown';
    try {
      run(x);
    } catch (error) {
      thrown = (error as Error).message;
    }
    return [thrown, x.seen() === before];
  }

  it('a failure after the charge (no example, a throwing write, a clock past any Date, a machine that throws) leaves everything as it was', () => {
    const failures = [
      failAt('atomic-example', ({ id }) => {
        const call = callOf('atomic-example', 'generateFacelessScript', `/faceless/${id}/scripts`, {});
        Object.defineProperty(call, 'prism', {
          get: () => ({
            status: 200,
            get body() {
              throw new Error('no example');
            },
          }),
        });
        api.handle(call);
      }),
      failAt('atomic-write', ({ id, resource }) => {
        Object.defineProperty(resource.data, 'script', {
          enumerable: true,
          configurable: true,
          get: () => 'Owls hunt at night.',
          set: () => {
            throw new Error('write refused');
          },
        });
        api.handle(callOf('atomic-write', 'generateFacelessScript', `/faceless/${id}/scripts`, {}));
      }),
      failAt('atomic-clock', ({ id }) =>
        api.handle(callOf('atomic-clock', 'renderFacelessVideo', `/faceless/${id}/render`, {}, 8.64e15 + 1)),
      ),
      failAt('atomic-machine', ({ id }) => {
        const start = vi.spyOn(machines, 'start').mockImplementationOnce(() => {
          throw new Error('machine refused');
        });
        try {
          api.handle(callOf('atomic-machine', 'renderFacelessVideo', `/faceless/${id}/render`, {}));
        } finally {
          start.mockRestore();
        }
      }),
      failAt('atomic-store', ({ account }) => {
        vi.spyOn(account.resources, 'set').mockImplementationOnce(() => {
          throw new Error('store refused');
        });
        const body = { product_name: 'Brewly', domain: 'brewly.example', idea: 'An espresso timer' };
        api.handle(callOf('atomic-store', 'createLaunchClip', '/launch-clips', body));
      }),
    ];
    expect(failures).toEqual([
      ['no example', true],
      ['write refused', true],
      ['Invalid time value', true],
      ['machine refused', true],
      ['store refused', true],
    ]);
  });

  it('the same calls without a failure charge once and write one entry each', () => {
    const { id, account } = ready('atomic-ok');
    const [balance, entries] = [account.balance, account.ledger.length];
    api.handle(callOf('atomic-ok', 'renderFacelessVideo', `/faceless/${id}/render`, {}));
    expect([account.balance < balance, account.ledger.length - entries]).toEqual([true, 1]);
  });
});

describe('the journal within a byte budget (issue 52)', () => {
  const entry = (i: number, extra: Partial<JournalInput> = {}): JournalInput => ({
    startedAt: i,
    method: 'POST',
    path: `/voice-clones?call=${i}`,
    operationId: 'createVoiceClone',
    status: 201,
    durationMs: 0,
    ...extra,
  });

  it('90 uploads with a 10 MB file name keep 4 KB of each name and stay within the budget, dropping the oldest', () => {
    const journal = new Journal(200_000);
    const name = 'n'.repeat(10_000_000);
    for (let i = 0; i < 90; i++) journal.add('journal-upload', entry(i, { uploads: [{ field: 'samples[]', filename: name, size: 1 }] }));
    const listed = journal.list();
    const filename = listed[0].uploads?.[0].filename ?? '';
    expect([
      journal.bytes <= 200_000,
      listed.length < 90,
      listed[0].path,
      filename.length <= MAX_JOURNAL_STRING + 40,
      filename.endsWith('… (10000000 characters)'),
    ]).toEqual([true, true, '/voice-clones?call=89', true, true]);
  });

  it('an answer holds at most JOURNAL_PAGE_BYTES of entries; next pages on to the rest, none twice', () => {
    const journal = new Journal();
    const long = 'p'.repeat(5_000);
    for (let i = 0; i < 600; i++) journal.add('journal-pages', entry(i, { path: `/me?call=${i}&${long}` }));
    const pages = [];
    let offset: number | null = 0;
    while (offset !== null && pages.length < 10) {
      const page = journal.page({ offset, limit: 1000 });
      pages.push(page.requests.length);
      expect(JSON.stringify(page).length).toBeLessThanOrEqual(JOURNAL_PAGE_BYTES);
      offset = page.next;
    }
    expect([pages.length > 1, pages.reduce((a, b) => a + b, 0)]).toEqual([true, 600]);
  });

  it('over HTTP: MOCK_MAX_JOURNAL_BYTES bounds what GET /__mock/requests shows, and a long file name is cut there', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_MAX_JOURNAL_BYTES: '20000' } });
    const call = callerAs('journal-http');
    for (let i = 0; i < 10; i++) {
      const form = voiceCloneForm();
      form.set('samples[]', new Blob(['sample'], { type: 'audio/mpeg' }), `${'f'.repeat(100_000)}.mp3`);
      await call(core, 'POST', '/voice-clones', form);
    }
    const journal = await (await core.fetch(new Request('http://mock.test/__mock/requests?limit=1000'))).json();
    const names = journal.requests.flatMap((r: JournalEntry) =>
      (r.uploads ?? []).flatMap((u) => (u.filename === undefined ? [] : [u.filename])),
    );
    expect([journal.requests.length < 10, journal.next, names.every((n: string) => n.endsWith('(100004 characters)'))]).toEqual([
      true,
      null,
      true,
    ]);
  });
});
