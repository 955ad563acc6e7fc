// In-memory state, one account per bearer token: balance, ledger, resources, auto top-up.
// Nothing is shared between tokens, so one token never sees another's resources (404 instead).
import { factsOf, type AccountFacts, type AccountKind } from '../tokens.js';
import { accountBytes, knownResourceBytes, remeasure } from './size.js';

export interface LedgerEntry {
  seq: number;
  /** Epoch ms the entry happened (refunds are dated when the job failed, not when observed). */
  at: number;
  label: string;
  content_type: string;
  credit_spend: string;
  transaction_type: string;
  created_at: string;
}

export interface Job {
  machine: string;
  /** The machine state the resource is in (null before the machine names one). */
  state: string | null;
  /** When an operation-triggered transition completes by itself, where it is heading. */
  pendingTo?: string;
  enteredAt: number;
  fail: boolean;
  charge: number;
  chargeLabel: string;
  chargeType: string;
}

export interface Resource {
  family: string;
  id: number;
  data: Record<string, any>;
  /** Every text the client sent for this resource, by field; `mock:fail` is looked for here. */
  texts: Record<string, string>;
  /** Facts the API keeps but does not show (e.g. that images were scraped). */
  scraped: boolean;
  /** The API path the resource was created under (e.g. /faceless/5), for the control plane. */
  path: string;
  /** Charging operations already called on this resource (the storyboard estimate counts what is left). */
  charged?: Set<string>;
  job?: Job;
  /** Its approximate size when last measured (Store.settle); unset while a call may be changing it. */
  bytes?: number;
}

export interface Account {
  token: string;
  /** A handle for the account that is not its token (acct-1, acct-2, …): lists show it and the masked token. */
  ref: string;
  kind: AccountKind;
  /** Subscription, email verification, saved card: start from the kind, changed by the control API. */
  facts: AccountFacts;
  balance: number;
  ledger: LedgerEntry[];
  resources: Map<string, Resource>;
  /** Resources whose job can still move on its own; only these are advanced on each request. */
  active: Set<Resource>;
  autoTopup?: Record<string, unknown>;
  /** Voice clone slots bought with purchase_addon. */
  boughtSlots: number;
  /** Items of example-backed lists (presets) this account deleted, as "<list path>:<id>". */
  deleted: Set<string>;
  /** When this account's recent character previews happened (the source allows 5 per minute). */
  previews?: number[];
  /** When the account was last used (a counter, not a time): the least recently used is evicted first. */
  lastUsed?: number;
  /** Resources dropped to keep this account within MOCK_MAX_RESOURCES (or MOCK_MAX_STATE_BYTES). */
  evictedResources?: number;
  /** The account's approximate size when last measured (Store.settle). */
  bytes?: number;
  /** The id counter of the account's world (shared by every account of one Store). */
  ids: IdCounter;
}

/** One world's id counter: ids start at 1 and a full reset starts them at 1 again. */
export interface IdCounter {
  next: number;
}

/**
 * An account's stored resources. Each resource it hands out by key or takes in has its measured size
 * forgotten (the call may change it; see mock/state/size.ts). Iterating it hands out nothing to
 * change: the code that walks an account's resources (lists, counts, the control plane's listing,
 * evictions) only reads them.
 */
export class ResourceMap extends Map<string, Resource> {
  override get(key: string): Resource | undefined {
    const resource = super.get(key);
    if (resource) remeasure(resource);
    return resource;
  }

  override set(key: string, resource: Resource): this {
    remeasure(resource);
    return super.set(key, resource);
  }
}

/** A call may advance an account's running jobs, which changes their resources. */
function handOut(account: Account): Account {
  for (const resource of account.active) remeasure(resource);
  return account;
}

let nextSeq = 1;

/** Ids are unique across tokens and families of one world, so a leaked id never resolves for another token. */
export function newId(account: Account): number {
  return account.ids.next++;
}

export class Store {
  private readonly accounts = new Map<string, Account>();
  private uses = 0;
  /** Accounts handed out since the last settle(): the ones a request may have changed. */
  private readonly touched = new Set<Account>();
  /** Accounts dropped to stay within the bounds. */
  private ids: IdCounter = { next: 1 };
  private nextRef = 1;
  evicted = 0;
  /** The approximate size of every account held, as last measured. */
  bytes = 0;

