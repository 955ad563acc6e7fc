/** The style a parameter has when it names none: form in the query and cookies, simple in paths and headers. */
export declare function defaultStyle(where: unknown): 'form' | 'simple';
/** Whether a value explodes when it does not say: only the form style does. */
export declare function explodesByDefault(style: unknown): boolean;
/**
 * A query string as the wire has it: one value per name, or the list of a repeated name (the form
 * style's exploded array). The request check reads each parameter's value out of it by its style.
 */
export declare function queryOf(search: URLSearchParams): Record<string, string | string[]>;
