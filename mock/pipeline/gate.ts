// Who is calling: before validation, as the real API answers 401/403 whatever the body holds.
import { authorizationCheck } from '../../lib/contract/index.js';
import { gateFailure, kindOf } from '../tokens.js';
import type { Answer } from '../errors.js';
import type { Account } from '../state/store.js';
import type { Exchange, Matched, StageDeps } from './exchange.js';

/** No or unknown token: 401. An unsubscribed or unverified account: 403, except on ungated reads. */
export function gate(deps: StageDeps, x: Exchange, { op, input }: Matched): Answer | Account {
  const { contract, errors, prism, store, authorization } = deps;
  if (!x.token) return errors.unauthorized();
  // The operation's security (the Authorization header's scheme and form), read from the contract;
  // Prism's check for a scheme the contract's reading does not cover.
  if (!authorization.has(op.id)) authorization.set(op.id, authorizationCheck(contract, op));
  const check = authorization.get(op.id);
  const refused = check
    ? !check(x.request.headers.authorization)
    : prism.security(op.id, input).some((v) => v.severity === 0 && v.code === 401);
  if (refused) return errors.unauthorized();
  const kind = kindOf(x.token);
  if (kind === 'invalid') return errors.unauthorized();
  const account = store.account(x.token, kind);
  const failure = gateFailure(account.facts);
  if (failure && !contract.isUngated(op)) return errors.answer(failure);
  return account;
}
