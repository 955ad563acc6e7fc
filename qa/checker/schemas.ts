// The checker's view of the contract's compiled validators (lib/contract/validators.ts): the same
// compiled schemas and request checks the mock runs, with Ajv's own one-line wording for findings.
import { type ContractModel, type RequestCheck, Validators } from '../../lib/contract/index.js';

export class Schemas {
  /** The compiled set itself (the answer check of lib/contract/response-check.ts runs on it). */
  readonly validators: Validators;

  constructor(readonly contract: ContractModel) {
    this.validators = Validators.of(contract);
  }

  /** Validates `data` against the schema at `ref` (a pointer into the bundle). Returns the errors as text, or undefined. */
  check(ref: string, data: unknown): string | undefined {
    const validate = this.validators.schema(ref);
    return validate(data) ? undefined : this.validators.errorsText(validate, 'body');
  }

  /** The operation's request check: the one the mock runs on every call. */
  request(operationId: string): RequestCheck {
    return this.validators.request(operationId);
  }
}
