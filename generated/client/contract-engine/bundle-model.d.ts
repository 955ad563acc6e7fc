import type { XChangelog, XErrorCatalogue, XLimits, XRateLimit, XRenderPreconditions, XStateMachine, XToolServer } from './extension-types.js';
import { type Document, type HttpMethod, type JsonValue, type MaybeRef, type Operation, type Reference, type Response, type Server } from './openapi.js';
export type Transition = XStateMachine['transitions'][number];
export type Precondition = XRenderPreconditions[number];
export type ErrorCatalogueEntry = XErrorCatalogue[number];
export type ToolServerTool = XToolServer['tools'][number];
/** One operation of the document. */
export interface OperationEntry {
    id: string;
    method: HttpMethod;
    path: string;
    /** `POST /faceless/{faceless}/render` */
    label: string;
    /** JSON pointer of the operation object, e.g. `/paths/~1me/get`. */
    pointer: string;
    operation: Operation;
}
/** A state machine with the name of the status schema that carries it. */
export interface StateMachineEntry extends XStateMachine {
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
    operations(): readonly OperationEntry[];
    /** The operation with this id; throws when there is none. */
    operation(id: string): OperationEntry;
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
    successResponse(entry: OperationEntry): {
        code: string;
        response: Response;
    };
    /** A response of the operation by status key, dereferenced; undefined when it is not documented. */
    response(entry: OperationEntry, code: string): Response | undefined;
    /** The named example values of a response (default: the success response), by example name. */
    examples(entry: OperationEntry, code?: string): Record<string, JsonValue | undefined>;
    /** Every `x-state-machine`, with the name of the component schema that carries it. */
    stateMachines(): StateMachineEntry[];
    stateMachine(name: string): StateMachineEntry;
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
