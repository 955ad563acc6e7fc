export function createRedactor(token) {
    return (text) => {
        let out = text.replace(/Bearer\s+[^\s"',]+/gi, 'Bearer [redacted]');
        // A token of a few characters (`mock`) would blank out ordinary words; real API keys are long.
        if (token && token.length >= 6)
            out = out.split(token).join('[redacted]');
        return out;
    };
}
const noRedaction = createRedactor(undefined);
/**
 * An error answer of the API: `code` is the API's `error.code` (e.g. `INSUFFICIENT-CREDITS`), or
 * `HTTP-<status>` when the body carries none. Switch on `code`; `status` is the HTTP status.
 */
export class VideoApiError extends Error {
    name = 'VideoApiError';
    status;
    code;
    /** On 422: the field -> messages map. */
    errors;
    /** On 402: credits the call needs and credits the account has. */
    required;
    available;
    /** `METHOD /path/{template}` of the failed call, when known. */
    operation;
    /** On 429: the server's Retry-After, in seconds. */
    retryAfterSeconds;
    constructor(init, redact = noRedaction) {
        super(redact(init.message ?? `HTTP ${init.status}`));
        this.status = init.status;
        this.code = init.code ?? `HTTP-${init.status}`;
        if (init.errors)
            this.errors = JSON.parse(redact(JSON.stringify(init.errors)));
        if (init.required !== undefined)
            this.required = init.required;
        if (init.available !== undefined)
            this.available = init.available;
        if (init.operation)
            this.operation = init.operation;
        if (init.retryAfterSeconds !== undefined)
            this.retryAfterSeconds = init.retryAfterSeconds;
    }
    toJSON() {
        return {
            name: this.name,
            status: this.status,
            code: this.code,
            message: this.message,
            errors: this.errors,
            required: this.required,
            available: this.available,
            operation: this.operation,
            retryAfterSeconds: this.retryAfterSeconds,
        };
    }
}
/** A polled job reached a failure state of its state machine (e.g. a render ended `failed`). */
export class JobFailedError extends Error {
    name = 'JobFailedError';
    /** The failure's own `code` when the resource reports one, else `JOB-FAILED`. */
    code;
    resource;
    state;
    /** The resource's failure details as reported (`video.failure`, `asset.failure`, `error`). */
    failure;
    /** The resource as last polled. */
    data;
    constructor(init, redact = noRedaction) {
        const reason = describeFailure(init.failure);
        super(redact(`${init.resource} ended in state "${init.state}"${reason ? `: ${reason}` : ''}`));
        const failureCode = init.failure?.code;
        this.code = typeof failureCode === 'string' ? failureCode : 'JOB-FAILED';
        this.resource = init.resource;
        this.state = init.state;
        this.failure = init.failure;
        this.data = init.data;
    }
    toJSON() {
        return { name: this.name, code: this.code, resource: this.resource, state: this.state, failure: this.failure, message: this.message };
    }
}
/** A poll gave up after its `timeoutMs` without reaching a terminal state. */
export class PollTimeoutError extends Error {
    resource;
    lastState;
    timeoutMs;
    name = 'PollTimeoutError';
    code = 'POLL-TIMEOUT';
    constructor(resource, lastState, timeoutMs) {
        super(`${resource} did not reach a terminal state within ${timeoutMs} ms (last state: ${lastState ?? 'unknown'})`);
        this.resource = resource;
        this.lastState = lastState;
        this.timeoutMs = timeoutMs;
    }
}
function describeFailure(failure) {
    if (failure == null)
        return '';
    if (typeof failure === 'string')
        return failure;
    const f = failure;
    return [f.code, f.message].filter((x) => typeof x === 'string').join(' ') || JSON.stringify(failure);
}
function numberOrUndefined(v) {
    return typeof v === 'number' ? v : undefined;
}
/** Builds a VideoApiError from openapi-fetch's `{ error, response }` of a failed call. */
export function toVideoApiError(result, options = {}) {
    const { response } = result;
    const body = (result.error && typeof result.error === 'object' ? result.error : {});
    const text = typeof result.error === 'string' ? result.error : undefined;
    const retryAfter = Number(response.headers.get('Retry-After'));
    return new VideoApiError({
        status: response.status,
        code: typeof body.error?.code === 'string' ? body.error.code : undefined,
        message: typeof body.message === 'string' ? body.message : text || response.statusText || undefined,
        errors: body.errors && typeof body.errors === 'object' ? body.errors : undefined,
        required: numberOrUndefined(body.required),
        available: numberOrUndefined(body.available),
        operation: options.operation,
        retryAfterSeconds: response.status === 429 && Number.isFinite(retryAfter) && response.headers.has('Retry-After') ? retryAfter : undefined,
    }, options.redact);
}
export function isVideoApiError(value, code) {
    return value instanceof VideoApiError && (code === undefined || value.code === code);
}
