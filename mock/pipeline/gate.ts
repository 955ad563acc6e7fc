// Who is calling: before validation, as the real API answers 401/403 whatever the body holds.
import { gateFailure, kindOf } from '../tokens.js';
import { need, type Stage, type StageDeps } from './exchange.js';

/** No or unknown token: 401. An unsubscribed or unverified account: 403, except on ungated reads. */
export function gate({ contract, errors, store }: StageDeps): Stage {
  return (x) => {
    const { op, result } = need(x.matched, 'the operation');
    if (result.violations.some((v) => v.severity === 0 && v.code === 401) || !x.token) return errors.unauthorized();
    const kind = kindOf(x.token);
    if (kind === 'invalid') return errors.unauthorized();
    const account = store.account(x.token, kind);
    const failure = gateFailure(account.facts);
    if (failure && !contract.isUngated(op)) return errors.answer(failure);
    x.account = account;
    return undefined;
  };
}
