// One API call on its way through the pipeline (mock/pipeline/index.ts): what came in (Exchange),
// and what each stage decided, as typed values the pipeline hands to the stages after it (Routing,
// Matched, the Account, Checked). A stage either answers, and the call ends there, or returns its
// decision.
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
import type { Store } from '../state/store.js';

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

/** The operation the route named: the contract's, and Prism's model of it. */
export interface Matched {
  op: MockOperation;
  resource: IHttpOperation;
}

/** What validation decided: the request check's warnings (once the call got past it) and the Prefer preferences. */
export interface Checked {
  violations: RequestViolation[];
  prefs: Preferences;
  /**
   * The example Prism's mocker negotiated, made in validation only when the call asks for something
   * particular (Prefer, an Accept other than JSON); otherwise the state stage asks for it when its
   * answer needs one.
   */
  example?: Example;
  /** A Prefer/Accept the mock could not honour where the operation has no 422 (said in a header). */
  ignored?: string;
}

/**
 * A stage's outcome: an answer ends the call; anything else is the stage's decision. No decision
 * carries a numeric `status`, so an answer is told apart by it.
 */
export function isAnswer(outcome: object): outcome is Answer {
  return typeof (outcome as Answer).status === 'number';
}
