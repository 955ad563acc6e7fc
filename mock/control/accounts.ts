// Accounts as the control API shows and changes them: facts (credits, subscription, verified
// email, saved card), resources with their state-machine state, and the ledger.
import type { Machines } from '../state/machines.js';
import { type Account, chronological } from '../state/store.js';
import type { AccountFacts } from '../tokens.js';
import { redactToken } from './journal.js';

export interface AccountPatch {
  credits?: number;
  subscription?: AccountFacts['subscription'];
  email_verified?: boolean;
  payment_method?: boolean;
}

export function applyPatch(account: Account, patch: AccountPatch): void {
  if (patch.credits !== undefined) account.balance = patch.credits;
  if (patch.subscription !== undefined) account.facts.subscription = patch.subscription;
  if (patch.email_verified !== undefined) account.facts.emailVerified = patch.email_verified;
  if (patch.payment_method !== undefined) account.facts.paymentMethod = patch.payment_method;
}

/**
 * An account as the control API shows it. `fullToken`: only for the account asked for by name; every
 * listing masks tokens as the journal does and gives the account's `ref` to act on it.
 */
export function accountView(account: Account, seen: boolean, machines: Machines, fullToken: boolean) {
  return {
    token: fullToken ? account.token : (redactToken(account.token) ?? ''),
    ref: account.ref,
    seen,
    credits: account.balance,
    subscription: account.facts.subscription,
    email_verified: account.facts.emailVerified,
    payment_method: account.facts.paymentMethod,
    resources: [...account.resources.values()].map((resource) => ({
      family: resource.family,
      id: resource.id,
      path: resource.path,
      state: machines.stateOf(resource),
      states: machines.statesOf(resource.family),
    })),
    ledger: [...account.ledger].sort(chronological).map(({ seq: _seq, at: _at, ...entry }) => entry),
  };
}
