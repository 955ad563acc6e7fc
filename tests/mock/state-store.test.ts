// The mock's stored state and its bounds (mock/state/store.ts): which account a new token replaces
// at the account bound, which resource or account the byte budget (MOCK_MAX_STATE_BYTES) drops, the
// size GET /__mock/accounts reports after each of those, and the token a control call's name (a token
// or an account's ref) resolves to. Each test builds its own Store and measures with a full walk.
import { describe, expect, it } from 'vitest';
import { accountBytes, resourceBytes } from '../../mock/state/size.js';
import { newId, type Resource, Store } from '../../mock/state/store.js';

/** A store whose accounts start with 100 credits, within these bounds. */
const storeOf = (maxAccounts = Number.POSITIVE_INFINITY, maxBytes = Number.POSITIVE_INFINITY) =>
  new Store(() => 100, maxAccounts, maxBytes);

/** Stores a resource with a script of 1,000 characters for `token` (a running job if `running`); its id. */
function store1k(store: Store, token: string, running = false): number {
  const account = store.account(token, 'paid');
  const id = newId(account);
  const resource: Resource = {
    family: 'faceless',
    id,
    data: { script: 'x'.repeat(1_000) },
    texts: {},
    scraped: false,
    path: `/faceless/${id}`,
  };
  account.resources.set(Store.key(resource.family, resource.id), resource);
  if (running) account.active.add(resource);
  return resource.id;
}

/** What the store holds: each account's token and its resources' ids. */
const held = (store: Store) => store.all().map((account) => [account.token, [...account.resources.values()].map((r) => r.id)]);

/** Whether the kept sizes (the store's and each account's) are those a full walk gives. */
function sizesAgree(store: Store): boolean {
  const walks = store.all().map((account) => accountBytes(account, resourceBytes));
  const each = store.all().every((account, i) => account.bytes === walks[i]);
  return each && store.bytes === walks.reduce((sum, bytes) => sum + bytes, 0);
}

/** The size of an account of `token` holding `resources` resources of store1k, once settled. */
function sizeOf(token: string, resources: number): number {
  const store = storeOf();
  for (let i = 0; i < resources; i++) store1k(store, token);
  store.account(token, 'paid');
  store.settle();
  return store.bytes;
}

describe('the account bound (a new token beyond it replaces the least recently used account)', () => {
  it('the account used longest ago goes, not the first one made; the size drops by what it held', () => {
    const store = storeOf(2);
    store1k(store, 'a');
    store1k(store, 'b');
    store.account('a', 'paid');
    store.settle();
    store.account('c', 'paid');
    store.settle();
    expect([held(store).map(([token]) => token), store.evicted, sizesAgree(store)]).toEqual([['a', 'c'], 1, true]);
  });
});

describe('the byte budget: resources first', () => {
  it('the oldest idle resource goes, whichever account holds it', () => {
    const store = storeOf(Number.POSITIVE_INFINITY, sizeOf('a', 2) + sizeOf('b', 1) - 500);
    store.account('a', 'paid');
    const running = store1k(store, 'a', true);
    const older = store1k(store, 'b');
    const newer = store1k(store, 'a');
    store.settle();
    expect([held(store), sizesAgree(store)]).toEqual([
      [
        ['a', [running, newer]],
        ['b', []],
      ],
      true,
    ]);
    expect(older).toBeLessThan(newer);
  });

  it("an account's idle resource goes before an older running one of the same account", () => {
    const store = storeOf(Number.POSITIVE_INFINITY, sizeOf('a', 2) - 500);
    const running = store1k(store, 'a', true);
    store1k(store, 'a');
    store.settle();
    expect([held(store), sizesAgree(store)]).toEqual([[['a', [running]]], true]);
  });

  it('when every resource runs a job, the oldest of them goes, whichever account holds it', () => {
    const store = storeOf(Number.POSITIVE_INFINITY, sizeOf('a', 1) + sizeOf('b', 2) - 500);
    store.account('a', 'paid');
    const oldest = store1k(store, 'b', true);
    const second = store1k(store, 'a', true);
    const third = store1k(store, 'b', true);
    store.settle();
    expect([held(store), sizesAgree(store)]).toEqual([
      [
        ['a', [second]],
        ['b', [third]],
      ],
      true,
    ]);
    expect(oldest).toBeLessThan(second);
  });
});

