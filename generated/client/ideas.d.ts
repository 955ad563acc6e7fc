import type { Client } from 'openapi-fetch';
import type { paths } from './schema.js';
import { type Redactor } from './errors.js';
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
export type DiscoverOutcome = {
    outcome: 'discovered';
    result: DiscoverResult;
}
/** The discover call timed out; it may or may not have run (and charged). `ideas` is what exists now. */
 | {
    outcome: 'reconciled';
    reason: 'timeout' | 'network';
    ideas: ListResult;
};
export declare function discoverIdeas(client: Client<paths>, body: DiscoverBody, options?: DiscoverOptions, redact?: Redactor): Promise<DiscoverOutcome>;
export {};
