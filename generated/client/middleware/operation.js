import { VideoApiNetworkError } from '../errors.js';
import { findOperation, rememberOperation } from '../operations.js';
/** True for the error of a call its own signal stopped (an abort or a timeout): passed on as it is. */
function stopped(request, error) {
    return request.signal.aborted || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}
export function describeOperations(redact) {
    return {
        onError({ request, error, schemaPath }) {
            if (stopped(request, error))
                return undefined;
            // The contract's own spelling of the method where the call is one of its operations.
            const found = findOperation(request.method, schemaPath);
            const operation = { operationId: found?.operationId, method: found?.method ?? request.method, path: schemaPath };
            return new VideoApiNetworkError({ operation, url: request.url, cause: error }, redact);
        },
        onResponse({ request, response, schemaPath }) {
            rememberOperation(response, request.method, schemaPath);
            return undefined;
        },
    };
}
