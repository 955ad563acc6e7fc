// The error the client throws, when asked to validate (`validate` of createVideoApiClient), for a
// request or an answer the contract refuses. It lives in the main entry (so `instanceof` works
// whether or not the checks were loaded); the checks themselves are loaded on demand (validate.ts).
import type { OperationId } from '../generated/contract.js';

/** One thing the contract refuses: where, by which rule, in words. */
export interface ContractProblem {
  /** `body`, `status`, `header`, `content-type`, `query`, `path`. */
  location: string;
  /** JSON pointer into the body (`/credits`), or the parameter or header name; '' for the whole. */
  pointer: string;
  /** The JSON Schema keyword (`type`, `required`, `enum`, ...), or what was checked (`status`, `content-type`). */
  rule: string;
  message: string;
}

export interface ContractViolationInit {
  operationId: OperationId;
  method: string;
  /** The path template (`/faceless/{faceless}`). */
  path: string;
  direction: 'request' | 'response';
  /** The answer's status (a response violation). */
  status?: number;
  problems: ContractProblem[];
}

/** Problems named in the message; the rest are counted (all of them are on `problems`). */
const NAMED = 3;

function describeProblem(p: ContractProblem): string {
  const where = p.location === 'body' ? p.pointer || 'the body' : p.pointer ? `${p.location} ${p.pointer}` : p.location;
  return `${where} ${p.message} (${p.rule})`;
}

function summary(init: ContractViolationInit): string {
  const { method, path, direction, status, problems } = init;
  const onlyBody = problems.every((p) => p.location === 'body');
  const what =
    direction === 'request'
      ? `${method} ${path} was not sent: the contract refuses the request`
      : `${method} ${path} answered ${status} ${onlyBody ? 'with a body the contract refuses' : 'as the contract does not allow'}`;
  const named = problems.slice(0, NAMED).map(describeProblem).join('; ');
  const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
  return `${what}: ${named}${more}`;
}

/**
 * A request (before it is sent, `validate: 'all'`) or an answer (`validate: 'responses'` or `'all'`)
 * that the contract refuses. Where the contract marks a place as a guess (x-unspecified), nothing is
 * thrown: the check is as lenient as the proxy's checker.
 */
export class ContractViolationError extends Error {
  override name = 'ContractViolationError';
  readonly operationId: OperationId;
  readonly method: string;
  readonly path: string;
  readonly direction: 'request' | 'response';
  readonly status?: number;
  readonly problems: readonly ContractProblem[];

  constructor(init: ContractViolationInit, redact: (text: string) => string = (text) => text) {
    super(redact(summary(init)));
    this.operationId = init.operationId;
    this.method = init.method;
    this.path = init.path;
    this.direction = init.direction;
    this.status = init.status;
    this.problems = init.problems.map((p) => ({ ...p, message: redact(p.message), pointer: redact(p.pointer) }));
  }
}

export function isContractViolationError(error: unknown): error is ContractViolationError {
  return error instanceof ContractViolationError;
}