describe('the byte budget: a state of exactly the budget is within it', () => {
  it('nothing is dropped, neither a resource nor an account', () => {
    const store = storeOf(Number.POSITIVE_INFINITY, sizeOf('a', 1) + sizeOf('b', 0));
    store1k(store, 'a');
    store.settle();
    store.account('b', 'paid');
    store.settle();
    expect([held(store).map(([token, ids]) => [token, ids.length]), store.evicted]).toEqual([
      [
        ['a', 1],
        ['b', 0],
      ],
      0,
    ]);
  });
});

describe('the byte budget: then whole accounts, least recently used, sparing those the request used', () => {
  it('as many accounts go as the budget needs', () => {
    const big = 'c'.repeat(300);
    const store = storeOf(Number.POSITIVE_INFINITY, 2 * sizeOf('a', 0) + 10);
    for (const token of ['a', 'b']) {
      store.account(token, 'paid');
      store.settle();
    }
    const kept = held(store).length;
    store.account(big, 'paid');
    store.settle();
    expect([kept, held(store), store.evicted]).toEqual([2, [[big, []]], 2]);
  });

  it('the accounts the request used stay, even over the budget', () => {
    const store = storeOf(Number.POSITIVE_INFINITY, 10);
    store.account('a', 'paid');
    store.settle();
    store.account('b', 'paid');
    store.settle();
    expect([held(store), store.evicted, store.bytes > 10]).toEqual([[['b', []]], 1, true]);
  });
});

describe('the size after a control call changes an account it found', () => {
  it('measured again when the request settles', () => {
    const store = storeOf();
    store.account('a', 'paid');
    store.settle();
    const found = store.find('a')!;
    found.resources.set(Store.key('faceless', 9), {
      family: 'faceless',
      id: 9,
      data: { script: 'y'.repeat(500) },
      texts: {},
      scraped: false,
      path: '/faceless/9',
    });
    store.settle();
    expect([store.bytes > sizeOf('a', 0), sizesAgree(store)]).toEqual([true, true]);
  });
});

describe('the size after an account is forgotten (a reset of one token)', () => {
  it('drops by what the account held; a token the mock never saw changes nothing', () => {
    const store = storeOf();
    store1k(store, 'a');
    store1k(store, 'b');
    store.settle();
    store.forget('a');
    store.forget('never-seen');
    expect([held(store), sizesAgree(store)]).toEqual([[['b', [2]]], true]);
  });

  it('an account changed and forgotten within one request is not counted when the request settles', () => {
    const store = storeOf();
    store1k(store, 'b');
    store.settle();
    store1k(store, 'a');
    store.forget('a');
    store.settle();
    expect([held(store), sizesAgree(store)]).toEqual([[['b', [1]]], true]);
  });
});

describe("the token a control call names (a token the mock holds, or an account's ref)", () => {
  it("a ref resolves to its account's token; a name the mock does not hold stays as given", () => {
    const store = storeOf();
    store.account('first', 'paid');
    expect([store.resolve('acct-1'), store.resolve('first'), store.resolve('acct-9')]).toEqual(['first', 'first', 'acct-9']);
  });

  it("a token wins over another account's ref of the same text", () => {
    const store = storeOf();
    store.account('acct-2', 'paid');
    store.account('second', 'paid');
    expect([store.find('second')?.ref, store.resolve('acct-2')]).toEqual(['acct-2', 'acct-2']);
  });
});
