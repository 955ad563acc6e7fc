// video-api-v2-client/react-query: openapi-react-query over the typed client, so every operation has
// a typed useQuery/useMutation (keys `[method, path, init]`), plus what the contract adds: a hook
// that polls a job until a terminal state of its x-state-machine, and a refresh of the account's
// credits (GET /me) after every call that charges (x-credits.charges). All facts come from
// generated/contract.ts; @tanstack/react-query and openapi-react-query are the app's (peers).
import {
  type InfiniteData,
  type QueryClient,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useQuery as useTanstackQuery,
  useQueryClient,
} from '@tanstack/react-query';
import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import { clientDefaults, operations, type OperationId, stateMachines } from '../generated/contract.js';
import type { paths } from '../generated/schema.js';
import { isVideoApiError, toVideoApiError, VideoApiError } from './errors.js';
import type { VideoApiClient } from './index.js';
import { infiniteListOptions, type ListInit, type ListPage, type ListPath } from './lists.js';
import { chargesCredits, operationById } from './operations.js';
import type {
  FailureOfPath,
  FailureStateOf,
  MachineOfPath,
  ResourceOfPath,
  StateOf,
  SucceededResourceOfPath,
  SuccessStateOf,
} from './job-types.js';
import { failureAt, readPath } from './poll.js';

export {
  infiniteListOptions,
  type ListInit,
  type ListPage,
  type ListPath,
  type ListQuery,
  nextPageOf,
  type Paginated,
  previousPageOf,
} from './lists.js';

type Machine = (typeof stateMachines)[keyof typeof stateMachines];
type PollOperationId = Machine['pollOperationIds'][number];
/** A path that reads a job's status: the GET of a state machine's pollOperationIds (`/faceless/{faceless}`, …). */
export type JobPath = (typeof operations)[PollOperationId]['path'];

/** The operation whose answer carries the account's credits; refreshed after a charging call. */
const CREDITS_OPERATION: OperationId = 'getMe';
const creditsKey = (): readonly unknown[] => {
  const op = operationById(CREDITS_OPERATION);
  return [op.method.toLowerCase(), op.path];
};

