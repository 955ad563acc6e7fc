// Faults of POST /__mock/faults (mock/control/faults.ts): the oldest matching fault is used first,
// one per call, each for its `count` calls; a fault aimed at a token reaches that token's calls
// only; clearing forgets all of them or one token's, and says how many.
import { describe, expect, it } from 'vitest';
import { Faults } from '../../mock/control/faults.js';

describe('a fault as it is set', () => {
  it('numbered from 1, used once and without delay unless told, keeping only what was given', () => {
    const faults = new Faults();
    expect(faults.add({ operationId: 'getMe' })).toStrictEqual({ id: 1, operationId: 'getMe', remaining: 1, delayMs: 0 });
    expect(faults.add({ operationId: '*', status: 503, count: 3, delayMs: 250, token: 't-1' })).toEqual({
      id: 2,
      operationId: '*',
      status: 503,
      remaining: 3,
      delayMs: 250,
      token: 't-1',
    });
    expect(faults.list().map((f) => f.id)).toEqual([1, 2]);
  });

  it('the list is a copy: changing it changes no fault', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', count: 2 });
    faults.list()[0].remaining = 99;
    expect(faults.list()[0].remaining).toBe(2);
  });
});

describe('the fault a call uses', () => {
  it('the oldest that matches, for exactly its count of calls', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', status: 500, count: 2 });
    faults.add({ operationId: '*', status: 503 });
    expect(faults.take('getMe', 'a')).toMatchObject({ id: 1, status: 500, remaining: 1 });
    expect(faults.take('getMe', 'a')).toMatchObject({ id: 1, status: 500, remaining: 0 });
    expect(faults.take('getMe', 'a')).toMatchObject({ id: 2, status: 503 });
    expect(faults.take('getMe', 'a')).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });

  it('"*" matches any operation, even a call outside the contract; a named one only its own', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', count: 5 });
    expect(faults.take('listVoices', 'a')).toBeUndefined();
    expect(faults.take(undefined, 'a')).toBeUndefined();
    faults.add({ operationId: '*' });
    expect(faults.take(undefined, 'a')).toMatchObject({ id: 2 });
  });

  it("a fault for a token reaches that token's calls only; one for no token reaches every caller", () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', token: 'alice' });
    expect(faults.take('getMe', 'bob')).toBeUndefined();
    expect(faults.take('getMe', undefined)).toBeUndefined();
    expect(faults.take('getMe', 'alice')).toMatchObject({ id: 1, token: 'alice' });
    faults.add({ operationId: 'getMe' });
    expect(faults.take('getMe', undefined)).toMatchObject({ id: 2 });
  });

  it('what a call gets is a copy: the fault it came from goes on counting', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', count: 3 });
    const taken = faults.take('getMe', 'a')!;
    taken.remaining = 0;
    expect(faults.list()[0].remaining).toBe(2);
  });

  it('a count of 0 is used once and gone', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', count: 0 });
    expect(faults.take('getMe', 'a')).toMatchObject({ id: 1 });
    expect(faults.take('getMe', 'a')).toBeUndefined();
  });
});

describe('clearing', () => {
  it("everything, or one token's faults only, saying how many went", () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe', token: 'alice' });
    faults.add({ operationId: 'getMe', token: 'bob' });
    faults.add({ operationId: '*' });
    faults.add({ operationId: 'listVoices', token: 'alice' });
    expect(faults.clear('alice')).toBe(2);
    expect(faults.list().map((f) => f.id)).toEqual([2, 3]);
    expect(faults.clear('nobody')).toBe(0);
    expect(faults.clear()).toBe(2);
    expect(faults.list()).toEqual([]);
    expect(faults.clear()).toBe(0);
  });

  it('ids go on after a clear (a fault id is never given twice)', () => {
    const faults = new Faults();
    faults.add({ operationId: 'getMe' });
    faults.clear();
    expect(faults.add({ operationId: 'getMe' }).id).toBe(2);
  });
});
