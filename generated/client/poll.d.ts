import type { Client } from 'openapi-fetch';
import { operations, stateMachines } from './contract.js';
import type { paths } from './schema.js';
import type { SucceededResourceOfPath } from './job-types.js';
import { type Redactor } from './errors.js';
/** The resources that can be awaited, and the contract state machine each follows. */
export declare const pollableResources: {
    readonly facelessVideo: "FacelessVideoStatus";
    readonly textToVideo: "TextToVideoAssetStatus";
    readonly launchClip: "LaunchClipStatus";
    readonly voiceClone: "VoiceCloneStatus";
    readonly character: "CharacterStatus";
    readonly storyboard: "StoryboardVideoStatus";
};
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
export type ResourceRef = string | number | {
    id: string | number;
};
/** The value at `keys` in a body (a status pointer split into keys), or undefined. */
export declare function readPath(body: unknown, keys: readonly string[]): unknown;
/** The failure details at the machine's failureLocation (`video.failure`, `asset.failure`, `error`), if it has one. */
export declare function failureAt(body: unknown, machine: object): unknown;
export declare function pollResource<R extends PollableResource>(client: Client<paths>, resource: R, ref: ResourceRef, options?: PollOptions, redact?: Redactor): Promise<PolledResource<R>>;
export {};