  constructor(
    private readonly startingBalance: (kind: AccountKind) => number,
    /** At most this many accounts are kept; a new one beyond it replaces the least recently used. */
    readonly maxAccounts = Number.POSITIVE_INFINITY,
    /** The byte budget of stored state (MOCK_MAX_STATE_BYTES), kept by settle() with the same evictions. */
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  account(token: string, kind: AccountKind): Account {
    let account = this.accounts.get(token);
    if (!account) {
      if (this.accounts.size >= this.maxAccounts) this.evictLeastRecentlyUsed();
      account = this.fresh(token, kind);
      this.accounts.set(token, account);
    }
    account.lastUsed = ++this.uses;
    this.touched.add(account);
    return handOut(account);
  }

  /** Drops the least recently used account, sparing `keep` (the ones the current request uses). */
  private evictLeastRecentlyUsed(keep: ReadonlySet<Account> = new Set()): boolean {
    let oldest: Account | undefined;
    for (const account of this.accounts.values())
      if (!keep.has(account) && (!oldest || (account.lastUsed ?? 0) < (oldest.lastUsed ?? 0))) oldest = account;
    if (!oldest) return false;
    this.accounts.delete(oldest.token);
    this.bytes -= oldest.bytes ?? 0;
    this.touched.delete(oldest);
    this.evicted++;
    return true;
  }

  /**
   * After a request: measures the accounts it used and keeps the state within maxBytes with the
   * evictions of the count bounds: the oldest idle resources go first, whichever account holds
   * them (ids grow with time), then, if that is not enough, whole accounts least recently used.
   */
  settle(): void {
    for (const account of this.touched) {
      if (!this.accounts.has(account.token)) continue;
      const size = accountBytes(account);
      this.bytes += size - (account.bytes ?? 0);
      account.bytes = size;
    }
    const inUse = new Set(this.touched);
    this.touched.clear();
    while (this.bytes > this.maxBytes) {
      const oldest = this.oldestResource();
      if (!oldest) break;
      this.evictResource(oldest.account, oldest.key, oldest.resource);
    }
    while (this.bytes > this.maxBytes && this.evictLeastRecentlyUsed(inUse));
  }

  /** The oldest stored resource over all accounts, one without a running job if there is any. */
  private oldestResource(): { account: Account; key: string; resource: Resource } | undefined {
    let idle: { account: Account; key: string; resource: Resource } | undefined;
    let any: typeof idle;
    for (const account of this.accounts.values()) {
      for (const [key, resource] of account.resources) {
        if (!any || resource.id < any.resource.id) any = { account, key, resource };
        if (account.active.has(resource)) continue;
        // Insertion order is age order: the first idle resource is the account's oldest idle one.
        if (!idle || resource.id < idle.resource.id) idle = { account, key, resource };
        break;
      }
    }
    return idle ?? any;
  }

  private evictResource(account: Account, key: string, resource: Resource): void {
    account.resources.delete(key);
    account.active.delete(resource);
    account.evictedResources = (account.evictedResources ?? 0) + 1;
    const size = knownResourceBytes(resource);
    account.bytes = (account.bytes ?? 0) - size;
    this.bytes -= size;
  }

  /** A new account for a token, as it starts, without keeping it. */
  fresh(token: string, kind: AccountKind): Account {
    return {
      token,
      ref: `acct-${this.nextRef++}`,
      kind,
      facts: factsOf(kind),
      balance: this.startingBalance(kind),
      ledger: [],
      resources: new ResourceMap(),
      active: new Set(),
      boughtSlots: 0,
      deleted: new Set(),
      ids: this.ids,
    };
  }

  /** The token a control call names: a token the mock holds, else the token of the account with that ref, else as given. */
  resolve(tokenOrRef: string): string {
    if (this.accounts.has(tokenOrRef)) return tokenOrRef;
    for (const account of this.accounts.values()) if (account.ref === tokenOrRef) return account.token;
    return tokenOrRef;
  }

  /** The account of a token if the mock has seen it. */
  find(token: string): Account | undefined {
    const account = this.accounts.get(token);
    // A caller may change what it found (the control plane does): measured at the next settle().
    if (account) this.touched.add(handOut(account));
    return account;
  }

  /** Every account seen, in the order first seen. */
  all(): Account[] {
    return [...this.accounts.values()];
  }

  /** Forgets one token's account, or every account (and the eviction count, ids and refs with them: a fresh world). */
  forget(token?: string): void {
    if (token === undefined) {
      this.accounts.clear();
      this.touched.clear();
      this.evicted = 0;
      this.bytes = 0;
      this.ids = { next: 1 };
      this.nextRef = 1;
    } else {
      this.bytes -= this.accounts.get(token)?.bytes ?? 0;
      this.accounts.delete(token);
    }
  }

  static key(family: string, id: string | number): string {
    return `${family}:${id}`;
  }
}

/** Oldest first; entries of the same millisecond in the order they were written. */
export function chronological(a: LedgerEntry, b: LedgerEntry): number {
  return a.at - b.at || a.seq - b.seq;
}

export function record(account: Account, entry: Omit<LedgerEntry, 'seq' | 'created_at'>): void {
  account.ledger.push({ seq: nextSeq++, ...entry, created_at: new Date(entry.at).toISOString() });
}
