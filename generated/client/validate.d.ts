import { ContractViolationError } from './contract-violation.js';
/** What the client's validate middleware calls. */
export interface ContractChecks {
    /** The request's violations, or undefined when the contract takes it (or the operation is not the contract's). */
    request(request: Request, pathTemplate: string, pathParams: Record<string, unknown> | undefined): Promise<ContractViolationError | undefined>;
    response(method: string, pathTemplate: string, response: Response): Promise<ContractViolationError | undefined>;
}
/** The checks over the contract the package was built from. */
export declare function contractChecks(redact: (text: string) => string): ContractChecks;
