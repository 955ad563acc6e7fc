// Which operation each answer belongs to, so an error built from the answer alone (api.unwrap, the
// React Query layer) names its operationId, method and path. Registered first, so its onResponse
// runs last (openapi-fetch runs them in reverse) and sees the answer after any retry. A call that
// got no answer (nothing listening) becomes a VideoApiNetworkError naming the operation and the URL.
import type { Middleware } from 'openapi-fetch';
import { type Redactor, VideoApiNetworkError } from '../errors.js';
import { findOperation, rememberOperation } from '../operations.js';

/** True for the error of a call its own signal stopped (an abort or a timeout): passed on as it is. */
function stopped(request: Request, error: unknown): boolean {
  return request.signal.aborted || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

export function describeOperations(redact?: Redactor): Middleware {
  return {
    onError({ request, error, schemaPath }) {
      if (stopped(request, error)) return undefined;
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
