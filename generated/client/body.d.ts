/** Object with files -> FormData; arrays repeat their key (`samples[]` three times for three files). */
export declare function toFormData(body: Record<string, unknown>): FormData;
export declare function serializeBody(body: unknown): string | FormData;
