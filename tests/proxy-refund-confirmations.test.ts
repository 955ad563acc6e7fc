// The proxy's own reads for refunds the traffic never showed (qa/checker/confirm-refunds.ts),
// against a stand-in target in this process that answers GET /me and GET /credits/history as told.
// Waits (the refund's grace, the token's rate limit) run on a virtual clock: each wait the proxy
// asks for is recorded and the clock moves on by it at once, so a minute's wait takes no time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checker } from '../qa/checker/checker.js';
import { confirmRefunds, MAX_WAIT_MS, readOperations } from '../qa/checker/confirm-refunds.js';
import {
  charged,
  contract,
  DEFAULT_TOKEN,
  entry,
  failed,
  flat,
  ledgerPage,
  me,
  poll,
  statedCost,
  trigger,
} from './support/credit-exchanges.js';

const T0 = Date.parse('2026-07-04T10:00:00Z');
/** PROXY_TIMEOUT_MS for the reads: the one timer the virtual clock leaves alone. */
const TIMEOUT_MS = 4_321;
const cost = statedCost(flat);
const run = `${flat.name}#7`;

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON value, or raw text. */
  body?: unknown;
  /** Never answer. */
  hang?: boolean;
}
interface Seen {
  method: string;
  path: string;
  authorization?: string;
  accept?: string;
  at: number;
}

const open: http.Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const server of open.splice(0)) await new Promise((r) => server.close(r).closeAllConnections());
});

