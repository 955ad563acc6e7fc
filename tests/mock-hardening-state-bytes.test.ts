// Stored state has a byte budget (MOCK_MAX_STATE_BYTES), not only count bounds: a client storing
// huge texts (a 2 MB script per PATCH once grew the mock past 1.6 GB with no eviction) makes the
// mock drop, as the count bounds do, the least recently used other accounts first, then the oldest
// idle resources of the account in use. GET /__mock/accounts reports the size and what was dropped.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STATE_BYTES } from '../mock/config.js';
import { approxBytes } from '../mock/state/size.js';
import { useMock } from './mock-harness.js';

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

  it('other accounts go first, least recently used first; the account in use keeps its state', async () => {
    await control('/reset', { method: 'POST' });
    for (const token of ['bytes-a', 'bytes-b', 'bytes-c', 'bytes-d']) await draftWithScript(token, 150_000, token);
    const held = [];
    for (const token of ['bytes-a', 'bytes-b', 'bytes-c', 'bytes-d']) if ((await control(`/accounts/${token}`)).seen) held.push(token);
    const list = await control('/accounts');
    expect([held, list.evicted.accounts, list.state.bytes <= BUDGET]).toEqual([['bytes-b', 'bytes-c', 'bytes-d'], 1, true]);
  });

  it('counts a text by its length (a 2 MB script is about 2 MB), and the default budget is documented as 64 MiB', () => {
    const size = approxBytes({ script: 'x'.repeat(2_000_000) });
    expect([size > 2_000_000 && size < 2_000_100, DEFAULT_MAX_STATE_BYTES]).toEqual([true, 64 * 1024 * 1024]);
  });
});
