import type { XCredits, XRenderPreconditions } from './extension-types.js';
import type { HttpMethod, JsonValue, MaybeRef, OperationObject, Response, Schema } from './openapi.js';
export type Precondition = XRenderPreconditions[number];
/** An example body: a JSON object. */
export type ExampleBody = {
    [key: string]: JsonValue;
};
/** One operation of the contract, with the vendor extensions every part reads. */
export interface ContractOperation {
    id: string;
    /** Lower case, as the document (and Prism) spell it. */
    method: HttpMethod;
    path: string;
    /** `POST /faceless/{faceless}/render` */
    label: string;
    /** JSON pointer of the operation object, e.g. `/paths/~1me/get`. */
    pointer: string;
    /** The operation object as the document holds it. */
    operation: OperationObject;
    credits: XCredits;
    preconditions?: Precondition[];
    /** x-data-refusals: what the deployment may refuse on its own data, whatever the schema allows. */
    dataRefusals: NonNullable<OperationObject['x-data-refusals']>;
    /** x-estimate: the charging operations an estimate prices, and whether the source calls it exact. */
    estimate?: OperationObject['x-estimate'];
    /** x-order: the parameter that orders a list and its stated default. */
    order?: OperationObject['x-order'];
    /** x-refused-urls: hosts whose pages the operation refuses (every subdomain, case, scheme). */
    refusedUrls: NonNullable<OperationObject['x-refused-urls']>;
}
export declare function contractOperation(id: string, method: HttpMethod, path: string, operation: OperationObject): ContractOperation;
/** What the reads below need of the model: following internal `$ref`s. */
export interface Resolver {
    deref<T extends object>(node: MaybeRef<T> | undefined): T | undefined;
}
/** The operation's success response: the first 2xx (or 2XX) key; undefined when it has none. */
export declare function successEntry(model: Resolver, op: ContractOperation): {
    code: string;
    response: Response;
} | undefined;
/** An example value that is a JSON object, or undefined. */
export declare function asBody(value: JsonValue | undefined): ExampleBody | undefined;
/** The operation's request body schema for a media type, dereferenced. */
export declare function requestSchemaOf(model: Resolver, op: ContractOperation, media: string): Schema | undefined;
/**
 * The multipart/form-data fields of the operation that carry files: a binary schema (or items of
 * one), a `contentMediaType`, or an encoding whose content type is not text or JSON.
 */
export declare function fileFieldsOf(model: Resolver, op: ContractOperation): Set<string>;
/** The multipart/form-data array fields (one part per item), with the number of parts their schema allows. */
export declare function repeatedPartsOf(model: Resolver, op: ContractOperation): Map<string, {
    minItems?: number;
    maxItems?: number;
}>;
/** The `$ref` of the `data` schema of a success body schema ("#/.../X", or "[]#/.../X" for a list). */
export declare function dataSchemaRefOf(model: Resolver, schema: Schema | undefined): string | undefined;
