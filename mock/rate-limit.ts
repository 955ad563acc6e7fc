// Per-token request counting in fixed one-minute windows. The headers are always sent; 429 is
// only answered when MOCK_RATE_LIMIT is set (the real API enforces 30/min by default). A request
// without a token is nobody's: the source limits per token and says nothing about requests without
// one, so the mock counts them against no budget (its choice, in mock/README.md) and never answers
// them 429; one shared bucket would let any client's auth-less probes starve every other's.

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
    /** Windows kept at most (one per token): ended ones go first, then the oldest. */
    private readonly maxWindows = Number.POSITIVE_INFINITY,
  ) {}

  /** Forgets one token's window, or every window (a full reset of the mock). */
  forget(key?: string): void {
    if (key === undefined) this.windows.clear();
    else this.windows.delete(key);
  }

  take(key: string | undefined, now: number): RateDecision {
    const limit = this.enforced ?? this.advertised;
    if (key === undefined) return { limited: false, headers: { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': limit } };
    let window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (!window && this.windows.size >= this.maxWindows) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
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

  /** Drops ended windows; if none ended, the oldest (a map keeps insertion order). */
  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(key);
    while (this.windows.size >= this.maxWindows) this.windows.delete(this.windows.keys().next().value!);
  }

  /** How many windows are held (for the bounds' tests and the soak benchmark). */
  get size(): number {
    return this.windows.size;
  }
}
