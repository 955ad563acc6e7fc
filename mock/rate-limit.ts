// Per-token request counting in fixed one-minute windows. The headers are always sent; 429 is
// only answered when MOCK_RATE_LIMIT is set (the real API enforces 30/min by default).

interface Window {
  start: number;
  count: number;
}

export interface RateDecision {
  limited: boolean;
  headers: Record<string, string | number>;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly advertised: number,
    private readonly enforced: number | undefined,
  ) {}

  take(key: string, now: number): RateDecision {
    let window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const limit = this.enforced ?? this.advertised;
    const headers: Record<string, string | number> = {
      'X-RateLimit-Limit': limit,
      'X-RateLimit-Remaining': Math.max(0, limit - window.count),
    };
    if (this.enforced === undefined || window.count <= this.enforced) return { limited: false, headers };
    const resetAt = window.start + 60_000;
    headers['Retry-After'] = Math.max(1, Math.ceil((resetAt - now) / 1000));
    headers['X-RateLimit-Reset'] = Math.ceil(resetAt / 1000);
    return { limited: true, headers };
  }
}
