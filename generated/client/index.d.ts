import { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';
import { discoverIdeas, type DiscoverOptions, type DiscoverOutcome } from './ideas.js';
import { type RateLimitInfo, type RateLimitOptions } from './middleware/rate-limit.js';
import { type ValidateMode } from './middleware/validate.js';
import { type PollableResource, type PolledResource, type PollOptions, type ResourceRef } from './poll.js';
import { type ServerName } from './servers.js';
import { type WithData } from './success.js';
export interface VideoApiClientOptions extends RateLimitOptions {
    /** A URL, or a preset name: `production`, `staging` (from the contract) or `mock` (`npm start`). */
    baseUrl: ServerName | (string & {});
    /** The API token. Sent as `Authorization: Bearer ...`; never stored on the client or put in errors. */
    token?: string;
    /** A fetch implementation (tests, proxies). Default: globalThis.fetch. */
    fetch?: (input: Request) => Promise<Response>;
    /** Where warnings go. Default: console.warn. */
    warn?: (message: string) => void;
    /** Silences the warning for a real token in a browser. Only for apps that proxy the token safely. */
    dangerouslyAllowBrowser?: boolean;
    /**
     * Check traffic against the contract: `'responses'` checks every answer, `'all'` also each request
     * before it is sent. A refusal throws a ContractViolationError. Off by default; the checks (and
     * Ajv) load on the first call only when this is set.
     */
    validate?: ValidateMode;
    /** Any other openapi-fetch client option (headers, credentials, ...). */
    clientOptions?: Omit<ClientOptions, 'baseUrl' | 'fetch' | 'bodySerializer'>;
}
type Poller<R extends PollableResource> = (ref: ResourceRef, options?: PollOptions) => Promise<PolledResource<R>>;
export interface VideoApiHelpers {
    /** The resolved base URL. */
    readonly baseUrl: string;
    /** Await a long-running job until its contract state machine reaches a terminal state. */
    readonly poll: {
        [R in PollableResource]: Poller<R>;
    };
    /** POST /ideas/discover without retries; reconciles with GET /ideas after a timeout. */
    discoverIdeas(body: Parameters<typeof discoverIdeas>[1], options?: DiscoverOptions): Promise<DiscoverOutcome>;
    /** Resolves with `data` of a successful call, or throws a VideoApiError for an error answer. */
    unwrap<T>(call: Promise<{
        data?: T;
        error?: unknown;
        response: Response;
    }>): Promise<T>;
    /**
     * Resolves with the resource of a successful call (the envelope's `data`, typed without undefined):
     * `const video = await api.data(api.POST('/faceless', { body }))`. Throws a VideoApiError for an
     * error answer, and an Error naming the call for a success without `data`.
     */
    data<T extends {
        data?: unknown;
    }>(call: Promise<{
        data?: T;
        error?: unknown;
        response: Response;
    }>): Promise<WithData<T>['data']>;
    /** The last X-RateLimit-* values seen. */
    rateLimit(): RateLimitInfo | undefined;
}
export type VideoApiClient = Client<paths> & VideoApiHelpers;
export declare function createVideoApiClient(options: VideoApiClientOptions): VideoApiClient;
export { servers, MOCK_BASE_URL, type ServerName } from './servers.js';
export { VideoApiError, JobFailedError, PollTimeoutError, VideoApiNetworkError, isVideoApiError, toVideoApiError, errorCodeOf, type FailedOperation, type VideoApiErrorCode, } from './errors.js';
export { errorCatalogue, errorCodeByStatus, type ErrorCode, type OperationId, type PreconditionKey, renderPreconditions, } from './contract.js';
export { chargesCredits, findOperation } from './operations.js';
export { ContractViolationError, isContractViolationError, type ContractProblem } from './contract-violation.js';
export type { ValidateMode } from './middleware/validate.js';
export { isMockToken, isMockBaseUrl, BROWSER_TOKEN_WARNING } from './browser.js';
export { toFormData } from './body.js';
export { hasData, type WithData } from './success.js';
export { createMockControl, MockControlError, type MockControl, type MockControlHelpers, type MockControlOptions } from './mock-control.js';
export type { RateLimitInfo, RateLimitOptions, RetryEvent } from './middleware/rate-limit.js';
export type { PollOptions, PollProgress, PollableResource, PolledResource, ResourceRef } from './poll.js';
export type { DiscoverOptions, DiscoverOutcome } from './ideas.js';
export type { paths, components } from './schema.js';
