// One generic poller, driven by the contract's state machines (x-state-machine, via
// generated/contract.ts): where the status lives (statusPath, the statusLocation pointer split into
// keys at build time), which operation reads it
// (pollOperationIds), which states end the wait (terminal) and which of them mean failure.
import type { Client } from 'openapi-fetch';
import { clientDefaults, operations, stateMachines, type StateMachineName } from '../generated/contract.js';
import type { paths } from '../generated/schema.js';
import type { SucceededResourceOfPath } from './job-types.js';
import { JobFailedError, PollTimeoutError, toVideoApiError, type Redactor } from './errors.js';
import { sleep } from './sleep.js';

/** The resources that can be awaited, and the contract state machine each follows. */
export const pollableResources = {
  facelessVideo: 'FacelessVideoStatus',
  textToVideo: 'TextToVideoAssetStatus',
  launchClip: 'LaunchClipStatus',
  voiceClone: 'VoiceCloneStatus',
  character: 'CharacterStatus',
  storyboard: 'StoryboardVideoStatus',
} as const satisfies Record<string, StateMachineName>;

export type PollableResource = keyof typeof pollableResources;

type Machine<R extends PollableResource> = (typeof stateMachines)[(typeof pollableResources)[R]];
type PollPath<R extends PollableResource> = (typeof operations)[Machine<R>['pollOperationIds'][0]]['path'];
/**
 * What a poller resolves with: the resource (`data` of the polling operation's 200 body), its status
 * narrowed to the machine's success states (`video.status` is `'completed'`).
 */
export type PolledResource<R extends PollableResource> = SucceededResourceOfPath<PollPath<R>>;

export interface PollProgress {
  resource: string;
  state: string | undefined;
  attempt: number;
  elapsedMs: number;
  data: unknown;
}

export interface PollOptions {
  /** Time between polls. Default: the machine's pollIntervalSeconds.min, else the contract's x-limits polling cadence. */
  intervalMs?: number;
  /** Stops polling and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after every poll with the current state. */
  onProgress?: (progress: PollProgress) => void;
  /** Rejects with PollTimeoutError after this long. Default: no limit. */
  timeoutMs?: number;
}

/** Identifier of a resource, or the resource itself (its `id` is used: never a faceless `video_id`). */
export type ResourceRef = string | number | { id: string | number };

/** The value at `keys` in a body (a status pointer split into keys), or undefined. */
export function readPath(body: unknown, keys: readonly string[]): unknown {
  let node: unknown = body;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The failure details at the machine's failureLocation (`video.failure`, `asset.failure`, `error`), if it has one. */
export function failureAt(body: unknown, machine: object): unknown {
  return 'failurePath' in machine ? readPath(body, machine.failurePath as readonly string[]) : undefined;
}

export async function pollResource<R extends PollableResource>(
  client: Client<paths>,
  resource: R,
  ref: ResourceRef,
  options: PollOptions = {},
  redact?: Redactor,
): Promise<PolledResource<R>> {
  const machine = stateMachines[pollableResources[resource]];
  const operation = operations[machine.pollOperationIds[0]];
  const id = typeof ref === 'object' ? ref.id : ref;
  // The poll path has exactly one parameter ({faceless} or {id}); its name comes from the contract.
  const paramName = /\{(\w+)\}/.exec(operation.path)![1];
  const intervalMs =
    options.intervalMs ?? ('pollIntervalSeconds' in machine ? machine.pollIntervalSeconds.min * 1000 : clientDefaults.pollIntervalMs);
  const terminal: readonly string[] = machine.terminal;
  const failure: readonly string[] = machine.failure;
  const started = Date.now();

  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    const result = await (client.GET as (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
      operation.path,
      { params: { path: { [paramName]: id } }, signal: options.signal },
    );
    if (!result.response.ok)
      throw toVideoApiError(result, {
        operation: { operationId: machine.pollOperationIds[0], method: 'GET', path: operation.path },
        redact,
      });
    const raw = readPath(result.data, machine.statusPath);
    const state = raw === undefined || raw === null ? undefined : String(raw);
    const data = (result.data as { data?: unknown } | undefined)?.data;
    options.onProgress?.({ resource: machine.resource, state, attempt, elapsedMs: Date.now() - started, data });
    if (state !== undefined && terminal.includes(state)) {
      if (failure.includes(state)) {
        throw new JobFailedError({ resource: machine.resource, state, failure: failureAt(result.data, machine), data }, redact);
      }
      return data as PolledResource<R>;
    }
    let wait = intervalMs;
    if (options.timeoutMs !== undefined) {
      const left = options.timeoutMs - (Date.now() - started);
      if (left <= 0) throw new PollTimeoutError(machine.resource, state, options.timeoutMs);
      wait = Math.min(wait, left);
    }
    await sleep(wait, options.signal);
  }
}
