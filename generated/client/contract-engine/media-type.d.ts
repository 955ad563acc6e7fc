export interface MediaType {
    /** `type/subtype`, lower case. */
    essence: string;
    parameters: Map<string, string>;
}
/** A request's Content-Type, parsed as the WHATWG MIME Sniffing standard says; throws when it is not one. */
export declare function parseMediaType(header: string): MediaType;
/** Whether `actual` is covered by `declared` (`*` type or subtype in the declared one is a wildcard). */
export declare function mediaTypeCovers(actual: string, declared: string): boolean;
/** A form's fields: name -> value, or every value in order where the name is repeated. */
export type FormFields = Record<string, string | string[]>;
/** Adds one name and value to a form's fields: a repeated name (`samples[]` sent three times) keeps every value. */
export declare function addFormField(fields: FormFields, name: string, value: string): void;
/** The fields of a multipart/form-data text: name -> value, every value of a repeated name kept. */
export declare function multipartFields(text: string, boundary: string): FormFields;
/** The type of a Content-Type header value (the first of a repeated one), lower case, without parameters; '' when absent. */
export declare function headerMediaType(value: unknown): string;
/** Whether a declared media type admits `actual` exactly: `image/*` admits image/png; `*\/*` admits anything. */
export declare function mediaMatches(declared: string, actual: string): boolean;