/** A target answering each path (below /v2) with its answers in turn, the last one from then on. */
async function target(script: Record<string, Answer[]>) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').replace(/^\/v2/, '');
    seen.push({
      method: req.method!,
      path: req.url!,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      at: Date.now(),
    });
    const answers = script[path] ?? [{ status: 404, body: { message: 'Not found.' } }];
    const answer = answers[Math.min(seen.filter((s) => s.path === req.url).length, answers.length) - 1];
    if (answer.hang) return;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers }).end(text);
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`), seen };
}

const body = (ex: { responseBody: Buffer }) => JSON.parse(ex.responseBody.toString());
const balance = (remaining: number, headers?: Record<string, string>): Answer => ({ body: body(me(remaining)), headers });
const ledger = (entries: unknown[], headers?: Record<string, string>): Answer => ({ body: body(ledgerPage(entries)), headers });

/** Starts the virtual clock at `now`; returns the waits asked for, in order. */
function virtualClock(now = T0): number[] {
  vi.useFakeTimers({ toFake: ['Date'], now });
  const waits: number[] = [];
  const real = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms === TIMEOUT_MS) return real(fn, ms);
    waits.push(ms ?? 0);
    vi.setSystemTime(Date.now() + Math.max(Number.isFinite(ms) ? (ms as number) : 0, 0));
    return real(fn, 0);
  }) as unknown as typeof setTimeout);
  return waits;
}

/** A checker that saw a launch clip charged (995 left) and then failed at `failedAt`. */
function failedClip(options: { graceMs?: number; failedAt?: number; token?: string; id?: number; checker?: Checker } = {}) {
  const checker = options.checker ?? new Checker({ contract, refundGraceMs: options.graceMs ?? 0 });
  const sent = { token: options.token ?? DEFAULT_TOKEN, at: (options.failedAt ?? T0 - 60_000) - 1 };
  checker.check(charged(flat, options.id ?? 7, cost, 995, sent));
  checker.check(poll(flat, failed(flat), options.id ?? 7, { ...sent, at: sent.at + 1 }));
  return checker;
}

async function confirm(checker: Checker, url: URL, extra: { stopped?: () => boolean; timeoutMs?: number } = {}) {
  const lines: string[] = [];
  const calls = await confirmRefunds({ checker, target: url, log: (l) => lines.push(l), timeoutMs: TIMEOUT_MS, ...extra });
  const refunds = checker.violations.filter((v) => v.kind === 'refund').map((v) => v.message);
  return { calls, lines, refunds, unconfirmed: checker.report().unconfirmed.map((u) => u.resource) };
}

describe('the reads: which, how, and what they decide', () => {
  it('the balance read and the ledger read are the GET /me and GET /credits/history of the contract', () => {
    const { balance: b, ledger: l } = readOperations(new Checker({ contract }));
    expect([b?.id, l?.id]).toEqual(['getMe', 'listCreditHistory']);
  });

  it('a balance exactly without the refund is a violation of the balance read; the ledger is then not read', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(995)], '/credits/history': [ledger([])] });
    const result = await confirm(failedClip(), url);
    expect(result.refunds).toEqual([
      `getMe GET /me [${run}]: expected balance 1000 (refund of ${cost} after ${trigger(flat)} failed); got balance 995, no refund`,
    ]);
    expect(result.calls).toBe(1);
    expect(seen.map((s) => `${s.method} ${s.path} ${s.authorization} ${s.accept}`)).toEqual([
      `GET /v2/me ${DEFAULT_TOKEN} application/json`,
    ]);
    expect(result.lines).toEqual(["refund check: GET /me with the charged account's token answered 200"]);
  });

  it('a balance that shows the refund confirms it; the ledger is then not read', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(1000)], '/credits/history': [ledger([])] });
    const result = await confirm(failedClip(), url);
    expect(result).toMatchObject({ calls: 1, refunds: [], unconfirmed: [] });
    expect(seen.map((s) => s.path)).toEqual(['/v2/me']);
  });

  it('a balance that cannot tell, and a ledger without the credit: the refund is missing, said with what both reads found', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(990)], '/credits/history': [ledger([entry(`-${cost}`)])] });
    const result = await confirm(failedClip(), url);
    expect(result.refunds).toEqual([
      `${trigger(flat)} POST /launch-clips [${run}]: expected a refund of ${cost} after ${trigger(flat)} failed, in the balance or the ledger; got none: the proxy's own reads found balance 990 and no credit of ${cost} on the ledger's latest page`,
    ]);
    expect(result.calls).toBe(2);
    expect(seen.map((s) => `${s.method} ${s.path} ${s.authorization} ${s.accept}`)).toEqual([
      `GET /v2/me ${DEFAULT_TOKEN} application/json`,
      `GET /v2/credits/history ${DEFAULT_TOKEN} application/json`,
    ]);
    expect(result.unconfirmed).toEqual([]);
  });

  it('part of the charge back (4 of 5, in the balance and on the ledger): missing, filed under the charging call, saying how much came back', async () => {
    virtualClock();
    const { url } = await target({
      '/me': [balance(995 + cost - 1)],
      '/credits/history': [ledger([entry(`+${cost - 1}`), entry(`-${cost}`)])],
    });
    const result = await confirm(failedClip(), url);
    expect(result.refunds).toEqual([
      `${trigger(flat)} POST /launch-clips [${run}]: expected a refund of ${cost} after ${trigger(flat)} failed, in the balance or the ledger; got a refund of ${cost - 1} of ${cost}: the proxy's own reads found balance ${995 + cost - 1} and no credit of ${cost} on the ledger's latest page`,
    ]);
  });

  it('a balance that cannot tell, and the credit on the ledger: confirmed', async () => {
    virtualClock();
    const { url } = await target({ '/me': [balance(990)], '/credits/history': [ledger([entry(`+${cost}`)])] });
    expect(await confirm(failedClip(), url)).toMatchObject({ calls: 2, refunds: [], unconfirmed: [] });
  });

  it('a base URL given with trailing slashes reads the same paths', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(1000)] });
    await confirm(failedClip(), new URL(`${url.href}//`));
    expect(seen.map((s) => s.path)).toEqual(['/v2/me']);
  });
});

