import { type InfiniteData, type QueryClient, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { type OpenapiQueryClient } from 'openapi-react-query';
import { operations, stateMachines } from './contract.js';
import type { paths } from './schema.js';
import type { VideoApiClient } from './index.js';
import { type ListInit, type ListPage, type ListPath } from './lists.js';
import type { FailureOfPath, FailureStateOf, MachineOfPath, ResourceOfPath, StateOf, SucceededResourceOfPath, SuccessStateOf } from './job-types.js';
export { infiniteListOptions, type ListInit, type ListPage, type ListPath, type ListQuery, nextPageOf, type Paginated, previousPageOf, } from './lists.js';
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
export type JobResource<P extends JobPath> = ResourceOfPath<P>;
interface JobQuery {
    /** The last error of the poll (a VideoApiError). */
    error: Error | null;
    isPending: boolean;
}
/**
 * A job as last polled, one shape per outcome: switch on `state` (a union of the machine's states,
 * from the contract), or test `succeeded` / `failed` / `done` (then `resource` is there, and at a
 * success its status is the success state; at a failure `failure` is typed by the contract's
 * failureLocation).
 */
export type JobState<P extends JobPath> = (JobQuery & {
    /** Its state in the machine (`video.status`, `asset.status`, `status`); undefined before the first answer. */
    state: Exclude<StateOf<MachineOfPath<P>>, MachineOfPath<P>['terminal'][number]> | undefined;
    /** The resource (`data` of the polling operation's answer) as last read. */
    resource: ResourceOfPath<P> | undefined;
    /** True at a terminal state of the machine: the poll has stopped. */
    done: false;
    succeeded: false;
    failed: false;
    failure: undefined;
}) | (JobQuery & {
    state: SuccessStateOf<MachineOfPath<P>>;
    resource: SucceededResourceOfPath<P>;
    done: true;
    succeeded: true;
    failed: false;
    failure: undefined;
}) | (JobQuery & {
    state: FailureStateOf<MachineOfPath<P>>;
    resource: ResourceOfPath<P>;
    done: true;
    succeeded: false;
    failed: true;
    /** The failure details at the machine's failureLocation (`video.failure`, `asset.failure`, `error`). */
    failure: FailureOfPath<P> | undefined;
});
/** True once the job reached a terminal state (success or failure): its `resource` and `state` are then final. */
export declare function isFinished<J extends {
    done: boolean;
}>(job: J): job is Extract<J, {
    done: true;
}>;
/** The state machine a job path is polled by, and its status pointer. */
export declare function machineOfPath(path: JobPath): Machine;
export type VideoApiQueries = OpenapiQueryClient<paths> & {
    /** Polls `GET path` until the job reaches a terminal state of its x-state-machine. */
    useJob<P extends JobPath>(path: P, id: string | number | undefined, options?: JobOptions, queryClient?: QueryClient): JobState<P>;
    /** A paginated list (`/credits/history`, `/ideas`) page by page: React Query's useInfiniteQuery over infiniteListOptions. */
    useInfiniteList<P extends ListPath>(path: P, init?: ListInit<P>, queryClient?: QueryClient): UseInfiniteQueryResult<InfiniteData<ListPage<P>, number>, Error>;
    /** The query key of the account's credits (GET /me), for your own invalidations. */
    creditsQueryKey: readonly unknown[];
};
/**
 * React Query hooks over a client from createVideoApiClient: `useQuery('get', '/me')`,
 * `useMutation('post', '/faceless/{faceless}/render')`, … (errors are VideoApiErrors), and `useJob`.
 */
export declare function createVideoApiQueries(api: VideoApiClient): VideoApiQueries;
