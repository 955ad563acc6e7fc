/** The style a parameter has when it names none: form in the query and cookies, simple in paths and headers. */
export declare function defaultStyle(where: unknown): 'form' | 'simple';
/** Whether a value explodes when it does not say: only the form style does. */
export declare function explodesByDefault(style: unknown): boolean;
