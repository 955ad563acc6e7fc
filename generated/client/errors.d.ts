import type { ErrorCode } from './contract.js';
/** Removes the token (and anything shaped like a bearer header) from text. */
export type Redactor = (text: string) => string;
export declare function createRedactor(token: string | undefined): Redactor;
/** A code of the source's error catalogue, or `HTTP-<status>` when an error body carries none. */
export type VideoApiErrorCode = ErrorCode | `HTTP-${number}` | (string & {});
export interface VideoApiErrorInit {
    status: number;
    code?: string;
    message?: string;
    errors?: Record<string, unknown>;
    required?: number;
    available?: number;
    operation?: string;
    retryAfterSeconds?: number;
}
/**
 * An error answer of the API: `code` is the API's `error.code` (e.g. `INSUFFICIENT-CREDITS`), or
 * `HTTP-<status>` when the body carries none. Switch on `code`; `status` is the HTTP status.
 */
export declare class VideoApiError extends Error {
    name: string;
    readonly status: number;
    readonly code: VideoApiErrorCode;
    /** On 422: the field -> messages map. */
    readonly errors?: Record<string, unknown>;
    /** On 402: credits the call needs and credits the account has. */
    readonly required?: number;
    readonly available?: number;
    /** `METHOD /path/{template}` of the failed call, when known. */
    readonly operation?: string;
    /** On 429: the server's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number;
    constructor(init: VideoApiErrorInit, redact?: Redactor);
    toJSON(): {
        name: string;
        status: number;
        code: VideoApiErrorCode;
        message: string;
        errors: Record<string, unknown> | undefined;
        required: number | undefined;
        available: number | undefined;
        operation: string | undefined;
        retryAfterSeconds: number | undefined;
    };
}
/** A polled job reached a failure state of its state machine (e.g. a render ended `failed`). */
export declare class JobFailedError extends Error {
    name: string;
    /** The failure's own `code` when the resource reports one, else `JOB-FAILED`. */
    readonly code: string;
    readonly resource: string;
    readonly state: string;
    /** The resource's failure details as reported (`video.failure`, `asset.failure`, `error`). */
    readonly failure: unknown;
    /** The resource as last polled. */
    readonly data: unknown;
    constructor(init: {
        resource: string;
        state: string;
        failure: unknown;
        data: unknown;
    }, redact?: Redactor);
    toJSON(): {
        name: string;
        code: string;
        resource: string;
        state: string;
        failure: unknown;
        message: string;
    };
}
/** A poll gave up after its `timeoutMs` without reaching a terminal state. */
export declare class PollTimeoutError extends Error {
    readonly resource: string;
    readonly lastState: string | undefined;
    readonly timeoutMs: number;
    name: string;
    readonly code = "POLL-TIMEOUT";
    constructor(resource: string, lastState: string | undefined, timeoutMs: number);
}
/** Builds a VideoApiError from openapi-fetch's `{ error, response }` of a failed call. */
export declare function toVideoApiError(result: {
    error?: unknown;
    response: Response;
}, options?: {
    operation?: string;
    redact?: Redactor;
}): VideoApiError;
export declare function isVideoApiError(value: unknown, code?: VideoApiErrorCode): value is VideoApiError;
