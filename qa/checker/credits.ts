// Credits over time, per account (bearer token). A charging operation's success answer must carry
// `meta.credits` where the contract's success schema says every success is charged (operations
// that charge only sometimes, such as a voice clone that buys a slot, are not judged). A refund
// the state machine promises (a transition with `refund: true`) must show afterwards:
//   - confirmed by the ledger (GET /credits/history) when it lists a credit of the charged amount,
//     or by a balance (GET /me credits.remaining, or a later charge's meta.credits.remaining) at
//     least the expected balance with the refund;
//   - a violation only when a balance observed at least `graceMs` after the failure is exactly the
//     balance without the refund (every charge the proxy saw accounted for);
//   - otherwise unconfirmed (never a failure): reported as such, e.g. when the proxy never saw the
//     charge, never saw a balance afterwards, or other credit movements make the figure ambiguous.
import { readPointer, type ContractModel, type ContractOperation } from '../../lib/contract/index.js';
import type { RefundPromise } from './lifecycle.js';
import type { Unconfirmed } from './types.js';

export interface CreditFinding {
  kind: 'credits' | 'refund';
  resource?: string;
  /** For a refund: the operation whose charge was owed back (the finding is filed under it). */
  operationId?: string;
  expected: string;
  got: string;
}

interface Charge {
  seq: number;
  cost: number;
  remaining: number;
  operationId: string;
  resource?: string;
}
interface Pending {
  resource: string;
  operationId: string;
  amount?: number;
  /** Balance right after the refunded charge, and that charge's sequence number. */
  remainingAfter?: number;
  chargeSeq?: number;
  failedAt: number;
  state: 'pending' | 'confirmed' | 'violated';
  /** Part of the amount that did come back (a balance between, a smaller ledger credit). */
  partial?: number;
}
interface Account {
  charges: Charge[];
  pending: Pending[];
  usedLedger: Set<string>;
  /** The Authorization header the account's traffic carried: kept in memory only, for the proxy's own confirming reads. */
  authorization?: string;
}

/** What an account's refunds await: the header to read with, and when the last one's grace ends. */
export interface AwaitedRefunds {
  account: string;
  authorization?: string;
  /** Epoch ms after which a balance without the refund counts as a missing refund. */
  graceEndsAt: number;
}

export class CreditTracker {
  private readonly accounts = new Map<string, Account>();
  private seq = 0;

  constructor(
    private readonly contract: ContractModel,
    private readonly graceMs: number,
  ) {}

  private account(key: string): Account {
    let a = this.accounts.get(key);
    if (!a) {
      a = { charges: [], pending: [], usedLedger: new Set() };
      this.accounts.set(key, a);
    }
    return a;
  }

  /** True where the contract's success schema requires meta.credits (a charge on every success). */
  requiresMeta(op: ContractOperation): boolean {
    const seen = new Set<unknown>();
    const requires = (node: any, path: string[]): boolean => {
      if (!node || typeof node !== 'object' || seen.has(node)) return false;
      seen.add(node);
      const resolved = node.$ref ? this.contract.deref(node) : node;
      if (resolved !== node) return requires(resolved, path);
      if ((node.allOf ?? []).some((part: unknown) => requires(part, path))) return true;
      const [head, ...rest] = path;
      if (!(node.required ?? []).includes(head)) return false;
      return rest.length === 0 || requires(node.properties?.[head], rest);
    };
    const schema = this.contract.successResponse(op).response?.content?.['application/json']?.schema;
    return requires(schema, ['meta', 'credits']);
  }

  /** A successful answer of any operation: charges, balances and ledger pages are read from it. */
  observe(account: string, op: ContractOperation, body: any, resource: string | undefined, at: number): CreditFinding[] {
    const findings: CreditFinding[] = [];
    const acc = this.account(account);
    const seq = ++this.seq;
    const credits = body?.meta?.credits;
    if (op.credits?.charges) {
      if (credits && typeof credits.cost === 'number' && typeof credits.remaining === 'number') {
        acc.charges.push({ seq, cost: credits.cost, remaining: credits.remaining, operationId: op.id, resource });
        findings.push(...this.balance(acc, credits.remaining, seq, at));
      } else if (this.requiresMeta(op)) {
        findings.push({
          kind: 'credits',
          resource,
          expected: 'meta.credits { cost, remaining } on a charging success',
          got: credits === undefined ? 'no meta.credits' : JSON.stringify(credits),
        });
      }
    }
    if (this.isBalance(op)) {
      const remaining = body?.data?.credits?.remaining;
      if (typeof remaining === 'number') findings.push(...this.balance(acc, remaining, seq, at));
    }
    // A ledger page: its entries (a page the schema refuses may hold nulls or strings; those are skipped).
    const entries = Array.isArray(body?.data) ? body.data.filter((e: any) => e && typeof e === 'object' && 'credit_spend' in e) : [];
    if (entries.length) this.ledger(acc, entries);
    return findings;
  }

  /** A balance read: a GET whose contract example data carries credits.remaining (the profile, GET /me). */
  private isBalance(op: ContractOperation): boolean {
    return (
      op.method === 'get' &&
      !op.path.includes('{') &&
      typeof readPointer(Object.values(this.contract.examples(op))[0], '/data/credits/remaining') === 'number'
    );
  }

