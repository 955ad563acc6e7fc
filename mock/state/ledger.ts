// Money: prices, debits (402 when short) with their ledger entries, and voice-clone slots.
import { formBoolean } from '../../lib/contract/index.js';
import type { MockOperation } from '../contract.js';
import { ApiError } from '../errors.js';
import type { Call, Charge, StateContext } from './call.js';
import { firstSegment, type Family } from './resources.js';
import { record, type Account, type Resource } from './store.js';

/** An account's stored resources of one family. */
export function owned(account: Account, family: Family): Resource[] {
  return [...account.resources.values()].filter((resource) => resource.family === family.machine);
}

export class Ledger {
  constructor(private readonly ctx: StateContext) {}

  price(op: MockOperation): number {
    return this.ctx.prices.get(op.id)?.cost ?? 0;
  }

  /** Debits a charging call (402 when short); returns `meta.credits`, or undefined for free calls. */
  charge(call: Call, price?: number): Charge | undefined {
    if (!call.op.credits?.charges) return undefined;
    const cost = price ?? this.price(call.op);
    if (call.account.balance < cost) throw new ApiError(this.ctx.errors.insufficientCredits(cost, call.account.balance));
    // The entry first: should it fail (a time no Date holds), the balance has not moved.
    record(call.account, {
      label: call.op.operation.summary ?? call.op.id,
      content_type: contentType(call),
      credit_spend: `-${cost}`,
      transaction_type: 'Debit',
      at: call.now,
    });
    call.account.balance -= cost;
    return { cost, remaining: call.account.balance };
  }

  /** What a job's refund writes, should it end in a refunding state. */
  chargeInfo(call: Call, charge: { cost: number } | undefined) {
    return { amount: charge?.cost ?? 0, label: call.op.operation.summary ?? call.op.id, contentType: contentType(call) };
  }

  /** Free slots: the contract's slots example, plus slots bought, minus this account's clones. */
  freeSlots(call: Call): number {
    const { contract, resources } = this.ctx;
    const family = resources.familyOf(contract.operation('createVoiceClone'))!;
    return Math.max(0, (this.slots().available ?? 0) + call.account.boughtSlots - owned(call.account, family).length);
  }

  /** A new clone takes a free slot; with slots full, purchase_addon=true buys one (charging), else 403. */
  takeSlot(call: Call): Charge | undefined {
    if (this.freeSlots(call) > 0) return undefined;
    const purchase = formBoolean((call.body as Record<string, unknown>)?.purchase_addon) === true;
    if (!purchase) throw new ApiError(this.ctx.errors.answer('ErrorReachPlanLimit'));
    const charge = this.charge(call, this.slots().cost);
    call.account.boughtSlots += 1;
    return charge;
  }

  private slots(): { available?: number; cost?: number } {
    const { contract } = this.ctx;
    return Object.values(contract.examples(contract.operation('getVoiceCloneSlots')))[0]?.data ?? {};
  }
}

function contentType(call: Call): string {
  return firstSegment(call.op.path).replace(/-/g, '_');
}
