// A local forwarder between Schemathesis and a remote deployment that keeps the run inside the
// API's rate limit: requests leave one at a time, evenly spaced, at most `limit` per window; a 429 is waited
// out (Retry-After, else X-RateLimit-Reset, else one window) and retried before Schemathesis sees
// it. Schemathesis's own limiter can pace or wait out 429s, not both; this does both, and counts
// requests for progress output. Responses pass through byte for byte.
import { send, header, serve, type UpstreamAnswer, type UpstreamRequest } from '../http-forward.js';

/** A 429 the throttle met: where, and the rate-limit headers it carried (null: absent). */
export interface Met429 {
  request: string;
  retryAfter: string | null;
  reset: string | null;
}

export interface Throttle {
  /** Base URL to give Schemathesis: same path as the remote base URL, on the local forwarder. */
  url: string;
  stats: { requests: number; waited429: number; readonly pacedMs: { token: number; others: number } };
  /** Every 429 it met, with the headers the rules table judges (Retry-After, X-RateLimit-Reset). */
  met429: Met429[];
  close(): Promise<void>;
}

const WINDOW_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
// A queued request must still be answered within Schemathesis's request-timeout (180 s in
// schemathesis.toml): at most 2 waits of at most one window plus a second each.
const MAX_429_RETRIES = 2;

export function parseRate(rate: string): { limit: number; windowMs: number } {
  const [count, unit] = rate.split('/');
  return { limit: Number(count), windowMs: WINDOW_MS[unit as keyof typeof WINDOW_MS] };
}

/** How long to wait after a 429: Retry-After seconds, else until X-RateLimit-Reset (Unix time), else one window; capped. */
export function retryDelayMs(retryAfter: string | null, resetAt: string | null, windowMs: number, now = Date.now()): number {
  const after = Number(retryAfter);
  if (retryAfter !== null && retryAfter.trim() !== '' && Number.isFinite(after) && after >= 0)
    return Math.min(after * 1000, windowMs + 1000);
  const reset = Number(resetAt);
  if (resetAt !== null && Number.isFinite(reset) && reset > 0) return Math.min(Math.max(reset * 1000 - now, 0) + 250, windowMs + 1000);
  return windowMs;
}

/**
 * Whether a 429 is the token's own limit: its budget is spent (X-RateLimit-Remaining 0, or no such
 * header). A 429 while budget remains is another limit the contract documents (character previews
 * at 5 a minute, the shared scraping capacity): the answer Schemathesis should judge, not one to wait out.
 */
export function tokenBudgetSpent(answer: { headers: UpstreamAnswer['headers'] }): boolean {
  const remaining = header(answer.headers, 'x-ratelimit-remaining');
  return remaining === null || remaining.trim() === '' || !(Number(remaining) > 0);
}

/**
 * One budget: evenly spaced (30/m: one request every 2 s, never a burst of 30), and never more than
 * `limit` in any sliding window. `waitMs` adds up the waits it imposed (for the run's progress).
 */
function pacer(limit: number, windowMs: number) {
  const sent: number[] = []; // start times within the sliding window
  const spacingMs = Number.isFinite(limit) ? windowMs / limit : 0;
  const state = { waitMs: 0 };
  const sleep = (ms: number) => {
    state.waitMs += ms;
    return new Promise((r) => setTimeout(r, ms));
  };
  async function slot(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (sent.length && sent[0] <= now - windowMs) sent.shift();
      const last = sent.at(-1);
      if (last !== undefined && now - last < spacingMs) {
        await sleep(last + spacingMs - now);
        continue;
      }
      if (sent.length < limit) {
        sent.push(now);
        return;
      }
      await sleep(sent[0] + windowMs - now + 5);
    }
  }
  return { slot, state };
}

export interface ThrottleOptions {
  /**
   * The lane's token. Given, only requests that carry it (`Authorization: Bearer <token>`) draw on
   * its budget; the others (no token, or another one: Schemathesis's auth checks) are nobody's
   * allowance and are paced by a budget of their own at the same rate.
   */
  token?: string;
}

export async function startThrottle(
  remoteBaseUrl: string,
  rate: string | undefined,
  log: (line: string) => void,
  options: ThrottleOptions = {},
): Promise<Throttle> {
  const remote = new URL(remoteBaseUrl);
  const { limit, windowMs } = rate ? parseRate(rate) : { limit: Infinity, windowMs: 60_000 };
  const own = pacer(limit, windowMs);
  const others = options.token === undefined ? own : pacer(limit, windowMs);
  const stats = {
    requests: 0,
    waited429: 0,
    /** Milliseconds the token's budget and the others' budget made requests wait. */
    get pacedMs() {
      return { token: own.state.waitMs, others: others === own ? 0 : others.state.waitMs };
    },
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let queue: Promise<unknown> = Promise.resolve();
  const met429: Met429[] = [];
  const budgetOf = (exchange: UpstreamRequest) =>
    options.token === undefined || header(exchange.headers, 'authorization') === `Bearer ${options.token}` ? own : others;

  async function forward(exchange: UpstreamRequest): Promise<UpstreamAnswer> {
    for (let attempt = 0; ; attempt++) {
      await budgetOf(exchange).slot();
      stats.requests++;
      const answer = await send(new URL(exchange.url, remote.origin), exchange);
      if (answer.status === 429 && met429.length < 100)
        met429.push({
          request: `${exchange.method} ${exchange.url}`,
          retryAfter: header(answer.headers, 'retry-after') ?? null,
          reset: header(answer.headers, 'x-ratelimit-reset') ?? null,
        });
      if (answer.status !== 429 || attempt >= MAX_429_RETRIES || !tokenBudgetSpent(answer)) return answer;
      const delay = retryDelayMs(header(answer.headers, 'retry-after'), header(answer.headers, 'x-ratelimit-reset'), windowMs);
      stats.waited429++;
      log(
        `429 from ${exchange.method} ${exchange.url}: waiting ${Math.ceil(delay / 1000)}s before retrying (${attempt + 1}/${MAX_429_RETRIES})`,
      );
      await sleep(delay);
    }
  }

  // One request at a time: the limit is per token, and order keeps stateful flows meaningful.
  const server = await serve((exchange) => {
    const job = queue.then(() => forward(exchange));
    queue = job.catch(() => undefined);
    return job;
  });
  return { url: `http://127.0.0.1:${server.port}${remote.pathname.replace(/\/+$/, '')}`, stats, met429, close: server.close };
}
