// One API call on its way through the pipeline (mock/pipeline/index.ts): the request as the contract's
// router read it (lib/contract/request.ts) and what the adapter adds (Exchange), then what each stage
// decided, as typed values the pipeline hands to the stages after it (Received, Matched, the Account,
// Validated). A stage either answers, and the call ends there, or returns its decision.
import type { IHttpRequest } from '@stoplight/prism-http';
import type { MockConfig } from '../config.js';
import type { MockContract, MockOperation } from '../contract.js';
import type { Clock } from '../control/clock.js';
import type { Faults } from '../control/faults.js';
import type { Answer, Errors } from '../errors.js';
import type { ApiRequest, AuthorizationCheck, RequestViolation, Validators } from '../../lib/contract/index.js';
import type { PrismEngine } from '../engine.js';
import type { Example, Preferences } from '../preferences.js';
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
  /** The method, path, operation, parameters, query and preferences, read once by the router. */
  readonly request: ApiRequest<MockOperation>;
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

/** What the first stage read of a call inside the base path: its body. */
export interface Received {
  parsed: ParsedBody;
}

/** The parts the stages work with: one of each, made by assembleWorld. */
export interface PipelineParts {
  contract: MockContract;
  config: MockConfig;
  prism: PrismEngine;
  errors: Errors;
  faults: Faults;
  store: Store;
  api: StatefulApi;
  clock: Clock;
}

/** The parts and what the stages keep per operation, made on first use. */
export interface StageDeps extends PipelineParts {
  /** The contract's compiled request checks (Ajv holding the contract), one per operation on its first call. */
  validators: Validators;
  /** Each operation's security read from the contract (undefined: a scheme only Prism's check covers). */
  authorization: Map<string, AuthorizationCheck | undefined>;
  /** Which multipart fields of an operation carry files, read on first use. */
  fileFields: Map<string, () => Set<string>>;
}

/** The operation the router named, and the request as Prism's parts take it. */
export interface Matched {
  op: MockOperation;
  input: IHttpRequest;
}

/** What validation decided: the request check's warnings (once the call got past it) and the Prefer preferences. */
export interface Validated {
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
