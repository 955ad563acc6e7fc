// Refunds confirmed, not guessed: a refund the state machine promised and the traffic never showed
// is read for by the checker's owner itself (the proxy on stop, the flows phase after a refunding
// flow), with read-only calls and the token that was charged: the balance (the contract's balance
// read, GET /me) and, when that does not show it, the ledger's latest page (GET /credits/history).
// Each waits out the refund's grace first (the refund may lag the failure), and stays within the
// token's rate limit: a 429 is waited out (Retry-After, else X-RateLimit-Reset; at most twice), and
// a window the previous read used up is waited for before the next. A refund still missing after
// the reads is a violation; one the figures cannot judge stays unconfirmed.
import { readPointer, type ContractOperation } from '../../lib/contract/index.js';
import { header, send } from '../http-forward.js';
import type { Checker } from './checker.js';

/** The longest the proxy waits for a refund's grace or a rate-limit window before reading anyway. */
export const MAX_WAIT_MS = 65_000;

export interface ConfirmOptions {
  checker: Checker;
  /** The deployment's base URL (ends in /v2). */
  target: URL;
  log: (line: string) => void;
  /** Stop waiting (a second signal): what was not read stays unconfirmed. */
  stopped?: () => boolean;
  /** How long one read may take (the proxy's PROXY_TIMEOUT_MS); default 30 s. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The contract's balance read and ledger read: GETs without path parameters, told by their examples. */
export function readOperations(checker: Checker): { balance?: ContractOperation; ledger?: ContractOperation } {
  const { contract } = checker;
  const gets = contract.operations().filter((op) => op.method === 'get' && !op.path.includes('{'));
  const example = (op: ContractOperation) => Object.values(contract.examples(op))[0];
  return {
    balance: gets.find((op) => typeof readPointer(example(op), '/data/credits/remaining') === 'number'),
    ledger: gets.find((op) => {
      const data = readPointer(example(op), '/data');
      return Array.isArray(data) && data.some((e) => e && typeof e === 'object' && 'credit_spend' in e);
    }),
  };
}

/** One GET with the account's token, within its rate limit. */
async function read(url: URL, authorization: string, log: (line: string) => void, timeoutMs: number) {
  for (let attempt = 0; ; attempt++) {
    const answer = await send(
      url,
      { method: 'GET', headers: { authorization, accept: 'application/json' }, body: Buffer.alloc(0) },
      timeoutMs,
    );
    const remaining = header(answer.headers, 'x-ratelimit-remaining');
    const reset = Number(header(answer.headers, 'x-ratelimit-reset'));
    const untilReset = Number.isFinite(reset) && reset > 0 ? reset * 1000 - Date.now() : 60_000;
    if (answer.status !== 429 || attempt === 2) return { answer, exhausted: remaining === '0' ? untilReset : 0 };
    const retryAfter = Number(header(answer.headers, 'retry-after'));
    const wait = Math.min(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : untilReset, MAX_WAIT_MS);
    log(`refund check: ${url.pathname} answered 429; waiting ${Math.ceil(wait / 1000)}s (the token's rate limit)`);
    await sleep(Math.max(wait, 0));
  }
}

const json = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Reads, for every account with awaited refunds, what confirms or refutes them; returns the number
 * of own calls made. Turn it off with PROXY_CONFIRM_REFUNDS=0 (the refunds stay unconfirmed).
 */
export async function confirmRefunds(options: ConfirmOptions): Promise<number> {
  const { checker, target, log } = options;
  const { balance, ledger } = readOperations(checker);
  const base = target.href.replace(/\/+$/, '');
  let calls = 0;
  for (const awaited of checker.credits.awaited()) {
    if (!awaited.authorization || options.stopped?.()) continue;
    const grace = Math.min(awaited.graceEndsAt - Date.now(), MAX_WAIT_MS);
    if (grace > 0) {
      log(`refund check: waiting ${Math.ceil(grace / 1000)}s for the refund's grace (PROXY_REFUND_GRACE_MS) before reading`);
      await sleep(grace);
    }
    let seenBalance: number | undefined;
    let readsOk = true;
    for (const op of [balance, ledger]) {
      if (!op || !checker.credits.awaited().some((a) => a.account === awaited.account)) continue;
      const url = new URL(`${base}${op.path}`);
      calls++;
      // A target that does not answer leaves the refund unconfirmed; the report is still written.
      const result = await read(url, awaited.authorization, log, options.timeoutMs ?? 30_000).catch((error: Error) => {
        log(`refund check: GET ${op.path} failed (${error.message}); the refund stays unconfirmed`);
        // The target not answering is never a pass, here as in the traffic.
        checker.targetError('GET', op.path, error);
        return undefined;
      });
      if (!result) {
        readsOk = false;
        break;
      }
      const { answer, exhausted } = result;
      const body = json(answer.body);
      log(`refund check: GET ${op.path} with the charged account's token answered ${answer.status}`);
      if (answer.status < 200 || answer.status >= 300 || body === undefined) {
        readsOk = false;
        continue;
      }
      if (op === balance) seenBalance = readPointer(body, '/data/credits/remaining') as number | undefined;
      for (const f of checker.credits.observe(awaited.account, op, body, undefined, Date.now()))
        checker.creditViolation(op.id, op.path, answer.status, f);
      if (exhausted > 0) await sleep(Math.min(exhausted, MAX_WAIT_MS));
    }
    // Only reads that both answered can call a refund missing.
    if (readsOk && balance && ledger)
      for (const f of checker.credits.settle(awaited.account, seenBalance, Date.now())) {
        // Filed under the operation whose charge was owed back, not the read that found it missing.
        const owed = f.operationId && checker.contract.hasOperation(f.operationId) ? checker.contract.operation(f.operationId) : ledger;
        checker.creditViolation(owed.id, owed.path, 200, f, owed.method.toUpperCase());
      }
  }
  return calls;
}
