import { type ErrorCode, type OperationId, type PreconditionKey } from './contract.js';
import { type CallOperation } from './operations.js';
/** Removes the token (and anything shaped like a bearer header) from text. */
export type Redactor = (text: string) => string;
export declare function createRedactor(token: string | undefined): Redactor;
/**
 * A code of the contract's error catalogue (a union generated from x-error-catalogue), or
 * `HTTP-<status>` for an error answer the catalogue has no code for. A misspelled code does not compile.
 */
export type VideoApiErrorCode = ErrorCode | `HTTP-${number}`;
/**
 * The code of an error answer: the body's `error.code` when the catalogue has it; otherwise (no code,
 * or one the contract does not list, such as the mock's `MOCK-FAULT`) the catalogue's first code for
 * the status (`errorCodeByStatus`: 403 GEN-FORBIDDEN, 5xx GEN-API-ERROR, ...), else `HTTP-<status>`.
 */
export declare function errorCodeOf(status: number, bodyCode: string | undefined): VideoApiErrorCode;
/** The operation a failed call was: its contract operationId (when known), method and path template. */
export type FailedOperation = CallOperation;
export interface VideoApiErrorInit {
    status: number;
    /** The body's `error.code` as sent. */
    code?: string;
    message?: string;
    errors?: Record<string, unknown>;
    required?: number;
    available?: number;
    operation?: FailedOperation;
    retryAfterSeconds?: number;
}
/**
 * The render precondition a refusal stands for, read from the contract (x-render-preconditions) and
 * the answer's own fields (its status with the source's exact message, its code, or its 422 field);
 * undefined when the operation has none or the answer matches none. No wire field is invented.
 */
export declare function preconditionOf(init: VideoApiErrorInit): PreconditionKey | undefined;
/**
 * An error answer of the API: `code` is the API's `error.code` (e.g. `INSUFFICIENT-CREDITS`), or the
 * fallback of `errorCodeOf` when the body carries none the catalogue lists. Switch on `code`;
 * `status` is the HTTP status; `operationId`, `method` and `path` name the call that failed.
 */
