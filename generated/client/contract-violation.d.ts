import type { OperationId } from './contract.js';
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
/**
 * A request (before it is sent, `validate: 'all'`) or an answer (`validate: 'responses'` or `'all'`)
 * that the contract refuses. Where the contract marks a place as a guess (x-unspecified), nothing is
 * thrown: the check is as lenient as the proxy's checker.
 */
export declare class ContractViolationError extends Error {
    name: string;
    readonly operationId: OperationId;
    readonly method: string;
    readonly path: string;
    readonly direction: 'request' | 'response';
    readonly status?: number;
    readonly problems: readonly ContractProblem[];
    constructor(init: ContractViolationInit, redact?: (text: string) => string);
}
export declare function isContractViolationError(error: unknown): error is ContractViolationError;
