// The shape of a lifecycle flow the flows phase runs: what the Arazzo loader (arazzo.ts) yields
// and the runner (flows.ts) walks. Its own module, so the two depend on it and not on each other.

export interface Step {
  op: string;
  /** Path parameter → name of a value saved by an earlier step. */
  params?: Record<string, string>;
  /** Query parameter → literal, or `$name` for a saved value. */
  query?: Record<string, string>;
  /**
   * JSON body: the operation's named request example (first one if no name), with fields set on top
   * (`$name` for saved values); or `fromSaved`: a saved object, limited to the request schema's
   * properties (to put back what a flow changed).
   */
  body?: { example?: string; set?: Record<string, unknown>; fromSaved?: string };
  /** multipart/form-data built from the request schema (text fields and one small PNG per file field). */
  multipart?: boolean;
  /** Saved value name → JSON pointer into the answer body. */
  save?: Record<string, string>;
  /** Repeat this GET until its machine reaches a terminal state, which must be of this kind. */
  poll?: 'success' | 'failure';
  /** Statuses that end the flow as skipped (the deployment refuses for a reason outside the contract's control, e.g. no saved payment method). */
  skipOn?: Record<number, string>;
  /** Put the mock's failure marker into the body's longest text (local mock only). */
  fail?: boolean;
}

export interface Flow {
  name: string;
  steps: Step[];
  /** Needs the mock's `mock:fail` trigger: only run against the local mock the runner starts. */
  mockOnly?: boolean;
  /** After the failed run, the refund the machine promises must be confirmed by the checker's credit tracker. */
  refund?: boolean;
  /** The Arazzo file (under openapi/flows/) and workflow it was read from: how to run it again alone. */
  file?: string;
  workflowId?: string;
}
