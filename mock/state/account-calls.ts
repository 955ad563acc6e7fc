// Calls about the account itself: the profile, the credit history (the ledger, paginated) and the
// auto top-up configuration.
import { machinePolledBy } from '../../lib/contract/index.js';
import { ApiError, type Answer } from '../errors.js';
import { profileFacts } from '../tokens.js';
import { ok, paramDefault } from './answer.js';
import type { Call, StateContext } from './call.js';
import { chronological } from './store.js';

export class AccountCalls {
  constructor(private readonly ctx: StateContext) {}

  me(call: Call): Answer {
    // The example is this call's own copy (mock/prism.ts copies it per call): changed in place.
    const data = call.prism.body.data;
    const facts = profileFacts(call.account.facts);
    data.credits = { ...data.credits, remaining: call.account.balance };
    data.email_verified = facts.email_verified;
    data.subscription = { ...data.subscription, ...facts.subscription };
    return ok(call, data);
  }

  history(call: Call): Answer {
    const { contract } = this.ctx;
    const perPage = Number(call.query.per_page ?? paramDefault(contract, call.op, 'per_page'));
    const page = Number(call.query.page ?? paramDefault(contract, call.op, 'page'));
    const order = String(call.query.order ?? paramDefault(contract, call.op, 'order'));
    // Every entry the mock writes is public-API spend, so `source=api` (or any source) shows them all.
    const entries = [...call.account.ledger].sort((a, b) => (order === 'ASC' ? chronological(a, b) : chronological(b, a)));
    const slice = entries.slice((page - 1) * perPage, page * perPage).map(({ seq: _seq, at: _at, ...entry }) => entry);
    const lastPage = Math.max(1, Math.ceil(entries.length / perPage));
    const link = (n: number) => `${call.baseUrl}/credits/history?page=${n}&per_page=${perPage}&order=${order}`;
    return {
      status: call.prism.status,
      body: {
        ...call.prism.body,
        data: slice,
        meta: { current_page: page, per_page: perPage, total: entries.length },
        links: {
          first: link(1),
          last: link(lastPage),
          prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
          next: page < lastPage ? link(page + 1) : null,
        },
      },
    };
  }

  autoTopup(call: Call): Record<string, unknown> {
    if (!call.account.autoTopup) {
      // A new account shows the machine's initial state, as the poll operation's example of that name.
      const { contract } = this.ctx;
      const poll = contract.operation('getAutoTopup');
      const machine = machinePolledBy(contract.stateMachines(), poll.id);
      const examples = contract.examples(poll);
      call.account.autoTopup = structuredClone(examples[machine?.initial ?? ''] ?? Object.values(examples)[0])?.data;
    }
    return call.account.autoTopup!;
  }

  updateAutoTopup(call: Call): Answer {
    const body = call.body as { enabled: boolean; type?: string; plan_id?: number; units?: number };
    const current = this.autoTopup(call);
    if (!body.enabled) {
      // Disabling ignores every other field and keeps the configuration.
      call.account.autoTopup = { ...current, enabled: false };
      return ok(call, call.account.autoTopup);
    }
    if (!call.account.facts.paymentMethod) throw new ApiError(this.ctx.errors.answer('ErrorAutoTopupNoPaymentMethod'));
    const extra = body.type === 'extra-credits';
    call.account.autoTopup = {
      ...current,
      enabled: true,
      type: body.type,
      plan_id: extra ? body.plan_id : null,
      units: extra ? null : body.units,
      enabled_at: current.enabled ? current.enabled_at : new Date(call.now).toISOString(),
    };
    return ok(call, call.account.autoTopup);
  }
}
