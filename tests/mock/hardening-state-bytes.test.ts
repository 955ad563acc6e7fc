// Stored state has a byte budget (MOCK_MAX_STATE_BYTES), not only count bounds: a client storing
// huge texts (a 2 MB script per PATCH once grew the mock past 1.6 GB with no eviction) makes the
// mock drop, as the count bounds do, the oldest idle resources first (whichever account holds them), then
// least recently used accounts. GET /__mock/accounts reports the size and what was dropped.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STATE_BYTES } from '../../mock/config.js';
import { approxBytes } from '../../mock/state/size.js';
import { useMock } from '../support/mock-harness.js';

const BUDGET = 1_000_000;
const mock = useMock({ MOCK_QUIET: '1', MOCK_MAX_STATE_BYTES: String(BUDGET) });
const control = async (path: string, init?: RequestInit) => (await fetch(`${mock.base.replace(/\/v2$/, '')}/__mock${path}`, init)).json();

/** A draft with a script of `size` characters; its id. */
async function draftWithScript(token: string, size: number, mark: string): Promise<number> {
  const id = (await mock.op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
  await mock.op('updateFacelessVideo', { faceless: id }, { token, body: { script: mark + 'x'.repeat(size - mark.length) } });
  return id;
}

describe('MOCK_MAX_STATE_BYTES', () => {
  it('one account storing big scripts keeps its newest ones and stays within the budget', async () => {
    await control('/reset', { method: 'POST' });
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await draftWithScript('bytes-one', 150_000, `draft ${i} `));
    const list = await control('/accounts');
    const newest = await mock.op('getFacelessVideo', { faceless: ids[7] }, { token: 'bytes-one' });
    const oldest = await mock.op('getFacelessVideo', { faceless: ids[0] }, { token: 'bytes-one' });
    expect([
      list.state.bytes <= BUDGET,
      list.state.maxBytes,
      list.evicted.resources > 0,
      newest.status,
      newest.body.data.script?.startsWith('draft 7 '),
      oldest.status,
    ]).toEqual([true, BUDGET, true, 200, true, 404]);
  });

  it('the oldest resources go first, whichever account holds them; accounts and their credits stay', async () => {
    await control('/reset', { method: 'POST' });
    const ids: Record<string, number> = {};
    for (const token of ['bytes-a', 'bytes-b', 'bytes-c', 'bytes-d']) {
      await control(`/accounts/${token}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"credits":77}' });
      ids[token] = await draftWithScript(token, 150_000, token);
    }
    const kept = [];
    for (const token of Object.keys(ids))
      if ((await mock.op('getFacelessVideo', { faceless: ids[token] }, { token })).status === 200) kept.push(token);
    const credits = [];
    for (const token of Object.keys(ids)) credits.push(await mock.balance(token));
    const list = await control('/accounts');
    expect([kept, credits, list.evicted, list.state.bytes <= BUDGET]).toEqual([
      ['bytes-b', 'bytes-c', 'bytes-d'],
      [77, 77, 77, 77],
      { accounts: 0, resources: 1 },
      true,
    ]);
  });

  it('counts a text by its length (a 2 MB script is about 2 MB), and the default budget is documented as 128 MiB', () => {
    const size = approxBytes({ script: 'x'.repeat(2_000_000) });
    expect([size > 2_000_000 && size < 2_000_100, DEFAULT_MAX_STATE_BYTES]).toEqual([true, 128 * 1024 * 1024]);
  });
});
