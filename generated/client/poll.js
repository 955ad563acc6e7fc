import { clientDefaults, operations, stateMachines } from './contract.js';
import { JobFailedError, PollTimeoutError, toVideoApiError } from './errors.js';
import { sleep } from './sleep.js';
/** The resources that can be awaited, and the contract state machine each follows. */
export const pollableResources = {
    facelessVideo: 'FacelessVideoStatus',
    textToVideo: 'TextToVideoAssetStatus',
    launchClip: 'LaunchClipStatus',
    voiceClone: 'VoiceCloneStatus',
    character: 'CharacterStatus',
    storyboard: 'StoryboardVideoStatus',
};
/** The value at `keys` in a body (a status pointer split into keys), or undefined. */
export function readPath(body, keys) {
    let node = body;
    for (const key of keys) {
        if (node === null || typeof node !== 'object')
            return undefined;
        node = node[key];
    }
    return node;
}
/** The failure details at the machine's failureLocation (`video.failure`, `asset.failure`, `error`), if it has one. */
export function failureAt(body, machine) {
    return 'failurePath' in machine ? readPath(body, machine.failurePath) : undefined;
}
export async function pollResource(client, resource, ref, options = {}, redact) {
    const machine = stateMachines[pollableResources[resource]];
    const operation = operations[machine.pollOperationIds[0]];
    const id = typeof ref === 'object' ? ref.id : ref;
    // The poll path has exactly one parameter ({faceless} or {id}); its name comes from the contract.
    const paramName = /\{(\w+)\}/.exec(operation.path)[1];
    const intervalMs = options.intervalMs ?? ('pollIntervalSeconds' in machine ? machine.pollIntervalSeconds.min * 1000 : clientDefaults.pollIntervalMs);
    const terminal = machine.terminal;
    const failure = machine.failure;
    const started = Date.now();
    for (let attempt = 1;; attempt++) {
        options.signal?.throwIfAborted();
        const result = await client.GET(operation.path, { params: { path: { [paramName]: id } }, signal: options.signal });
        if (!result.response.ok)
            throw toVideoApiError(result, {
                operation: { operationId: machine.pollOperationIds[0], method: 'GET', path: operation.path },
                redact,
            });
        const raw = readPath(result.data, machine.statusPath);
        const state = raw === undefined || raw === null ? undefined : String(raw);
        const data = result.data?.data;
        options.onProgress?.({ resource: machine.resource, state, attempt, elapsedMs: Date.now() - started, data });
        if (state !== undefined && terminal.includes(state)) {
            if (failure.includes(state)) {
                throw new JobFailedError({ resource: machine.resource, state, failure: failureAt(result.data, machine), data }, redact);
            }
            return data;
        }
        let wait = intervalMs;
        if (options.timeoutMs !== undefined) {
            const left = options.timeoutMs - (Date.now() - started);
            if (left <= 0)
                throw new PollTimeoutError(machine.resource, state, options.timeoutMs);
            wait = Math.min(wait, left);
        }
        await sleep(wait, options.signal);
    }
}