describe('whose refunds are read for', () => {
  it("each account with its own token; one confirmed by its balance, the other's ledger still read", async () => {
    virtualClock();
    const a = 'Bearer account-a';
    const b = 'Bearer account-b';
    const checker = failedClip({ token: a, id: 7 });
    failedClip({ checker, token: b, id: 8 });
    const { url, seen } = await target({ '/me': [balance(1000), balance(990)], '/credits/history': [ledger([entry(`+${cost}`)])] });
    const result = await confirm(checker, url);
    expect(seen.map((s) => `${s.path} ${s.authorization}`)).toEqual([`/v2/me ${a}`, `/v2/me ${b}`, `/v2/credits/history ${b}`]);
    expect(result).toMatchObject({ calls: 3, refunds: [], unconfirmed: [] });
  });

  it('an account whose refunds are all settled is not read for', async () => {
    virtualClock();
    const checker = failedClip();
    checker.check(me(1000, { at: T0 - 1 }));
    const { url, seen } = await target({ '/me': [balance(1000)] });
    expect((await confirm(checker, url)).calls).toBe(0);
    expect(seen).toEqual([]);
  });

  it('an account whose traffic carried no token is not read for: its refund stays unconfirmed', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(1000)] });
    const result = await confirm(failedClip({ token: '' }), url);
    expect(result).toMatchObject({ calls: 0, refunds: [], unconfirmed: [run] });
    expect(seen).toEqual([]);
  });

  it('once stopped (a second signal), nothing more is read: the refund stays unconfirmed', async () => {
    virtualClock();
    const { url, seen } = await target({ '/me': [balance(1000)] });
    const result = await confirm(failedClip(), url, { stopped: () => true });
    expect(result).toMatchObject({ calls: 0, unconfirmed: [run] });
    expect(seen).toEqual([]);
  });
});

describe('reads that decide nothing', () => {
  it.each([
    ['503 in the error envelope', { status: 503, body: { message: 'Unavailable.', data: { credits: { remaining: 990 } } } }],
    ['300', { status: 300, body: { message: 'Moved.', data: { credits: { remaining: 990 } } } }],
    ['200 that is not JSON', { status: 200, body: '<html>maintenance</html>' }],
  ])('a balance read answered %s is no reading: even a ledger without the credit settles nothing', async (_, answer) => {
    virtualClock();
    const { url } = await target({ '/me': [answer as Answer], '/credits/history': [ledger([])] });
    const result = await confirm(failedClip(), url);
    expect(result).toMatchObject({ calls: 2, refunds: [], unconfirmed: [run] });
    expect(result.lines[0]).toBe(`refund check: GET /me with the charged account's token answered ${(answer as Answer).status}`);
  });

  it('a target that refuses the connection: the refund stays unconfirmed, the failed read is a target error', async () => {
    virtualClock();
    const { url } = await target({});
    await new Promise((r) => open.pop()!.close(r));
    const checker = failedClip();
    const result = await confirm(checker, url);
    expect(result).toMatchObject({ calls: 1, refunds: [], unconfirmed: [run] });
    expect(checker.targetErrors.map((e) => `${e.operationId} ${e.method} ${e.path} ${e.kind}`)).toEqual(['getMe GET /me refused']);
    expect(result.lines).toEqual([
      expect.stringMatching(/^refund check: GET \/me failed \(.*ECONNREFUSED.*\); the refund stays unconfirmed$/),
    ]);
  });

  it('a target that does not answer within PROXY_TIMEOUT_MS: a timeout target error, the refund unconfirmed', {
    timeout: 10_000,
  }, async () => {
    const { url } = await target({ '/me': [{ hang: true }] });
    const checker = failedClip();
    const result = await confirm(checker, url, { timeoutMs: 300 });
    expect(result).toMatchObject({ calls: 1, refunds: [], unconfirmed: [run] });
    expect(checker.targetErrors.map((e) => `${e.operationId} ${e.kind}`)).toEqual(['getMe timeout']);
  });
});