type Call = (path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The client with every error answer turned into a VideoApiError, which openapi-react-query then throws. */
function throwingVideoApiErrors(api: VideoApiClient): VideoApiClient {
  const wrap =
    (call: Call): Call =>
    async (path, init) => {
      const result = await call(path, init);
      return result.response.ok ? result : { error: toVideoApiError(result), response: result.response };
    };
  const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
  const wrapped = Object.fromEntries(methods.map((m) => [m, wrap((api[m] as Call).bind(api))]));
  return { ...api, ...wrapped } as VideoApiClient;
}

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
export type JobState<P extends JobPath> =
  | (JobQuery & {
      /** Its state in the machine (`video.status`, `asset.status`, `status`); undefined before the first answer. */
      state: Exclude<StateOf<MachineOfPath<P>>, MachineOfPath<P>['terminal'][number]> | undefined;
      /** The resource (`data` of the polling operation's answer) as last read. */
      resource: ResourceOfPath<P> | undefined;
      /** True at a terminal state of the machine: the poll has stopped. */
      done: false;
      succeeded: false;
      failed: false;
      failure: undefined;
    })
  | (JobQuery & {
      state: SuccessStateOf<MachineOfPath<P>>;
      resource: SucceededResourceOfPath<P>;
      done: true;
      succeeded: true;
      failed: false;
      failure: undefined;
    })
  | (JobQuery & {
      state: FailureStateOf<MachineOfPath<P>>;
      resource: ResourceOfPath<P>;
      done: true;
      succeeded: false;
      failed: true;
      /** The failure details at the machine's failureLocation (`video.failure`, `asset.failure`, `error`). */
      failure: FailureOfPath<P> | undefined;
    });

/** True once the job reached a terminal state (success or failure): its `resource` and `state` are then final. */
export function isFinished<J extends { done: boolean }>(job: J): job is Extract<J, { done: true }> {
  return job.done;
}

/** The state machine a job path is polled by, and its status pointer. */
export function machineOfPath(path: JobPath): Machine {
  const machine = Object.values(stateMachines).find((m) =>
    (m.pollOperationIds as readonly PollOperationId[]).some((id) => operations[id].path === path),
  );
  if (!machine) throw new Error(`${path} polls no state machine of the contract`);
  return machine;
}

/** Refetch cadence of a job: none at a terminal state, else the interval. */
function nextPoll(machine: Machine, intervalMs: number) {
  return (query: { state: { data: unknown } }): number | false => {
    const state = readPath(query.state.data, machine.statusPath);
    return typeof state === 'string' && (machine.terminal as readonly string[]).includes(state) ? false : intervalMs;
  };
}

function retryRateLimited(limit: number) {
  return {
    retry: (count: number, error: unknown) => isVideoApiError(error) && error.status === 429 && count < limit,
    // The server's Retry-After (the client's middleware has already waited it out up to maxRetries).
    retryDelay: (_count: number, error: unknown) =>
      error instanceof VideoApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 1000,
  };
}

export type VideoApiQueries = OpenapiQueryClient<paths> & {
  /** Polls `GET path` until the job reaches a terminal state of its x-state-machine. */
  useJob<P extends JobPath>(path: P, id: string | number | undefined, options?: JobOptions, queryClient?: QueryClient): JobState<P>;
  /** A paginated list (`/credits/history`, `/ideas`) page by page: React Query's useInfiniteQuery over infiniteListOptions. */
  useInfiniteList<P extends ListPath>(
    path: P,
    init?: ListInit<P>,
    queryClient?: QueryClient,
  ): UseInfiniteQueryResult<InfiniteData<ListPage<P>, number>, Error>;
  /** The query key of the account's credits (GET /me), for your own invalidations. */
  creditsQueryKey: readonly unknown[];
};

/**
 * React Query hooks over a client from createVideoApiClient: `useQuery('get', '/me')`,
 * `useMutation('post', '/faceless/{faceless}/render')`, … (errors are VideoApiErrors), and `useJob`.
 */
export function createVideoApiQueries(api: VideoApiClient): VideoApiQueries {
  const $api = createQueryClient<paths>(throwingVideoApiErrors(api));

  const useMutation: VideoApiQueries['useMutation'] = (method, path, options, queryClient) => {
    const client = useQueryClient(queryClient);
    const charges = chargesCredits(method, path);
    return $api.useMutation(
      method,
      path,
      {
        ...options,
        // A charging call changed the balance: GET /me is read again (also after an error: a 402 shows the balance).
        onSettled: async (...args) => {
          if (charges) await client.invalidateQueries({ queryKey: creditsKey() });
          return options?.onSettled?.(...args);
        },
      },
      queryClient,
    );
  };

  function useJob<P extends JobPath>(
    path: P,
    id: string | number | undefined,
    options: JobOptions = {},
    queryClient?: QueryClient,
  ): JobState<P> {
    const client = useQueryClient(queryClient);
    const machine = machineOfPath(path);
    const param = /\{(\w+)\}/.exec(path)![1];
    const intervalMs =
      options.intervalMs ?? ('pollIntervalSeconds' in machine ? machine.pollIntervalSeconds.min * 1000 : clientDefaults.pollIntervalMs);
    const base = (
      $api.queryOptions as (
        m: string,
        p: string,
        init: unknown,
      ) => { queryKey: readonly unknown[]; queryFn: (context: unknown) => Promise<unknown> }
    )('get', path, { params: { path: { [param]: id } } });
    const query = useTanstackQuery(
      {
        queryKey: base.queryKey,
        queryFn: async (context: unknown) => {
          const body = await base.queryFn(context);
          const state = readPath(body, machine.statusPath);
          // A job that ended may have been refunded (a failed text-to-video): read the balance again.
          if (typeof state === 'string' && (machine.terminal as readonly string[]).includes(state))
            await client.invalidateQueries({ queryKey: creditsKey() });
          return body;
        },
        enabled: id !== undefined && options.enabled !== false,
        refetchInterval: nextPoll(machine, intervalMs),
        // A job is followed to its end, also while its tab is hidden (the poll stops at a terminal state).
        refetchIntervalInBackground: true,
        ...retryRateLimited(options.rateLimitRetries ?? 3),
      },
      queryClient,
    );
    return jobState(machine, query) as JobState<P>;
  }

  const useInfiniteList: VideoApiQueries['useInfiniteList'] = (path, init, queryClient) =>
    useInfiniteQuery(infiniteListOptions(api, path, init), queryClient);

  return Object.assign({}, $api, { useMutation, useJob, useInfiniteList, creditsQueryKey: creditsKey() });
}

/** The job as the hook returns it, from the last answer (typed by its path at the call). */
function jobState(machine: Machine, query: { data: unknown; error: unknown; isPending: boolean }): unknown {
  const raw = readPath(query.data, machine.statusPath);
  const state = raw === undefined || raw === null ? undefined : String(raw);
  const done = state !== undefined && (machine.terminal as readonly string[]).includes(state);
  const failed = done && (machine.failure as readonly string[]).includes(state);
  return {
    resource: (query.data as { data?: unknown } | undefined)?.data,
    state,
    done,
    succeeded: done && !failed,
    failed,
    failure: failed ? failureAt(query.data, machine) : undefined,
    error: query.error instanceof Error ? query.error : null,
    isPending: query.isPending,
  };
}
