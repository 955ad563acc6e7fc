import type { ValidateFunction } from './ajv.js';
import type { BundleModel, ContractOperation } from './bundle-model.js';
import { type RequestViolation } from './violations.js';
/** One request as the checks read it: text parameters, the body parsed (JSON) or as text (other types). */
export interface RequestInput {
    /** Path parameters, as the path matcher decoded them. */
    params: Record<string, string>;
    query: Record<string, string | string[] | undefined>;
    /** Names in lower case. */
    headers: Record<string, string | undefined>;
    body: unknown;
}
/** What the checks compile their schemas with (lib/contract/validators.ts). */
export interface SchemaCompiler {
    schema(ref: string, coerce?: boolean): ValidateFunction;
    object(properties: Record<string, string>, required: string[]): ValidateFunction;
}
declare const LOCATIONS: readonly ["header", "query", "path"];
export declare class RequestCheck {
    private readonly model;
    private readonly compiler;
    readonly entry: ContractOperation;
    private readonly groups;
    /** Query parameters whose schema refuses an empty value (OpenAPI's allowEmptyValue is false by default). */
    private readonly nonEmpty;
    private readonly required;
    private readonly contents;
    private readonly covers;
    constructor(model: BundleModel, compiler: SchemaCompiler, entry: ContractOperation);
    /** Whether the operation's request body is required (the contract's `requestBody.required`). */
    get bodyRequired(): boolean;
    /** The media types the request body is declared in, in the contract's order; undefined when it takes no body. */
    get bodyMediaTypes(): string[] | undefined;
    /**
     * The declared media type a body sent as `mediaType` is read as: the first declared one that
     * covers it (`application/vnd.x+json` is JSON), the first declared one when none was named, and
     * undefined when the operation does not take that type (the 415 of check()).
     */
    declaredTypeFor(mediaType: string | undefined): string | undefined;
    /** Every violation of the request, in Prism's order: body, headers, query, path. */
    check(input: RequestInput): RequestViolation[];
    /** The violations of one location's parameters (`query`: the query string's values as sent). */
    parameters(where: (typeof LOCATIONS)[number], target: Record<string, string | string[] | undefined>): RequestViolation[];
    /**
     * Query parameters sent empty (`page=`, `order=`) that their schema does not accept. The check
     * above reads an empty value as absent, as Prism did; whoever answers decides how to refuse these.
     */
    emptyQueryParameters(query: Record<string, string | string[] | undefined>): string[];
    /** The violations of a JSON body against the schema of `mediaType` (the first declared one when absent). */
    jsonBody(value: unknown, mediaType?: string): RequestViolation[];
    private body;
    /** A body sent (Content-Length above 0) in a type the operation does not take: 415. */
    private refusedMediaType;
    private contentFor;
    /** The first declared content that covers a media type; the answers for the last few types sent are kept. */
    private covering;
    private formBody;
    /** The operation's parameters (path item's, then the operation's; one per place and name) with the pointer of each schema. */
    private parameterRefs;
    private group;
    private bodyContents;
}
/**
 * A boolean sent as form text: `true`/`false` in any letter case (JavaScript writes `true`, Python's
 * generated clients `True`: the source is silent on the spelling, so every common encoder is read).
 * Undefined for any other text.
 */
export declare function formBoolean(value: unknown): boolean | undefined;
export {};