export declare class VideoApiError extends Error {
    name: string;
    readonly status: number;
    readonly code: VideoApiErrorCode;
    /** The body's `error.code` exactly as sent, when there was one (also a code outside the catalogue). */
    readonly serverCode?: string;
    /** The contract's operationId of the failed call (undefined for a path the contract does not have). */
    readonly operationId?: OperationId;
    /** The HTTP method of the failed call. */
    readonly method?: string;
    /** The path template of the failed call (`/faceless/{faceless}/render`). */
    readonly path?: string;
    /** On 422: the field -> messages map. */
    readonly errors?: Record<string, unknown>;
    /** On 402: credits the call needs and credits the account has. */
    readonly required?: number;
    readonly available?: number;
    /** `METHOD /path/{template}` of the failed call. */
    readonly operation?: string;
    /** On 429: the server's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number;
    /** The render precondition the refusal stands for (`no_script`, `busy`, ...): switch on it in a UI. */
    readonly precondition?: PreconditionKey;
    constructor(init: VideoApiErrorInit, redact?: Redactor);
    toJSON(): {
        name: string;
        status: number;
        code: VideoApiErrorCode;
        serverCode: string | undefined;
        message: string;
        operationId: "getAutoTopup" | "updateAutoTopup" | "getFacelessVideo" | "getBRollVideo" | "getAiVisualsVideo" | "getUrlToVideo" | "renderFacelessVideo" | "renderBRollVideo" | "renderAiVisualsVideo" | "renderUrlToVideo" | "retryFacelessRender" | "getTextToVideo" | "createTextToVideo" | "getLaunchClip" | "createLaunchClip" | "getStoryboard" | "renderStoryboard" | "getVoiceClone" | "createVoiceClone" | "getCharacter" | "trainCharacter" | "getMe" | "getCreditCosts" | "listCreditHistory" | "getFacelessOptions" | "createFacelessVideo" | "updateFacelessVideo" | "generateFacelessScript" | "estimateFacelessRender" | "exportFacelessVideo" | "scrapeFacelessImages" | "scrapeFacelessScript" | "createBRollVideo" | "updateBRollVideo" | "generateBRollScript" | "estimateBRollRender" | "createAiVisualsVideo" | "updateAiVisualsVideo" | "generateAiVisualsScript" | "estimateAiVisualsRender" | "createUrlToVideo" | "updateUrlToVideo" | "generateUrlToVideoScript" | "estimateUrlToVideoRender" | "scrapeUrlToVideoImages" | "scrapeUrlToVideoScript" | "uploadAiVisualsAsset" | "regenerateAiVisualsAsset" | "listTextToVideoModels" | "estimateTextToVideo" | "estimateLaunchClip" | "createStoryboard" | "generateStoryboardFromPrompt" | "addStoryboardScene" | "sortStoryboardScenes" | "setStoryboardSceneFrames" | "chainStoryboardScene" | "getStoryboardMoodboard" | "updateStoryboardMoodboard" | "generateStoryboardClips" | "estimateStoryboard" | "getVoiceCloneSlots" | "listVoiceClones" | "updateVoiceClone" | "deleteVoiceClone" | "discoverIdeas" | "listIdeas" | "listCharacterGenres" | "listCharacters" | "createCharacter" | "previewCharacter" | "listPresets" | "deletePreset" | undefined;
        method: string | undefined;
        path: string | undefined;
        errors: Record<string, unknown> | undefined;
        required: number | undefined;
        available: number | undefined;
        operation: string | undefined;
        retryAfterSeconds: number | undefined;
        precondition: "no_script" | "no_voice" | "unknown_voice" | "genre_missing" | "insufficient_credits" | "no_scraped_assets" | "busy" | undefined;
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
/**
 * A call that got no answer at all: nothing listening, a refused or reset connection, a name that
 * does not resolve. Names the operation and the URL; the network's own error is its `cause`.
 */
export declare class VideoApiNetworkError extends Error {
    name: string;
    readonly code = "NETWORK-ERROR";
    readonly operationId?: OperationId;
    readonly method: string;
    /** The path template of the call (`/faceless/{faceless}`). */
    readonly path: string;
    /** `METHOD /path/{template}`. */
    readonly operation: string;
    /** The URL the call was sent to. */
    readonly url: string;
    constructor(init: {
        operation: FailedOperation;
        url: string;
        cause: unknown;
    }, redact?: Redactor);
    toJSON(): {
        name: string;
        code: string;
        message: string;
        operationId: "getAutoTopup" | "updateAutoTopup" | "getFacelessVideo" | "getBRollVideo" | "getAiVisualsVideo" | "getUrlToVideo" | "renderFacelessVideo" | "renderBRollVideo" | "renderAiVisualsVideo" | "renderUrlToVideo" | "retryFacelessRender" | "getTextToVideo" | "createTextToVideo" | "getLaunchClip" | "createLaunchClip" | "getStoryboard" | "renderStoryboard" | "getVoiceClone" | "createVoiceClone" | "getCharacter" | "trainCharacter" | "getMe" | "getCreditCosts" | "listCreditHistory" | "getFacelessOptions" | "createFacelessVideo" | "updateFacelessVideo" | "generateFacelessScript" | "estimateFacelessRender" | "exportFacelessVideo" | "scrapeFacelessImages" | "scrapeFacelessScript" | "createBRollVideo" | "updateBRollVideo" | "generateBRollScript" | "estimateBRollRender" | "createAiVisualsVideo" | "updateAiVisualsVideo" | "generateAiVisualsScript" | "estimateAiVisualsRender" | "createUrlToVideo" | "updateUrlToVideo" | "generateUrlToVideoScript" | "estimateUrlToVideoRender" | "scrapeUrlToVideoImages" | "scrapeUrlToVideoScript" | "uploadAiVisualsAsset" | "regenerateAiVisualsAsset" | "listTextToVideoModels" | "estimateTextToVideo" | "estimateLaunchClip" | "createStoryboard" | "generateStoryboardFromPrompt" | "addStoryboardScene" | "sortStoryboardScenes" | "setStoryboardSceneFrames" | "chainStoryboardScene" | "getStoryboardMoodboard" | "updateStoryboardMoodboard" | "generateStoryboardClips" | "estimateStoryboard" | "getVoiceCloneSlots" | "listVoiceClones" | "updateVoiceClone" | "deleteVoiceClone" | "discoverIdeas" | "listIdeas" | "listCharacterGenres" | "listCharacters" | "createCharacter" | "previewCharacter" | "listPresets" | "deletePreset" | undefined;
        operation: string;
        url: string;
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
    operation?: FailedOperation;
    redact?: Redactor;
}): VideoApiError;
/** True for a VideoApiError (with `code`: of that code only; the code must be one the contract lists). */
export declare function isVideoApiError(value: unknown, code?: VideoApiErrorCode): value is VideoApiError;
