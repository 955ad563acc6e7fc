// The requests the rule checks send on their own (a read before and after, a probe), and the
// account reads they need, found in the contract: the balance (the GET whose example carries
// data.credits.remaining) and the ledger (the list whose items carry credit_spend).
import { type ContractModel, type ContractOperation, fillPath, readPointer, templateParams } from '../../../lib/contract/index.js';
import { retryDelayMs, tokenBudgetSpent } from '../throttle.js';

export interface Sent {
  status: number;
  text: string;
  parsed: unknown;
  headers: Headers;
}

/** A 429 the run did not pace for is waited out this many times (its Retry-After), then answered. */
const MAX_429_WAITS = 2;
/** The longest a single wait for a 429 may be (the API's window and a second). */
const MAX_429_WAIT_MS = 61_000;

/**
 * fetch, with a 429 of the token's own limit waited out (Retry-After, else X-RateLimit-Reset):
 * without CONFORMANCE_RATE_LIMIT nothing paces the run, and a limit met mid-flow is not the API's fault.
 */
export async function fetchWaiting(url: string, init: RequestInit, log?: (line: string) => void): Promise<Response> {
  for (let waits = 0; ; waits++) {
    const response = await fetch(url, init);
    const headers = Object.fromEntries(response.headers);
    if (response.status !== 429 || waits >= MAX_429_WAITS || !tokenBudgetSpent({ headers })) return response;
    const delay = retryDelayMs(headers['retry-after'] ?? null, headers['x-ratelimit-reset'] ?? null, MAX_429_WAIT_MS - 1000);
    await response.arrayBuffer();
    log?.(`429 from ${init.method ?? 'GET'} ${url}: waiting ${Math.ceil(delay / 1000)}s (Retry-After) before sending it again`);
    await new Promise((r) => setTimeout(r, Math.min(delay, MAX_429_WAIT_MS)));
  }
}

export async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Sent> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetchWaiting(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, parsed, headers: response.headers };
}

/** One exchange as evidence: the request (token left out) and the start of the answer. */
export function exchangeLine(method: string, path: string, body: unknown, answer: Sent): string {
  const sent = body === undefined ? '' : ` ${JSON.stringify(body).slice(0, 300)}`;
  return `${method} ${path}${sent} -> ${answer.status} ${answer.text.replace(/\s+/g, ' ').slice(0, 300)}`;
}

export const success = (status: number) => status >= 200 && status < 300;

/** The operation's path with every parameter set to `value` (operations on one resource have one). */
export function onePath(op: ContractOperation, value: unknown): string {
  return fillPath(op.path, () => value).path;
}

/** The JSON body a probe sends: the operation's first named request example, else nothing. */
export function exampleBody(contract: ContractModel, op: ContractOperation): Record<string, unknown> | undefined {
  const media = contract.deref(op.operation.requestBody)?.content?.['application/json'];
  if (!media) return undefined;
  const first = Object.values<unknown>(media.examples ?? {})[0];
  const value = first ? (contract.deref(first as object) as { value?: unknown } | undefined)?.value : media.example;
  return value && typeof value === 'object' && !Array.isArray(value) ? (structuredClone(value) as Record<string, unknown>) : {};
}

/** The account's balance read and its ledger list, as the contract's examples show them. */
export function accountReads(contract: ContractModel): { balance?: ContractOperation; ledger?: ContractOperation } {
  const lists = contract.operations().filter((op) => op.method === 'get' && templateParams(op.path).length === 0);
  const first = (op: ContractOperation) => Object.values(contract.examples(op))[0];
  return {
    balance: lists.find((op) => typeof readPointer(first(op), '/data/credits/remaining') === 'number'),
    ledger: lists.find((op) => {
      const data = readPointer(first(op), '/data');
      return Array.isArray(data) && data.some((e) => e && typeof e === 'object' && 'credit_spend' in e);
    }),
  };
}

/** The balance now (undefined when the read fails or carries no number). */
export async function balanceOf(contract: ContractModel, base: string, token: string): Promise<number | undefined> {
  const op = accountReads(contract).balance;
  if (!op) return undefined;
  const answer = await call(base, token, 'GET', op.path);
  const value = readPointer(answer.parsed, '/data/credits/remaining');
  return success(answer.status) && typeof value === 'number' ? value : undefined;
}
