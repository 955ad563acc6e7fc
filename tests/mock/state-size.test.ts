// The size the mock gives its stored state (mock/state/size.ts), the measure MOCK_MAX_STATE_BYTES is
// held against: about the bytes of the state's JSON text, counted by a walk. What each kind of value
// counts, what a resource and an account add, and that a resource's measure is kept until a call
// is handed the resource again.
import { describe, expect, it } from 'vitest';
import { accountBytes, approxBytes, knownResourceBytes, type MeasuredAccount, remeasure, resourceBytes } from '../../mock/state/size.js';

describe('approxBytes: about the length of the JSON text', () => {
  it('a string counts its length and its two quotes', () => {
    expect([approxBytes(''), approxBytes('abc')]).toEqual([2, 5]);
  });

  it('a number, a boolean, null and undefined count 8 each', () => {
    expect([approxBytes(12345678901), approxBytes(true), approxBytes(null), approxBytes(undefined)]).toEqual([8, 8, 8, 8]);
  });

  it('an object counts each key with its quotes and colon, and each value', () => {
    expect([approxBytes({}), approxBytes({ ab: 'x' }), approxBytes({ a: { b: 1 } })]).toEqual([0, 5 + 3, 4 + 4 + 8]);
  });

  it('an array counts its items as an object counts its values (with their indexes)', () => {
    expect(approxBytes(['x', 'y'])).toBe(2 * (4 + 3));
  });

  it('a Map counts its keys and values; a Set its members', () => {
    expect([approxBytes(new Map([['key', 1]])), approxBytes(new Set(['a', 'bc']))]).toEqual([5 + 8, 3 + 4]);
  });

  it('a long text counts its length', () => {
    expect(approxBytes({ script: 'x'.repeat(2_000_000) })).toBe(6 + 3 + 2_000_002);
  });
});

const resource = (job?: unknown) => ({ data: { id: 'a' }, texts: ['hi'], job });

describe('what a resource and an account add', () => {
  it('a resource is 64 bytes with its data and texts, and its job when it has one', () => {
    const data = approxBytes({ id: 'a' }) + approxBytes(['hi']);
    expect([resourceBytes(resource()), resourceBytes(resource({ step: 1 }))]).toEqual([64 + data, 64 + data + approxBytes({ step: 1 })]);
  });

  it('an account is 256 bytes with its token, ledger, deletions, previews, auto top-up and resources', () => {
    const bare: MeasuredAccount = { token: 'tok', ledger: [], deleted: new Set(), resources: new Map() };
    const full: MeasuredAccount = {
      token: 'tok',
      ledger: [{ amount: 1 }],
      deleted: new Set(['x']),
      previews: [5],
      autoTopup: { enabled: true },
      resources: new Map([['r', resource()]]),
    };
    const extra = approxBytes([{ amount: 1 }]) + approxBytes(new Set(['x'])) + approxBytes([5]) + approxBytes({ enabled: true });
    expect([accountBytes(bare), accountBytes(full)]).toEqual([259, 259 + extra + resourceBytes(resource())]);
  });

  it('an account counts each resource by the measure it is given', () => {
    const account: MeasuredAccount = {
      token: '',
      ledger: [],
      deleted: [],
      resources: new Map([
        ['a', resource()],
        ['b', resource()],
      ]),
    };
    expect(accountBytes(account, () => 1000)).toBe(256 + 2000);
  });
});

describe("a resource's measure is kept", () => {
  it('until the resource is handed to a call again', () => {
    const kept = resource();
    const first = knownResourceBytes(kept);
    kept.data = { id: 'a much longer id than before' };
    const stale = knownResourceBytes(kept);
    remeasure(kept);
    expect([stale, knownResourceBytes(kept)]).toEqual([first, resourceBytes(kept)]);
    expect(resourceBytes(kept)).toBeGreaterThan(first);
  });
});
