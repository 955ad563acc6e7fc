// video-api-v2-client/react-query: openapi-react-query over the typed client, so every operation has
// a typed useQuery/useMutation (keys `[method, path, init]`), plus what the contract adds: a hook
// that polls a job until a terminal state of its x-state-machine, and a refresh of the account's
// credits (GET /me) after every call that charges (x-credits.charges). All facts come from
// generated/contract.ts; @tanstack/react-query and openapi-react-query are the app's (peers).
import { useInfiniteQuery, useQuery as useTanstackQuery, useQueryClient, } from '@tanstack/react-query';
import createQueryClient from 'openapi-react-query';
import { clientDefaults, operations, stateMachines } from './contract.js';
import { isVideoApiError, toVideoApiError, VideoApiError } from './errors.js';
import { infiniteListOptions } from './lists.js';
import { chargesCredits, operationById } from './operations.js';
import { failureAt, readPath } from './poll.js';
export { infiniteListOptions, nextPageOf, previousPageOf, } from './lists.js';
/** The operation whose answer carries the account's credits; refreshed after a charging call. */
const CREDITS_OPERATION = 'getMe';
const creditsKey = () => {
    const op = operationById(CREDITS_OPERATION);
    return [op.method.toLowerCase(), op.path];
};
/** The client with every error answer turned into a VideoApiError, which openapi-react-query then throws. */
function throwingVideoApiErrors(api) {
    const wrap = (call) => async (path, init) => {
        const result = await call(path, init);
        return result.response.ok ? result : { error: toVideoApiError(result), response: result.response };
    };
    const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];
    const wrapped = Object.fromEntries(methods.map((m) => [m, wrap(api[m].bind(api))]));
    return { ...api, ...wrapped };
}
/** True once the job reached a terminal state (success or failure): its `resource` and `state` are then final. */
export function isFinished(job) {
    return job.done;
}
/** The state machine a job path is polled by, and its status pointer. */
export function machineOfPath(path) {
    const machine = Object.values(stateMachines).find((m) => m.pollOperationIds.some((id) => operations[id].path === path));
    if (!machine)
        throw new Error(`${path} polls no state machine of the contract`);
    return machine;
}
/** Refetch cadence of a job: none at a terminal state, else the interval. */
function nextPoll(machine, intervalMs) {
    return (query) => {
        const state = readPath(query.state.data, machine.statusPath);
        return typeof state === 'string' && machine.terminal.includes(state) ? false : intervalMs;
    };
}
function retryRateLimited(limit) {
    return {
        retry: (count, error) => isVideoApiError(error) && error.status === 429 && count < limit,
        // The server's Retry-After (the client's middleware has already waited it out up to maxRetries).
        retryDelay: (_count, error) => error instanceof VideoApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 1000,
    };
}
/**
 * React Query hooks over a client from createVideoApiClient: `useQuery('get', '/me')`,
 * `useMutation('post', '/faceless/{faceless}/render')`, … (errors are VideoApiErrors), and `useJob`.
 */
export function createVideoApiQueries(api) {
    const $api = createQueryClient(throwingVideoApiErrors(api));
    const useMutation = (method, path, options, queryClient) => {
        const client = useQueryClient(queryClient);
        const charges = chargesCredits(method, path);
        return $api.useMutation(method, path, {
            ...options,
            // A charging call changed the balance: GET /me is read again (also after an error: a 402 shows the balance).
            onSettled: async (...args) => {
                if (charges)
                    await client.invalidateQueries({ queryKey: creditsKey() });
                return options?.onSettled?.(...args);
            },
        }, queryClient);
    };
    function useJob(path, id, options = {}, queryClient) {
        const client = useQueryClient(queryClient);
        const machine = machineOfPath(path);
        const param = /\{(\w+)\}/.exec(path)[1];
        const intervalMs = options.intervalMs ?? ('pollIntervalSeconds' in machine ? machine.pollIntervalSeconds.min * 1000 : clientDefaults.pollIntervalMs);
        const base = $api.queryOptions('get', path, { params: { path: { [param]: id } } });
        const query = useTanstackQuery({
            queryKey: base.queryKey,
            queryFn: async (context) => {
                const body = await base.queryFn(context);
                const state = readPath(body, machine.statusPath);
                // A job that ended may have been refunded (a failed text-to-video): read the balance again.
                if (typeof state === 'string' && machine.terminal.includes(state))
                    await client.invalidateQueries({ queryKey: creditsKey() });
                return body;
            },
            enabled: id !== undefined && options.enabled !== false,
            refetchInterval: nextPoll(machine, intervalMs),
            // A job is followed to its end, also while its tab is hidden (the poll stops at a terminal state).
            refetchIntervalInBackground: true,
            ...retryRateLimited(options.rateLimitRetries ?? 3),
        }, queryClient);
        return jobState(machine, query);
    }
    const useInfiniteList = (path, init, queryClient) => useInfiniteQuery(infiniteListOptions(api, path, init), queryClient);
    return Object.assign({}, $api, { useMutation, useJob, useInfiniteList, creditsQueryKey: creditsKey() });
}
/** The job as the hook returns it, from the last answer (typed by its path at the call). */
function jobState(machine, query) {
    const raw = readPath(query.data, machine.statusPath);
    const state = raw === undefined || raw === null ? undefined : String(raw);
    const done = state !== undefined && machine.terminal.includes(state);
    const failed = done && machine.failure.includes(state);
    return {
        resource: query.data?.data,
        state,
        done,
        succeeded: done && !failed,
        failed,
        failure: failed ? failureAt(query.data, machine) : undefined,
        error: query.error instanceof Error ? query.error : null,
        isPending: query.isPending,
    };
}
