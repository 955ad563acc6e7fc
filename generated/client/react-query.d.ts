import { type QueryClient } from '@tanstack/react-query';
import { type OpenapiQueryClient } from 'openapi-react-query';
import { operations, stateMachines } from './contract.js';
import type { paths } from './schema.js';
import type { VideoApiClient } from './index.js';
type Machine = (typeof stateMachines)[keyof typeof stateMachines];
type PollOperationId = Machine['pollOperationIds'][number];
/** A path that reads a job's status: the GET of a state machine's pollOperationIds (`/faceless/{faceless}`, …). */
export type JobPath = (typeof operations)[PollOperationId]['path'];
export interface JobOptions {
    /** Time between polls. Default: the machine's pollIntervalSeconds.min (5 s for a render). */
    intervalMs?: number;
    /** Set false to hold the poll (e.g. until the job exists). */
    enabled?: boolean;
    /** Polls answered 429 after the client's own retries are retried this often, after Retry-After (default 3). */
    rateLimitRetries?: number;
}
/** The resource a job path answers with (`data` of its 200 body). */
export type JobResource<P extends JobPath> = paths[P] extends {
    get: {
        responses: {
            200: {
                content: {
                    'application/json': {
                        data?: infer D;
                    };
                };
            };
        };
    };
} ? NonNullable<D> : unknown;
export interface JobState<R = unknown> {
    /** The resource (`data` of the polling operation's answer) as last read. */
    resource: R | undefined;
    /** Its state in the machine (`video.status`, `asset.status`, `status`). */
    state: string | undefined;
    /** True at a terminal state of the machine: the poll has stopped. */
    done: boolean;
    succeeded: boolean;
    failed: boolean;
    /** The failure details at a failure state (`video.failure`, `asset.failure`, `error`). */
    failure: unknown;
    /** The last error of the poll (a VideoApiError). */
    error: Error | null;
    isPending: boolean;
}
/** The state machine a job path is polled by, and its status pointer. */
export declare function machineOfPath(path: JobPath): Machine;
export type VideoApiQueries = OpenapiQueryClient<paths> & {
    /** Polls `GET path` until the job reaches a terminal state of its x-state-machine. */
    useJob<P extends JobPath>(path: P, id: string | number | undefined, options?: JobOptions, queryClient?: QueryClient): JobState<JobResource<P>>;
    /** The query key of the account's credits (GET /me), for your own invalidations. */
    creditsQueryKey: readonly unknown[];
};
/**
 * React Query hooks over a client from createVideoApiClient: `useQuery('get', '/me')`,
 * `useMutation('post', '/faceless/{faceless}/render')`, … (errors are VideoApiErrors), and `useJob`.
 */
export declare function createVideoApiQueries(api: VideoApiClient): VideoApiQueries;
export {};
