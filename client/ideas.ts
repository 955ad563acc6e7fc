// Idea discovery. The source: discover is synchronous (up to about 2 minutes), charges on any
// fruitful search, has no idempotency key, and "after a discover timeout, reconcile with GET /ideas
// before retrying, because a retry can charge again". So this helper never retries: on a timeout
// it lists the ideas for the same keyword and network and hands both facts back to the caller.
import type { Client } from 'openapi-fetch';
import { clientDefaults } from '../generated/contract.js';
import type { paths } from '../generated/schema.js';
import { toVideoApiError, VideoApiError, type Redactor } from './errors.js';

type DiscoverBody = NonNullable<paths['/ideas/discover']['post']['requestBody']>['content']['application/json'];
type DiscoverResult = paths['/ideas/discover']['post']['responses']['2XX']['content']['application/json'];
type ListQuery = NonNullable<paths['/ideas']['get']['parameters']['query']>;
type ListResult = paths['/ideas']['get']['responses'][200]['content']['application/json'];

export interface DiscoverOptions {
  /** How long to wait for the discover call before reconciling (default: the contract's x-limits ideaDiscovery.approxSeconds, "about 2 minutes", plus a quarter: 150 000 ms). */
  timeoutMs?: number;
  /** Cancels everything; an abort by the caller is not a timeout and does not reconcile. */
  signal?: AbortSignal;
  /** Extra query for the reconciling GET /ideas (sort, per_page, page). */
  listQuery?: Omit<ListQuery, 'keyword' | 'network'>;
}

export type DiscoverOutcome =
  | { outcome: 'discovered'; result: DiscoverResult }
  /** The discover call timed out; it may or may not have run (and charged). `ideas` is what exists now. */
  | { outcome: 'reconciled'; reason: 'timeout' | 'network'; ideas: ListResult };

// 408 and 504 are a timeout on the way, not an answer: the search may still have run.
const TIMEOUT_STATUSES = new Set([408, 504]);

// AbortSignal.any is recent in browsers (2023-24); fall back to a controller that follows both.
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
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

export async function discoverIdeas(
  client: Client<paths>,
  body: DiscoverBody,
  options: DiscoverOptions = {},
  redact?: Redactor,
): Promise<DiscoverOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? clientDefaults.discoverTimeoutMs);
  const signal = options.signal ? anySignal(options.signal, timeout) : timeout;
  let reason: 'timeout' | 'network';
  try {
    const result = await client.POST('/ideas/discover', { body, signal });
    if (result.response.ok) return { outcome: 'discovered', result: result.data as DiscoverResult };
    if (!TIMEOUT_STATUSES.has(result.response.status)) {
      throw toVideoApiError(result, { redact });
    }
    reason = 'timeout';
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof VideoApiError) throw error;
    reason = timeout.aborted ? 'timeout' : 'network';
  }
  const list = await client.GET('/ideas', {
    params: { query: { ...options.listQuery, keyword: body.keyword, network: body.network } },
    signal: options.signal,
  });
  if (!list.response.ok) throw toVideoApiError(list, { redact });
  return { outcome: 'reconciled', reason, ideas: list.data as ListResult };
}
