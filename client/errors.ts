// Typed errors. Every error the client raises is built from plain, copied fields (never a Request,
// Response or headers object) and passed through a redactor, so the bearer token cannot leak into a
// message, a stack, a log line or JSON.stringify().
import {
  errorCatalogue,
  errorCodeByStatus,
  type ErrorCode,
  type OperationId,
  operations,
  type PreconditionKey,
  renderPreconditions,
} from '../generated/contract.js';
import type { components } from '../generated/schema.js';
import { operationOf, type CallOperation } from './operations.js';

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** Removes the token (and anything shaped like a bearer header) from text. */
export type Redactor = (text: string) => string;

export function createRedactor(token: string | undefined): Redactor {
  return (text) => {
    let out = text.replace(/Bearer\s+[^\s"',]+/gi, 'Bearer [redacted]');
    // A token of a few characters (`mock`) would blank out ordinary words; real API keys are long.
    if (token && token.length >= 6) out = out.split(token).join('[redacted]');
    return out;
  };
}

const noRedaction: Redactor = createRedactor(undefined);

/**
 * A code of the contract's error catalogue (a union generated from x-error-catalogue), or
 * `HTTP-<status>` for an error answer the catalogue has no code for. A misspelled code does not compile.
 */
export type VideoApiErrorCode = ErrorCode | `HTTP-${number}`;

const catalogued: ReadonlySet<string> = new Set(errorCatalogue.map((entry) => entry.code));

/**
 * The code of an error answer: the body's `error.code` when the catalogue has it; otherwise (no code,
 * or one the contract does not list, such as the mock's `MOCK-FAULT`) the catalogue's first code for
 * the status (`errorCodeByStatus`: 403 GEN-FORBIDDEN, 5xx GEN-API-ERROR, ...), else `HTTP-<status>`.
 */
export function errorCodeOf(status: number, bodyCode: string | undefined): VideoApiErrorCode {
  if (bodyCode !== undefined && catalogued.has(bodyCode)) return bodyCode as ErrorCode;
  const byStatus = errorCodeByStatus as Record<string, ErrorCode | undefined>;
  return byStatus[String(status)] ?? (status >= 500 && status < 600 ? byStatus['5xx'] : undefined) ?? `HTTP-${status}`;
}

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

interface PreconditionShape {
  status: number;
  message?: string;
  code?: string;
  field?: string;
  fields?: readonly string[];
}

/**
 * The render precondition a refusal stands for, read from the contract (x-render-preconditions) and
 * the answer's own fields (its status with the source's exact message, its code, or its 422 field);
 * undefined when the operation has none or the answer matches none. No wire field is invented.
 */
export function preconditionOf(init: VideoApiErrorInit): PreconditionKey | undefined {
  const id = init.operation?.operationId;
  const keys = (id && (operations[id] as { preconditions?: readonly PreconditionKey[] }).preconditions) || [];
  const shapes = keys
    .map((key) => [key, renderPreconditions[key] as PreconditionShape] as const)
    .filter(([, p]) => p.status === init.status);
  const field = (p: PreconditionShape) => [p.field, ...(p.fields ?? [])].some((f) => f !== undefined && init.errors?.[f] !== undefined);
  return (shapes.find(([, p]) => p.message !== undefined && p.message === init.message) ??
    shapes.find(([, p]) => p.code !== undefined && p.code === init.code) ??
    shapes.find(([, p]) => field(p)))?.[0];
}

/**
 * An error answer of the API: `code` is the API's `error.code` (e.g. `INSUFFICIENT-CREDITS`), or the
 * fallback of `errorCodeOf` when the body carries none the catalogue lists. Switch on `code`;
 * `status` is the HTTP status; `operationId`, `method` and `path` name the call that failed.
 */
export class VideoApiError extends Error {
  override name = 'VideoApiError';
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

  constructor(init: VideoApiErrorInit, redact: Redactor = noRedaction) {
    super(redact(init.message ?? `HTTP ${init.status}`));
    this.status = init.status;
    this.code = errorCodeOf(init.status, init.code);
    if (init.code !== undefined) this.serverCode = init.code;
    if (init.errors) this.errors = JSON.parse(redact(JSON.stringify(init.errors)));
    if (init.required !== undefined) this.required = init.required;
    if (init.available !== undefined) this.available = init.available;
    if (init.operation) {
      this.operationId = init.operation.operationId;
      this.method = init.operation.method;
      this.path = init.operation.path;
      this.operation = `${init.operation.method} ${init.operation.path}`;
    }
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    const precondition = preconditionOf(init);
    if (precondition) this.precondition = precondition;
  }

  toJSON() {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      serverCode: this.serverCode,
      message: this.message,
      operationId: this.operationId,
      method: this.method,
      path: this.path,
      errors: this.errors,
      required: this.required,
      available: this.available,
      operation: this.operation,
      retryAfterSeconds: this.retryAfterSeconds,
      precondition: this.precondition,
    };
  }
}

/** A polled job reached a failure state of its state machine (e.g. a render ended `failed`). */
export class JobFailedError extends Error {
  override name = 'JobFailedError';
  /** The failure's own `code` when the resource reports one, else `JOB-FAILED`. */
  readonly code: string;
  readonly resource: string;
  readonly state: string;
  /** The resource's failure details as reported (`video.failure`, `asset.failure`, `error`). */
  readonly failure: unknown;
  /** The resource as last polled. */
  readonly data: unknown;

  constructor(init: { resource: string; state: string; failure: unknown; data: unknown }, redact: Redactor = noRedaction) {
    const reason = describeFailure(init.failure);
    super(redact(`${init.resource} ended in state "${init.state}"${reason ? `: ${reason}` : ''}`));
    const failureCode = (init.failure as { code?: unknown } | null | undefined)?.code;
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

/**
 * A call that got no answer at all: nothing listening, a refused or reset connection, a name that
 * does not resolve. Names the operation and the URL; the network's own error is its `cause`.
 */
export class VideoApiNetworkError extends Error {
  override name = 'VideoApiNetworkError';
  readonly code = 'NETWORK-ERROR';
  readonly operationId?: OperationId;
  readonly method: string;
  /** The path template of the call (`/faceless/{faceless}`). */
  readonly path: string;
  /** `METHOD /path/{template}`. */
  readonly operation: string;
  /** The URL the call was sent to. */
  readonly url: string;

  constructor(init: { operation: FailedOperation; url: string; cause: unknown }, redact: Redactor = noRedaction) {
    const { operationId, method, path } = init.operation;
    const reason = networkReason(init.cause);
    super(
      redact(`${method} ${path}${operationId ? ` (${operationId})` : ''} got no answer from ${init.url}${reason ? `: ${reason}` : ''}`),
      {
        cause: init.cause,
      },
    );
    this.operationId = operationId;
    this.method = method;
    this.path = path;
    this.operation = `${method} ${path}`;
    this.url = redact(init.url);
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      operationId: this.operationId,
      operation: this.operation,
      url: this.url,
    };
  }
}

/** "fetch failed (ECONNREFUSED)": the error's message and the system code beneath it, when there is one. */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error : '';
  const code = (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** A poll gave up after its `timeoutMs` without reaching a terminal state. */
export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
  readonly code = 'POLL-TIMEOUT';
  constructor(
    readonly resource: string,
    readonly lastState: string | undefined,
    readonly timeoutMs: number,
  ) {
    super(`${resource} did not reach a terminal state within ${timeoutMs} ms (last state: ${lastState ?? 'unknown'})`);
  }
}

function describeFailure(failure: unknown): string {
  if (failure == null) return '';
  if (typeof failure === 'string') return failure;
  const f = failure as { code?: unknown; message?: unknown };
  return [f.code, f.message].filter((x) => typeof x === 'string').join(' ') || JSON.stringify(failure);
}

function numberOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

/** Builds a VideoApiError from openapi-fetch's `{ error, response }` of a failed call. */
export function toVideoApiError(
  result: { error?: unknown; response: Response },
  options: { operation?: FailedOperation; redact?: Redactor } = {},
): VideoApiError {
  const { response } = result;
  const body = (result.error && typeof result.error === 'object' ? result.error : {}) as Partial<ErrorEnvelope> & Record<string, unknown>;
  const text = typeof result.error === 'string' ? result.error : undefined;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new VideoApiError(
    {
      status: response.status,
      code: typeof body.error?.code === 'string' ? body.error.code : undefined,
      message: typeof body.message === 'string' ? body.message : text || response.statusText || undefined,
      errors: body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, unknown>) : undefined,
      required: numberOrUndefined(body.required),
      available: numberOrUndefined(body.available),
      // Answers of a client carry their operation (middleware/operation.ts); a hand-built result may not.
      operation: options.operation ?? operationOf(response),
      retryAfterSeconds:
        response.status === 429 && Number.isFinite(retryAfter) && response.headers.has('Retry-After') ? retryAfter : undefined,
    },
    options.redact,
  );
}

/** True for a VideoApiError (with `code`: of that code only; the code must be one the contract lists). */
export function isVideoApiError(value: unknown, code?: VideoApiErrorCode): value is VideoApiError {
  return value instanceof VideoApiError && (code === undefined || value.code === code);
}
