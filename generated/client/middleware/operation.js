import { rememberOperation } from '../operations.js';
export function describeOperations() {
    return {
        onResponse({ request, response, schemaPath }) {
            rememberOperation(response, request.method, schemaPath);
            return undefined;
        },
    };
}
