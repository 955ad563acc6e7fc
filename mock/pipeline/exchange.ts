// One API call on its way through the pipeline (mock/pipeline/index.ts): what came in, then what
// each stage learned. A stage either answers, and the call ends there, or records what later
// stages need and passes the call on.
import type { IHttpRequest } from '@stoplight/prism-http';
import type { MockConfig } from '../config.js';
import type { MockContract, MockOperation } from '../contract.js';
import type { Clock } from '../control/clock.js';
import type { Faults } from '../control/faults.js';
import type { Answer, Errors } from '../errors.js';
import type { RequestViolation } from '../../lib/contract/index.js';
import type { Example, Prism, Preferences, Routed } from '../prism.js';
import type { IHttpOperation } from '@stoplight/types';
import type { UploadedPart } from '../multipart.js';
import type { ParsedBody } from '../request-body.js';
import type { StatefulApi } from '../state/api.js';
import type { Account, Store } from '../state/store.js';

/** What the journal learns while a call is answered. */
export interface Trace {
  operationId?: string;
  fault?: number;
  /** The parts of a multipart body: what the client uploaded. */
  uploads?: UploadedPart[];
}

export interface Exchange {
  /** Upper case. */
  readonly method: string;
  /** Header names in lower case. */
  readonly headers: Record<string, string | undefined>;
  readonly url: URL;
  readonly token: string | undefined;
  readonly raw: string;
  /** The body as sent (multipart files are read from these, not from the decoded text). */
  readonly bytes?: Uint8Array;
  /** The body's bytes were not valid UTF-8 (raw holds them with U+FFFD in their place). */
  readonly invalidUtf8?: boolean;
  readonly trace: Trace;
  /** The mock's own absolute base URL (`http://127.0.0.1:4010/v2`), for links in answers. */
  readonly baseUrl: string;
  /** route: the request as Prism's parts read it, and the operation the path matcher found for it. */
  routing?: Routing;
  /** routed: the contract's operation, and Prism's model of it. */
  matched?: { op: MockOperation; resource: IHttpOperation };
  /** gate: the caller's account. */
  account?: Account;
  /** validate: the contract's request check's violations (warnings only, once the call got past it) and the Prefer preferences. */
  checked?: { violations: RequestViolation[]; prefs: Preferences };
  /**
   * validate: the example Prism's mocker negotiated, made there only when the call asks for
   * something particular (Prefer, an Accept other than JSON); otherwise the state stage asks for it
   * when its answer needs one.
   */
  example?: Example;
  /** validate: a Prefer/Accept the mock could not honour where the operation has no 422 (said in a header). */
  ignored?: string;
}

export interface Routing {
  /** The path under the base path (`/faceless/5`). */
  path: string;
  parsed: ParsedBody;
  input: IHttpRequest;
  routed: Routed;
}

/** What the stages are built from: one of each, made by createMock. */
export interface StageDeps {
  contract: MockContract;
  config: MockConfig;
  prism: Prism;
  errors: Errors;
  faults: Faults;
  store: Store;
  api: StatefulApi;
  clock: Clock;
}

export type Stage = (exchange: Exchange) => Answer | undefined | Promise<Answer | undefined>;

/** What an earlier stage recorded; a stage run out of order is a fault of the mock, not of the call. */
export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`mock pipeline: ${what} is not known yet (a stage runs out of order)`);
  return value;
}
