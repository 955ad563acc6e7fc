import type { Middleware } from 'openapi-fetch';
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
export declare function readRateLimit(headers: Headers): RateLimitInfo | undefined;
/** Milliseconds to wait before retrying a 429: Retry-After (seconds or HTTP date), else X-RateLimit-Reset, else 1 s. */
export declare function retryDelayMs(headers: Headers, now?: number): number;
export declare function rateLimits(options?: RateLimitOptions): Middleware & {
    last(): RateLimitInfo | undefined;
};
