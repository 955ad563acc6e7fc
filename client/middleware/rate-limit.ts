// Rate limits: remembers the last X-RateLimit-* headers, and on 429 waits Retry-After and retries,
// but only operations whose contract says `x-credits.charges: false`. A charging call (render, idea
// discovery, ...) answered 429 is handed back untouched: retrying it could charge twice.
import type { Middleware } from 'openapi-fetch';
import { chargesCredits } from '../operations.js';
import { sleep } from '../sleep.js';

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Unix timestamp (seconds) of the window reset, when the server sent one. */
  reset?: number;
}

export interface RetryEvent {
  operation: string;
  attempt: number;
  waitMs: number;
}

export interface RateLimitOptions {
  /** Retries of one safe call after 429 (default 2). 0 turns retrying off. */
  maxRetries?: number;
  /** A longer Retry-After than this is not waited for; the 429 is returned (default 60 000 ms). */
  maxWaitMs?: number;
  onRateLimit?: (info: RateLimitInfo) => void;
  onRetry?: (event: RetryEvent) => void;
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

export function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const info: RateLimitInfo = {
    limit: headerNumber(headers, 'X-RateLimit-Limit'),
    remaining: headerNumber(headers, 'X-RateLimit-Remaining'),
    reset: headerNumber(headers, 'X-RateLimit-Reset'),
  };
  return info.limit === undefined && info.remaining === undefined && info.reset === undefined ? undefined : info;
}

/** Milliseconds to wait before retrying a 429: Retry-After (seconds or HTTP date), else X-RateLimit-Reset, else 1 s. */
export function retryDelayMs(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('Retry-After');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headerNumber(headers, 'X-RateLimit-Reset');
  if (reset !== undefined) return Math.max(0, reset * 1000 - now);
  return 1000;
}

export function rateLimits(options: RateLimitOptions = {}): Middleware & { last(): RateLimitInfo | undefined } {
  const maxRetries = options.maxRetries ?? 2;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  let last: RateLimitInfo | undefined;
  // A body can be read once; safe calls with a body keep a copy for a possible retry.
  const replayable = new Map<string, Request>();

  const observe = (response: Response) => {
    const info = readRateLimit(response.headers);
    if (info) {
      last = info;
      options.onRateLimit?.(info);
    }
  };

  async function retry(
    request: Request,
    first: Response,
    operation: string,
    template: Request | undefined,
    fetch: (r: Request) => Promise<Response>,
  ): Promise<Response> {
    let current = first;
    for (let attempt = 1; attempt <= maxRetries && current.status === 429; attempt++) {
      const waitMs = retryDelayMs(current.headers);
      if (waitMs > maxWaitMs) break;
      options.onRetry?.({ operation, attempt, waitMs });
      await current.body?.cancel();
      await sleep(waitMs, request.signal);
      current = await fetch(template ? template.clone() : request);
      observe(current);
    }
    return current;
  }

  return {
    last: () => last,
    onRequest({ request, schemaPath, id }) {
      if (maxRetries > 0 && request.body !== null && !chargesCredits(request.method, schemaPath)) {
        replayable.set(id, request.clone());
      }
      return undefined;
    },
    onResponse({ request, response, schemaPath, id, options: clientOptions }) {
      observe(response);
      // Fast path stays synchronous: most answers are not 429.
      if (response.status !== 429 || maxRetries === 0 || chargesCredits(request.method, schemaPath)) {
        replayable.delete(id);
        return undefined;
      }
      return retry(request, response, `${request.method} ${schemaPath}`, replayable.get(id), clientOptions.fetch).finally(() =>
        replayable.delete(id),
      );
    },
    onError({ id }) {
      replayable.delete(id);
      return undefined;
    },
  };
}