  promise(account: string, promise: RefundPromise, at: number): void {
    const acc = this.account(account);
    const charge = [...acc.charges].reverse().find((c) => c.resource === promise.resource);
    const stated =
      promise.trigger && this.contract.hasOperation(promise.trigger) ? this.contract.operation(promise.trigger).credits?.cost : undefined;
    acc.pending.push({
      resource: promise.resource,
      operationId: promise.trigger ?? promise.machine.pollOperationIds[0],
      amount: charge?.cost ?? stated,
      remainingAfter: charge?.remaining,
      chargeSeq: charge?.seq,
      failedAt: at,
      state: 'pending',
    });
  }

  private balance(acc: Account, value: number, seq: number, at: number): CreditFinding[] {
    const findings: CreditFinding[] = [];
    for (const p of acc.pending) {
      if (p.state !== 'pending' || p.amount === undefined || p.remainingAfter === undefined || p.chargeSeq === undefined) continue;
      const spentSince = acc.charges.filter((c) => c.seq > p.chargeSeq! && c.seq <= seq).reduce((sum, c) => sum + c.cost, 0);
      const without = p.remainingAfter - spentSince;
      if (value >= without + p.amount) p.state = 'confirmed';
      else if (value > without) p.partial = value - without;
      else if (value === without && at - p.failedAt >= this.graceMs) {
        p.state = 'violated';
        findings.push({
          kind: 'refund',
          resource: p.resource,
          operationId: p.operationId,
          expected: `balance ${without + p.amount} (refund of ${p.amount} after ${p.operationId} failed)`,
          got: `balance ${value}, no refund`,
        });
      }
    }
    return findings;
  }

  private ledger(acc: Account, entries: any[]): void {
    for (const p of acc.pending) {
      if (p.state !== 'pending' || p.amount === undefined) continue;
      const hit = entries.find(
        (e) => Number(String(e.credit_spend).replace(/\s/g, '')) === p.amount && !acc.usedLedger.has(JSON.stringify(e)),
      );
      if (hit) {
        acc.usedLedger.add(JSON.stringify(hit));
        p.state = 'confirmed';
        continue;
      }
      const part = entries.map((e) => Number(String(e.credit_spend).replace(/\s/g, ''))).find((n) => n > 0 && n < p.amount!);
      if (part !== undefined) p.partial = part;
    }
  }

  /** Remembers the account's Authorization header (in memory only; never in a report). */
  credential(account: string, authorization: string | undefined): void {
    if (authorization) this.account(account).authorization = authorization;
  }

  /** Accounts with refunds neither confirmed nor violated yet. */
  awaited(): AwaitedRefunds[] {
    return [...this.accounts.entries()]
      .filter(([, a]) => a.pending.some((p) => p.state === 'pending'))
      .map(([account, a]) => ({
        account,
        authorization: a.authorization,
        graceEndsAt: Math.max(...a.pending.filter((p) => p.state === 'pending').map((p) => p.failedAt)) + this.graceMs,
      }));
  }

  /**
   * After the proxy's own reads of the balance and the ledger (confirm-refunds.ts): a refund of a
   * known amount that neither showed, its grace over, is missing. One the figures cannot judge (the
   * amount unknown) stays unconfirmed.
   */
  settle(account: string, balance: number | undefined, at: number): CreditFinding[] {
    const acc = this.accounts.get(account);
    if (!acc) return [];
    const findings: CreditFinding[] = [];
    for (const p of acc.pending) {
      if (p.state !== 'pending' || p.amount === undefined || at - p.failedAt < this.graceMs) continue;
      p.state = 'violated';
      const seen = `the proxy's own reads found ${balance === undefined ? 'no balance' : `balance ${balance}`} and no credit of ${p.amount} on the ledger's latest page`;
      findings.push({
        kind: 'refund',
        resource: p.resource,
        operationId: p.operationId,
        expected: `a refund of ${p.amount} after ${p.operationId} failed, in the balance or the ledger`,
        got: p.partial !== undefined ? `a refund of ${p.partial} of ${p.amount}: ${seen}` : `none: ${seen}`,
      });
    }
    return findings;
  }

  /** What a refund for this resource looks like now. */
  refundState(account: string, resource: string): Pending['state'] | undefined {
    return this.accounts
      .get(account)
      ?.pending.filter((p) => p.resource === resource)
      .at(-1)?.state;
  }

  /** How many promised refunds a balance or the ledger confirmed. */
  confirmedRefunds(): number {
    return [...this.accounts.values()].reduce((n, a) => n + a.pending.filter((p) => p.state === 'confirmed').length, 0);
  }

  unconfirmed(): Unconfirmed[] {
    return [...this.accounts.values()].flatMap((a) =>
      a.pending
        .filter((p) => p.state === 'pending')
        .map((p) => ({
          resource: p.resource,
          operationId: p.operationId,
          amount: p.amount,
          message: `${p.resource}: refund${p.amount !== undefined ? ` of ${p.amount}` : ''} after ${p.operationId} failed not seen in any balance or ledger the proxy observed${p.remainingAfter === undefined ? ' (the charge itself did not pass through the proxy)' : ''}`,
        })),
    );
  }
}
