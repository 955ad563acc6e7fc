// Which operation each answer belongs to, so an error built from the answer alone (api.unwrap, the
// React Query layer) names its operationId, method and path. Registered first, so its onResponse
// runs last (openapi-fetch runs them in reverse) and sees the answer after any retry.
import type { Middleware } from 'openapi-fetch';
import { rememberOperation } from '../operations.js';

export function describeOperations(): Middleware {
  return {
    onResponse({ request, response, schemaPath }) {
      rememberOperation(response, request.method, schemaPath);
      return undefined;
    },
  };
}
