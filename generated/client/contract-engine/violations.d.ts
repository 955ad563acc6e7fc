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
/** How many fields an errors map names at most; the rest are counted under MORE_ERRORS_KEY. */
export declare const MAX_ERROR_FIELDS = 50;
/** The key of the entry that counts the fields an errors map leaves out. */
export declare const MORE_ERRORS_KEY = "\u2026";
/**
 * An errors map cut to its first MAX_ERROR_FIELDS fields, and then `"…": ["and K more"]`: a body
 * with thousands of bad fields gets an answer of a few KB, not one message per field.
 */
export declare function capErrors(errors: Record<string, string[]>, max?: number): Record<string, string[]>;
