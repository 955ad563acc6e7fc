// Which operation a request is, and whether it charges credits, looked up in the facts the build
// derives from the contract (generated/contract.ts). Nothing here lists operations by hand.
import { operations } from './contract.js';
const byRoute = new Map();
for (const [operationId, op] of Object.entries(operations)) {
    byRoute.set(`${op.method} ${op.path}`, {
        operationId: operationId,
        method: op.method,
        path: op.path,
        charges: op.credits.charges,
    });
}
/** The contract's operation for a method and a path template (`/faceless/{faceless}/render`). */
export function findOperation(method, pathTemplate) {
    return byRoute.get(`${method.toUpperCase()} ${pathTemplate}`);
}
/**
 * True when the operation may consume credits. An operation the contract does not know is treated
 * as charging: the safe answer for "may this be retried automatically?" is no.
 */
export function chargesCredits(method, pathTemplate) {
    return findOperation(method, pathTemplate)?.charges ?? true;
}
export function operationById(operationId) {
    const op = operations[operationId];
    return { operationId, method: op.method, path: op.path, charges: op.credits.charges };
}
const operationOfAnswer = new WeakMap();
/** Notes which operation an answer was for (the client's describeOperations middleware does, for every answer). */
export function rememberOperation(response, method, pathTemplate) {
    const upper = method.toUpperCase();
    operationOfAnswer.set(response, { operationId: findOperation(upper, pathTemplate)?.operationId, method: upper, path: pathTemplate });
}
/** The operation an answer of the client was for. */
export function operationOf(response) {
    return operationOfAnswer.get(response);
}
