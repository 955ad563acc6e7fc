import { clientDefaults } from './contract.js';
import { toVideoApiError, VideoApiError } from './errors.js';
// 408 and 504 are a timeout on the way, not an answer: the search may still have run.
const TIMEOUT_STATUSES = new Set([408, 504]);
// AbortSignal.any is recent in browsers (2023-24); fall back to a controller that follows both.
function anySignal(a, b) {
    if (typeof AbortSignal.any === 'function')
        return AbortSignal.any([a, b]);
    const controller = new AbortController();
    for (const s of [a, b]) {
        if (s.aborted) {
            controller.abort(s.reason);
            break;
        }
        s.addEventListener('abort', () => controller.abort(s.reason), { once: true });
    }
    return controller.signal;
}
export async function discoverIdeas(client, body, options = {}, redact) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? clientDefaults.discoverTimeoutMs);
    const signal = options.signal ? anySignal(options.signal, timeout) : timeout;
    let reason;
    try {
        const result = await client.POST('/ideas/discover', { body, signal });
        if (result.response.ok)
            return { outcome: 'discovered', result: result.data };
        if (!TIMEOUT_STATUSES.has(result.response.status)) {
            throw toVideoApiError(result, { redact });
        }
        reason = 'timeout';
    }
    catch (error) {
        if (options.signal?.aborted)
            throw options.signal.reason;
        if (error instanceof VideoApiError)
            throw error;
        reason = timeout.aborted ? 'timeout' : 'network';
    }
    const list = await client.GET('/ideas', {
        params: { query: { ...options.listQuery, keyword: body.keyword, network: body.network } },
        signal: options.signal,
    });
    if (!list.response.ok)
        throw toVideoApiError(list, { redact });
    return { outcome: 'reconciled', reason, ideas: list.data };
}
