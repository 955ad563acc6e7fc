import type { AjvError } from './ajv.js';
export interface RequestViolation {
    /** Where: `['body', 'name']`, `['query', 'per_page']`; none for the request as a whole. */
    path?: string[];
    code?: string | number;
    message: string;
    /** 0: an error; 1: a warning (a deprecated parameter sent). */
    severity: number;
}
export type RequestPart = 'body' | 'query' | 'path' | 'header';
/**
 * Ajv's errors as violations, worded as the mock's answers have always been worded:
 * "Request body property name must be string", "Request query parameter per_page must be <= 50".
 */
export declare function toViolations(errors: readonly AjvError[], part: RequestPart, context?: 'Request' | 'Response'): RequestViolation[];
/**
 * A request's violations as the API's 422 `errors` map: the key is the offending field (body
 * property, query or path parameter, header; a missing one is keyed by its own name), the
 * messages are the violations' own.
 */
export declare function requestErrorsMap(violations: readonly RequestViolation[]): Record<string, string[]>;
