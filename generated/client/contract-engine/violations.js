import { schemaErrorMessage } from './schema-messages.js';
/**
 * Ajv's errors as violations, worded as the mock's answers have always been worded:
 * "Request body property name must be string", "Request query parameter per_page must be <= 50".
 */
export function toViolations(errors, part, context = 'Request') {
    return errors.map((error) => {
        const params = error.params;
        const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
        const additional = 'additionalProperty' in params ? `; found '${params.additionalProperty}'` : '';
        const unevaluated = 'unevaluatedProperty' in params ? `: '${params.unevaluatedProperty}'` : '';
        const at = error.instancePath.split('/').filter((segment) => segment !== '');
        const kind = at.length ? (part === 'body' ? 'property ' : 'parameter ') : '';
        const where = `${context} ${part} ${kind}${at.join('.').trim()}${at.length ? ' ' : ''}`;
        return {
            path: [part, ...at],
            code: error.keyword || '',
            message: `${where}${schemaErrorMessage(error)}${allowed}${additional}${unevaluated}`,
            severity: 0,
        };
    });
}
/**
 * A request's violations as the API's 422 `errors` map: the key is the offending field (body
 * property, query or path parameter, header; a missing one is keyed by its own name), the
 * messages are the violations' own.
 */
export function requestErrorsMap(violations) {
    const errors = {};
    for (const violation of violations) {
        const [where, ...rest] = violation.path ?? [];
        // "must have required property 'name'" sits on the parent; key it by the missing field.
        const missing = /required property '([^']+)'/.exec(violation.message)?.[1];
        const field = [...rest, ...(missing ? [missing] : [])].join('.') || where || 'request';
        errors[field] ??= [];
        errors[field].push(violation.message);
    }
    return capErrors(errors);
}
/** How many fields an errors map names at most; the rest are counted under MORE_ERRORS_KEY. */
export const MAX_ERROR_FIELDS = 50;
/** The key of the entry that counts the fields an errors map leaves out. */
export const MORE_ERRORS_KEY = '…';
/**
 * An errors map cut to its first MAX_ERROR_FIELDS fields, and then `"…": ["and K more"]`: a body
 * with thousands of bad fields gets an answer of a few KB, not one message per field.
 */
export function capErrors(errors, max = MAX_ERROR_FIELDS) {
    const fields = Object.keys(errors);
    if (fields.length <= max)
        return errors;
    const out = Object.create(null);
    for (const field of fields.slice(0, max))
        out[field] = errors[field];
    out[MORE_ERRORS_KEY] = [`and ${fields.length - max} more`];
    return out;
}
