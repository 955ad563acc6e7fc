// The typed client: an openapi-fetch client over the contract's generated types, with middleware
// for auth and rate limits, one body serializer for JSON and multipart, and helpers (pollers, idea
// discovery, error unwrapping). Only generated files are read; no fact of the API is typed here.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import { serializeBody } from './body.js';
import { warnIfBrowserToken } from './browser.js';
import { createRedactor, toVideoApiError } from './errors.js';
import { discoverIdeas, type DiscoverOptions, type DiscoverOutcome } from './ideas.js';
import { bearerAuth } from './middleware/auth.js';
import { describeOperations } from './middleware/operation.js';
import { rateLimits, type RateLimitInfo, type RateLimitOptions } from './middleware/rate-limit.js';
import { contractValidation, type ValidateMode } from './middleware/validate.js';
import { pollableResources, pollResource, type PollableResource, type PolledResource, type PollOptions, type ResourceRef } from './poll.js';
import { resolveBaseUrl, type ServerName } from './servers.js';
import { dataOf, type WithData } from './success.js';

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
  readonly poll: { [R in PollableResource]: Poller<R> };
  /** POST /ideas/discover without retries; reconciles with GET /ideas after a timeout. */
  discoverIdeas(body: Parameters<typeof discoverIdeas>[1], options?: DiscoverOptions): Promise<DiscoverOutcome>;
  /** Resolves with `data` of a successful call, or throws a VideoApiError for an error answer. */
  unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
  /**
   * Resolves with the resource of a successful call (the envelope's `data`, typed without undefined):
   * `const video = await api.data(api.POST('/faceless', { body }))`. Throws a VideoApiError for an
   * error answer, and an Error naming the call for a success without `data`.
   */
  data<T extends { data?: unknown }>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<WithData<T>['data']>;
  /** The last X-RateLimit-* values seen. */
  rateLimit(): RateLimitInfo | undefined;
}

export type VideoApiClient = Client<paths> & VideoApiHelpers;

export function createVideoApiClient(options: VideoApiClientOptions): VideoApiClient {
  const { token } = options;
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const redact = createRedactor(token);
  const warn = options.warn ?? ((m: string) => console.warn(m));
  if (!options.dangerouslyAllowBrowser) warnIfBrowserToken(token, baseUrl, (m) => warn(redact(m)));

  const client = createClient<paths>({
    ...options.clientOptions,
    baseUrl,
    // Resolved per call, so a fetch stubbed after creation (tests, polyfills) is still used.
    fetch: options.fetch ?? ((request: Request, init?: RequestInit) => globalThis.fetch(request, init)),
    bodySerializer: serializeBody,
  });
  const limits = rateLimits(options);
  // Order matters: auth sets the header first, so a retried request carries it; describeOperations
  // sees each answer last (after a retry), so errors name the operation of the answer they came from;
  // validation sees a request before auth and the retries, and an answer after any retry.
  const validation = options.validate ? [contractValidation(options.validate, redact)] : [];
  client.use(describeOperations(redact), ...validation, bearerAuth(token), limits);

  const poll = Object.fromEntries(
    Object.keys(pollableResources).map((r) => [
      r,
      (ref: ResourceRef, o?: PollOptions) => pollResource(client, r as PollableResource, ref, o, redact),
    ]),
  ) as VideoApiHelpers['poll'];

  const helpers: VideoApiHelpers = {
    baseUrl,
    poll,
    discoverIdeas: (body, o) => discoverIdeas(client, body, o, redact),
    async unwrap(call) {
      const result = await call;
      if (!result.response.ok) throw toVideoApiError(result, { redact });
      return result.data as never;
    },
    async data(call) {
      const result = await call;
      if (!result.response.ok) throw toVideoApiError(result, { redact });
      return dataOf(result.data, result.response);
    },
    rateLimit: () => limits.last(),
  };
  return Object.assign(client, helpers);
}

export { servers, MOCK_BASE_URL, type ServerName } from './servers.js';
export {
  VideoApiError,
  JobFailedError,
  PollTimeoutError,
  VideoApiNetworkError,
  isVideoApiError,
  toVideoApiError,
  errorCodeOf,
  type FailedOperation,
  type VideoApiErrorCode,
} from './errors.js';
export {
  errorCatalogue,
  errorCodeByStatus,
  type ErrorCode,
  type OperationId,
  type PreconditionKey,
  renderPreconditions,
} from '../generated/contract.js';
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
export type { paths, components } from '../generated/schema.js';
