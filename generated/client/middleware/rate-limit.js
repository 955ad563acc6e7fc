import { chargesCredits } from '../operations.js';
import { sleep } from '../sleep.js';
function headerNumber(headers, name) {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === '')
        return undefined;
    const n = Number(raw);
    return Number.isFinite(n) ? n : undefined;
}
export function readRateLimit(headers) {
    const info = {
        limit: headerNumber(headers, 'X-RateLimit-Limit'),
        remaining: headerNumber(headers, 'X-RateLimit-Remaining'),
        reset: headerNumber(headers, 'X-RateLimit-Reset'),
    };
    return info.limit === undefined && info.remaining === undefined && info.reset === undefined ? undefined : info;
}
/** Milliseconds to wait before retrying a 429: Retry-After (seconds or HTTP date), else X-RateLimit-Reset, else 1 s. */
export function retryDelayMs(headers, now = Date.now()) {
    const retryAfter = headers.get('Retry-After');
    if (retryAfter !== null) {
        const seconds = Number(retryAfter);
        if (Number.isFinite(seconds))
            return Math.max(0, seconds * 1000);
        const date = Date.parse(retryAfter);
        if (!Number.isNaN(date))
            return Math.max(0, date - now);
    }
    const reset = headerNumber(headers, 'X-RateLimit-Reset');
    if (reset !== undefined)
        return Math.max(0, reset * 1000 - now);
    return 1000;
}
export function rateLimits(options = {}) {
    const maxRetries = options.maxRetries ?? 2;
    const maxWaitMs = options.maxWaitMs ?? 60_000;
    let last;
    // A body can be read once; safe calls with a body keep a copy for a possible retry.
    const replayable = new Map();
    const observe = (response) => {
        const info = readRateLimit(response.headers);
        if (info) {
            last = info;
            options.onRateLimit?.(info);
        }
    };
    async function retry(request, first, operation, template, fetch) {
        let current = first;
        for (let attempt = 1; attempt <= maxRetries && current.status === 429; attempt++) {
            const waitMs = retryDelayMs(current.headers);
            if (waitMs > maxWaitMs)
                break;
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
            return retry(request, response, `${request.method} ${schemaPath}`, replayable.get(id), clientOptions.fetch).finally(() => replayable.delete(id));
        },
        onError({ id }) {
            replayable.delete(id);
            return undefined;
        },
    };
}
