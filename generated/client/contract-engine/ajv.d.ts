export type AjvInstance = import('ajv').default;
export type ValidateFunction = import('ajv').ValidateFunction;
export type AjvError = import('ajv').ErrorObject;
export interface AjvOptions {
    /** Parameters and form fields arrive as text: `true` reads "12" as 12, as Prism's validator did. */
    coerceTypes?: boolean | 'array';
    /** For the repository's own schemas (extensions, Arazzo): unknown keywords are errors. */
    strict?: boolean;
    useDefaults?: boolean;
    /** Check each schema against the meta-schema first (default true; off for schemas lint has checked). */
    validateSchema?: boolean;
}
export declare function newAjv(options?: AjvOptions): AjvInstance;
