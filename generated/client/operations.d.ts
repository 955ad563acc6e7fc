import { type OperationId } from './contract.js';
export interface OperationFacts {
    operationId: OperationId;
    method: string;
    path: string;
    charges: boolean;
}
/** The contract's operation for a method and a path template (`/faceless/{faceless}/render`). */
export declare function findOperation(method: string, pathTemplate: string): OperationFacts | undefined;
/**
 * True when the operation may consume credits. An operation the contract does not know is treated
 * as charging: the safe answer for "may this be retried automatically?" is no.
 */
export declare function chargesCredits(method: string, pathTemplate: string): boolean;
export declare function operationById(operationId: OperationId): OperationFacts;
/** The operation a failed call was: its contract operationId (when known), method and path template. */
export interface CallOperation {
    operationId?: OperationId;
    method: string;
    path: string;
}
/** Notes which operation an answer was for (the client's describeOperations middleware does, for every answer). */
export declare function rememberOperation(response: Response, method: string, pathTemplate: string): void;
/** The operation an answer of the client was for. */
export declare function operationOf(response: Response): CallOperation | undefined;
