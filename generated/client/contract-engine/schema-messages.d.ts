import type { AjvError } from './ajv.js';
/** The extension that carries a pattern's rule in words. */
export declare const PATTERN_MESSAGE = "x-pattern-message";
/** What a value that fails a pattern is told when its schema gives no words for it. */
export declare const PATTERN_FALLBACK = "is not in the form this field takes";
/** The message of one schema error, in words (never a raw regular expression). */
export declare function schemaErrorMessage(error: AjvError): string;