describe("the refund's grace", () => {
  it('is waited out before reading, and said so', async () => {
    const waits = virtualClock(T0 + 10_000);
    const { url, seen } = await target({ '/me': [balance(990)], '/credits/history': [ledger([])] });
    const result = await confirm(failedClip({ graceMs: 30_000, failedAt: T0 }), url);
    expect(waits).toEqual([20_000]);
    expect(result.lines[0]).toBe("refund check: waiting 20s for the refund's grace (PROXY_REFUND_GRACE_MS) before reading");
    expect(seen[0].at).toBe(T0 + 30_000);
    expect(result.refunds).toHaveLength(1);
  });

  it('one that ends now or has ended: read at once', async () => {
    const waits = virtualClock();
    const { url } = await target({ '/me': [balance(1000)] });
    const result = await confirm(failedClip({ graceMs: 30_000, failedAt: T0 - 30_000 }), url);
    expect(waits).toEqual([]);
    expect(result.lines).toEqual(["refund check: GET /me with the charged account's token answered 200"]);
  });

  it(`one longer than ${MAX_WAIT_MS / 1000}s: waited for that long at most, then read; what it cannot judge yet stays unconfirmed`, async () => {
    const waits = virtualClock();
    const { url } = await target({ '/me': [balance(990)], '/credits/history': [ledger([])] });
    const result = await confirm(failedClip({ graceMs: 600_000, failedAt: T0 }), url);
    expect(waits).toEqual([MAX_WAIT_MS]);
    expect(result).toMatchObject({ calls: 2, refunds: [], unconfirmed: [run] });
  });
});

describe("the token's rate limit", () => {
  const reset = (ms: number) => String((T0 + ms) / 1000);

  it.each([
    ['Retry-After', { 'retry-after': '2', 'x-ratelimit-reset': reset(9_000) }, 2_000],
    ['X-RateLimit-Reset when there is no Retry-After', { 'x-ratelimit-reset': reset(7_000) }, 7_000],
    ['X-RateLimit-Reset when Retry-After is 0', { 'retry-after': '0', 'x-ratelimit-reset': reset(7_000) }, 7_000],
    ['a minute when neither says when', {}, 60_000],
    ['a minute when both say 0', { 'retry-after': '0', 'x-ratelimit-reset': '0' }, 60_000],
    [`${MAX_WAIT_MS / 1000}s at most`, { 'retry-after': '600' }, MAX_WAIT_MS],
  ])('a 429 is waited out (%s), then the read is made again', async (_, headers, wait) => {
    const waits = virtualClock();
    const { url, seen } = await target({ '/me': [{ status: 429, headers, body: { message: 'Too many requests.' } }, balance(1000)] });
    const result = await confirm(failedClip(), url);
    expect(waits).toEqual([wait]);
    expect(result.lines[0]).toBe(`refund check: /v2/me answered 429; waiting ${Math.ceil(wait / 1000)}s (the token's rate limit)`);
    expect(seen.map((s) => s.path)).toEqual(['/v2/me', '/v2/me']);
    expect(result).toMatchObject({ calls: 1, refunds: [], unconfirmed: [] });
  });

  it('still 429 after two waits: that read gives up and decides nothing', async () => {
    const waits = virtualClock();
    const { url, seen } = await target({
      '/me': [{ status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests.' } }],
      '/credits/history': [ledger([])],
    });
    const result = await confirm(failedClip(), url);
    expect(waits).toEqual([1_000, 1_000]);
    expect(seen.map((s) => s.path)).toEqual(['/v2/me', '/v2/me', '/v2/me', '/v2/credits/history']);
    expect(result).toMatchObject({ calls: 2, refunds: [], unconfirmed: [run] });
  });

  it.each([
    ['its reset', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset(5_000) }, [5_000]],
    ['a minute when it does not say when it resets', { 'x-ratelimit-remaining': '0' }, [60_000]],
    ['nothing while calls remain', { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': reset(5_000) }, []],
  ])('after a read that used the window up, the next waits for %s', async (_, headers, waits_) => {
    const waits = virtualClock();
    const { url, seen } = await target({ '/me': [balance(990, headers)], '/credits/history': [ledger([entry(`+${cost}`)])] });
    const result = await confirm(failedClip(), url);
    expect(waits).toEqual(waits_);
    expect(seen[1].at - seen[0].at).toBe(waits_[0] ?? 0);
    expect(result).toMatchObject({ calls: 2, refunds: [], unconfirmed: [] });
  });
});
