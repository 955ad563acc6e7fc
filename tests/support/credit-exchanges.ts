// Exchanges written by hand for the checker's credit judgements (qa/checker/credits.ts): charges,
// polls into a refunding state, balance reads and ledger pages, each built from the contract's own
// examples through its model, so only the figures a target could answer differ.
import { mockContract, operationFromContract, type StateMachine } from '../../mock/contract.js';
import { parsePointer, readPointer } from '../../lib/contract/index.js';
import { accountKey } from '../../qa/checker/checker.js';
import type { Observed } from '../../qa/checker/types.js';
import { requestExample } from './contract.js';

export const contract = mockContract();
const rate = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29', 'content-type': 'application/json' };

/** Who sends an exchange and when it is answered. */
export interface Sent {
  token?: string;
  at?: number;
}

export const DEFAULT_TOKEN = 'Bearer credits-unit';
/** The account key the checker gives a token (the report's short hash). */
export const account = (token = DEFAULT_TOKEN) => accountKey(token);

export function exchange(operationId: string, params: Record<string, string | number>, body: unknown, sent: Sent = {}): Observed {
  const op = operationFromContract(contract, operationId);
  const request = requestExample<unknown>(operationId);
  const token = sent.token ?? DEFAULT_TOKEN;
  return {
    method: op.method.toUpperCase(),
    path: op.path.replace(/\{(\w+)\}/g, (_, n) => String(params[n])),
    query: new URLSearchParams(),
    requestHeaders: {
      ...(token ? { authorization: token } : {}),
      ...(request === undefined ? {} : { 'content-type': 'application/json' }),
    },
    requestBody: Buffer.from(request === undefined ? '' : JSON.stringify(request)),
    status: Number(contract.successResponse(op).code.replace(/X/g, '0')),
    responseHeaders: rate,
    responseBody: Buffer.from(JSON.stringify(body)),
    at: sent.at ?? Date.now(),
  };
}

const refunding = contract.stateMachines().filter((m) => m.transitions.some((t) => t.refund) && m.pollOperationIds.length);
const triggerOf = (m: StateMachine) => m.transitions.find((t) => t.from === null && t.operationIds?.length)!.operationIds![0];
/** A refunding machine whose trigger states its cost (a flat charge), and one whose trigger does not. */
export const flat = refunding.find((m) => operationFromContract(contract, triggerOf(m)).credits.cost !== undefined)!;
export const priced = refunding.find((m) => operationFromContract(contract, triggerOf(m)).credits.cost === undefined)!;
export const trigger = (m: StateMachine) => triggerOf(m);
export const failed = (m: StateMachine) => m.transitions.find((t) => t.refund)!.to!;
export const statedCost = (m: StateMachine) => operationFromContract(contract, triggerOf(m)).credits.cost!;

/** The trigger's success answer for run `id`, with this `meta` (by default a charge of cost, remaining). */
export function charge(m: StateMachine, id: number, meta: unknown, sent?: Sent): Observed {
  const op = operationFromContract(contract, triggerOf(m));
  const body = structuredClone(Object.values(contract.examples(op))[0]) as Record<string, any>;
  body.data.id = id;
  if (meta === undefined) delete body.meta;
  else body.meta = meta;
  return exchange(op.id, {}, body, sent);
}
export const charged = (m: StateMachine, id: number, cost: number, remaining: number, sent?: Sent) =>
  charge(m, id, { credits: { cost, remaining } }, sent);

/** A poll answer: the poll operation's own example for that state, with this id. */
export function poll(m: StateMachine, state: string, id: number, sent?: Sent): Observed {
  const op = operationFromContract(contract, m.pollOperationIds[0]);
  const examples = contract.examples(op);
  const body = structuredClone(examples[state] ?? Object.values(examples)[0]) as Record<string, any>;
  const keys = parsePointer(m.statusLocation);
  (readPointer(body, keys.slice(0, -1)) as Record<string, unknown>)[keys.at(-1) as string] = state;
  body.data.id = id;
  const param = /\{(\w+)\}/.exec(op.path)![1];
  return exchange(op.id, { [param]: id }, body, sent);
}

/** The balance read (GET /me) showing `remaining`. */
export function me(remaining: unknown, sent?: Sent): Observed {
  const body = structuredClone(Object.values(contract.examples(contract.operation('getMe')))[0]) as Record<string, any>;
  body.data.credits.remaining = remaining;
  return exchange('getMe', {}, body, sent);
}

/** A page of the ledger (GET /credits/history) listing these entries. */
export function ledgerPage(entries: unknown[], sent?: Sent): Observed {
  const body = structuredClone(Object.values(contract.examples(contract.operation('listCreditHistory')))[0]) as Record<string, any>;
  body.data = entries;
  return exchange('listCreditHistory', {}, body, sent);
}

/** A ledger entry crediting (or, negative, debiting) this signed amount, as the ledger writes it. */
export const entry = (creditSpend: string, label = 'Launch clip') => ({
  label,
  content_type: 'launch_clip',
  credit_spend: creditSpend,
  transaction_type: creditSpend.startsWith('-') ? 'Debit' : 'Credit',
  created_at: '2026-07-04T09:30:00Z',
});
