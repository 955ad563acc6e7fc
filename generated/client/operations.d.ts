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
