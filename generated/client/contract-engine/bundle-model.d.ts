import type { XChangelog, XErrorCatalogue, XLimits, XRateLimit, XStateMachine, XToolServer } from './extension-types.js';
import { type Document, type MaybeRef, type Parameter, type Reference, type Response, type Schema, type Server } from './openapi.js';
import { type ContractOperation, type ExampleBody } from './operation.js';
export type { ContractOperation, ExampleBody, Precondition } from './operation.js';
export type Transition = XStateMachine['transitions'][number];
export type ErrorCatalogueEntry = XErrorCatalogue[number];
export type ToolServerTool = XToolServer['tools'][number];
/** A state machine with the name of the status schema that carries it. */
export interface StateMachine extends XStateMachine {
    name: string;
}
export interface ServerEntry {
    description: string;
    /** The URL with every variable at its default. */
    url: string;
    /** The URL as written, with `{variables}`. */
    template: string;
    server: Server;
}
export declare class ContractError extends Error {
    name: string;
}
export declare function isReference(node: unknown): node is Reference;
export declare class BundleModel {
    #private;
    readonly doc: Document;
    /**
     * Checks `doc`'s shape and builds the model; throws ContractError on anything it does not
     * understand. `checkDocument` runs first on an OpenAPI 3.1 document with paths (ContractModel's
     * extension check).
     */
    constructor(doc: unknown, checkDocument?: (doc: object) => void);
    /** The model of a parsed document, built once per document object (later edits to it stay visible). */
    static of(doc: object): BundleModel;
    /** The model already built for a document object, if any. */
    protected static known(doc: object): BundleModel | undefined;
    /** Every operation, in document order (paths in order, then methods in the path item's order). */
    operations(): readonly ContractOperation[];
    /** The operation with this id; throws when there is none. */
    operation(id: string): ContractOperation;
    hasOperation(id: string): boolean;
    /** The value at a JSON pointer (`/components/schemas/X` or `#/components/schemas/X`), or undefined. */
    pointer(ptr: string): unknown;
    /**
     * Follows internal `$ref`s until a non-reference is reached. Throws on an external or
     * unresolvable reference and on a cycle.
     */
    deref<T extends object>(node: MaybeRef<T>): T;
    deref<T extends object>(node: MaybeRef<T> | undefined): T | undefined;
    /** The operation's success response: the first 2xx (or 2XX) key. */
    successResponse(op: ContractOperation): {
        code: string;
        response: Response;
    };
    /** A response of the operation by status key, dereferenced; undefined when it is not documented. */
    response(op: ContractOperation, code: string): Response | undefined;
    /** The named example bodies (JSON objects) of a response (default: the success response), by example name. */
    examples(op: ContractOperation, code?: string): Record<string, ExampleBody>;
    /** A named example of components/examples (its value, when it is a JSON object), or undefined. */
    namedExample(name: string): ExampleBody | undefined;
    /** The schema at an internal reference (`#/components/schemas/X`). */
    schemaAt(ref: string): Schema;
    /** The operation's request body schema for a media type, dereferenced. */
    requestSchema(op: ContractOperation, media?: string): Schema | undefined;
    /** The multipart/form-data fields of the operation that carry files (operation.ts says which). */
    fileFields(op: ContractOperation): Set<string>;
    /**
     * The multipart/form-data fields sent as one part per item (array properties), with the number
     * of parts their schema allows. A multipart reader that keeps one value per name (Prism's does)
     * cannot see how many were sent; whoever counts the parts checks them against these.
     */
    repeatedParts(op: ContractOperation): Map<string, {
        minItems?: number;
        maxItems?: number;
    }>;
    /** The operation's parameters, dereferenced (read on its first call, then shared: read only). */
    parameters(op: ContractOperation): readonly Parameter[];
    /**
     * The `$ref` of the `data` schema of an operation's success body ("#/.../FacelessVideo", or
     * "[]#/.../VoiceClone" for lists), so handlers can tell "this answer is the resource itself".
     */
    dataSchemaRef(op: ContractOperation): string | undefined;
    /** Operations whose paths are gated by a subscription; the ungated ones say so with a 403 response. */
    isUngated(op: ContractOperation): boolean;
    /** Every `x-state-machine`, with the name of the component schema that carries it. */
    stateMachines(): StateMachine[];
    stateMachine(name: string): StateMachine;
    /** The error catalogue (`x-error-catalogue`), from whichever schema carries it. */
    errorCatalogue(): XErrorCatalogue;
    /** `info.x-limits`: every numeric limit the source states. */
    limits(): XLimits;
    /** `info.x-rate-limit`: the default request rate limit. */
    rateLimit(): XRateLimit;
    changelog(): XChangelog;
    toolServer(): XToolServer | undefined;
    /** The servers, each with its URL at the variables' defaults. */
    servers(): ServerEntry[];
    /** The path every contract path is served under: the one URL path all servers share (`/v2`). */
    basePath(): string;
    /** The server whose description is `description` (case-insensitive); throws when there is none. */
    server(description: string): ServerEntry;
    /** Tag names in the contract's order, then any tag an operation uses that the list lacks. */
    tagOrder(): string[];
}
