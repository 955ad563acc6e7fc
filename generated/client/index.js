// The typed client: an openapi-fetch client over the contract's generated types, with middleware
// for auth and rate limits, one body serializer for JSON and multipart, and helpers (pollers, idea
// discovery, error unwrapping). Only generated files are read; no fact of the API is typed here.
import createClient from 'openapi-fetch';
import { serializeBody } from './body.js';
import { warnIfBrowserToken } from './browser.js';
import { createRedactor, toVideoApiError } from './errors.js';
import { discoverIdeas } from './ideas.js';
import { bearerAuth } from './middleware/auth.js';
import { describeOperations } from './middleware/operation.js';
import { rateLimits } from './middleware/rate-limit.js';
import { contractValidation } from './middleware/validate.js';
import { pollableResources, pollResource } from './poll.js';
import { resolveBaseUrl } from './servers.js';
import { dataOf } from './success.js';
export function createVideoApiClient(options) {
    const { token } = options;
    const baseUrl = resolveBaseUrl(options.baseUrl);
    const redact = createRedactor(token);
    const warn = options.warn ?? ((m) => console.warn(m));
    if (!options.dangerouslyAllowBrowser)
        warnIfBrowserToken(token, baseUrl, (m) => warn(redact(m)));
    const client = createClient({
        ...options.clientOptions,
        baseUrl,
        // Resolved per call, so a fetch stubbed after creation (tests, polyfills) is still used.
        fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
        bodySerializer: serializeBody,
    });
    const limits = rateLimits(options);
    // Order matters: auth sets the header first, so a retried request carries it; describeOperations
    // sees each answer last (after a retry), so errors name the operation of the answer they came from;
    // validation sees a request before auth and the retries, and an answer after any retry.
    const validation = options.validate ? [contractValidation(options.validate, redact)] : [];
    client.use(describeOperations(redact), ...validation, bearerAuth(token), limits);
    const poll = Object.fromEntries(Object.keys(pollableResources).map((r) => [
        r,
        (ref, o) => pollResource(client, r, ref, o, redact),
    ]));
    const helpers = {
        baseUrl,
        poll,
        discoverIdeas: (body, o) => discoverIdeas(client, body, o, redact),
        async unwrap(call) {
            const result = await call;
            if (!result.response.ok)
                throw toVideoApiError(result, { redact });
            return result.data;
        },
        async data(call) {
            const result = await call;
            if (!result.response.ok)
                throw toVideoApiError(result, { redact });
            return dataOf(result.data, result.response);
        },
        rateLimit: () => limits.last(),
    };
    return Object.assign(client, helpers);
}
export { servers, MOCK_BASE_URL } from './servers.js';
export { VideoApiError, JobFailedError, PollTimeoutError, VideoApiNetworkError, isVideoApiError, toVideoApiError, errorCodeOf, } from './errors.js';
export { errorCatalogue, errorCodeByStatus, renderPreconditions, } from './contract.js';
export { chargesCredits, findOperation } from './operations.js';
export { ContractViolationError, isContractViolationError } from './contract-violation.js';
export { isMockToken, isMockBaseUrl, BROWSER_TOKEN_WARNING } from './browser.js';
export { toFormData } from './body.js';
export { hasData } from './success.js';
export { createMockControl, MockControlError } from './mock-control.js';
