import type { XBadges, XChangelog, XCodeSamples, XCredits, XDeprecationPolicy, XErrorCatalogue, XEvents, XInternal, XLimits, XRateLimit, XRenderPreconditions, XDataRefusals, XEstimate, XOrder, XRefusedUrls, XStateMachine, XTagGroups, XToolServer, XUnspecified, XUnspecifiedScope } from './extension-types.js';
/** The HTTP methods an OpenAPI 3.1 path item can hold, in the specification's order. */
export declare const HTTP_METHODS: readonly ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
export type HttpMethod = (typeof HTTP_METHODS)[number];
/** Any JSON value (what examples, defaults and enums hold). */
export type JsonValue = string | number | boolean | null | JsonValue[] | {
    [key: string]: JsonValue;
};
export interface Reference {
    $ref: string;
    summary?: string;
    description?: string;
}
export type MaybeRef<T> = T | Reference;
/** Marks a place the source leaves open; allowed on any object of the document. */
export interface Unspecified {
    'x-unspecified'?: XUnspecified;
}
export interface Schema extends Unspecified {
    $ref?: string;
    title?: string;
    description?: string;
    type?: string | string[];
    format?: string;
    contentMediaType?: string;
    contentEncoding?: string;
    enum?: JsonValue[];
    const?: JsonValue;
    default?: JsonValue;
    examples?: JsonValue[];
    example?: JsonValue;
    nullable?: boolean;
    readOnly?: boolean;
    writeOnly?: boolean;
    deprecated?: boolean;
    properties?: Record<string, Schema>;
    required?: string[];
    additionalProperties?: boolean | Schema;
    patternProperties?: Record<string, Schema>;
    items?: Schema;
    prefixItems?: Schema[];
    allOf?: Schema[];
    oneOf?: Schema[];
    anyOf?: Schema[];
    not?: Schema;
    if?: Schema;
    then?: Schema;
    else?: Schema;
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: number;
    exclusiveMaximum?: number;
    multipleOf?: number;
    minLength?: number;
    maxLength?: number;
    pattern?: string;
    minItems?: number;
    maxItems?: number;
    uniqueItems?: boolean;
    minProperties?: number;
    maxProperties?: number;
    'x-state-machine'?: XStateMachine;
    'x-error-catalogue'?: XErrorCatalogue;
}
export interface Example extends Unspecified {
    summary?: string;
    description?: string;
    value?: JsonValue;
    externalValue?: string;
}
export interface Header extends Unspecified {
    description?: string;
    required?: boolean;
    deprecated?: boolean;
    schema?: MaybeRef<Schema>;
    example?: JsonValue;
    examples?: Record<string, MaybeRef<Example>>;
}
export interface Encoding {
    contentType?: string;
    headers?: Record<string, MaybeRef<Header>>;
    style?: string;
    explode?: boolean;
    allowReserved?: boolean;
}
export interface MediaType extends Unspecified {
    schema?: MaybeRef<Schema>;
    example?: JsonValue;
    examples?: Record<string, MaybeRef<Example>>;
    encoding?: Record<string, Encoding>;
}
export interface Parameter extends Unspecified {
    name: string;
    in: 'query' | 'header' | 'path' | 'cookie';
    description?: string;
    required?: boolean;
    deprecated?: boolean;
    allowEmptyValue?: boolean;
    style?: string;
    explode?: boolean;
    schema?: MaybeRef<Schema>;
    example?: JsonValue;
    examples?: Record<string, MaybeRef<Example>>;
}
export interface RequestBody extends Unspecified {
    description?: string;
    required?: boolean;
    content: Record<string, MediaType>;
}
export interface Link {
    operationId?: string;
    operationRef?: string;
    parameters?: Record<string, JsonValue>;
    requestBody?: JsonValue;
    description?: string;
}
export interface Response extends Unspecified {
    description: string;
    headers?: Record<string, MaybeRef<Header>>;
    content?: Record<string, MediaType>;
    links?: Record<string, MaybeRef<Link>>;
}
export type SecurityRequirement = Record<string, string[]>;
export interface OperationObject extends Unspecified {
    operationId?: string;
    summary?: string;
    description?: string;
    tags?: string[];
    deprecated?: boolean;
    parameters?: MaybeRef<Parameter>[];
    requestBody?: MaybeRef<RequestBody>;
    responses: Record<string, MaybeRef<Response>>;
    security?: SecurityRequirement[];
    'x-credits': XCredits;
    'x-render-preconditions'?: XRenderPreconditions;
    /** Refusals of schema-valid input the deployment may give on its own data (openapi/EXTENSIONS.md). */
    'x-data-refusals'?: XDataRefusals;
    /** On an estimate: the operations it prices and whether exactly (openapi/EXTENSIONS.md). */
    'x-estimate'?: XEstimate;
    /** On a list: the parameter that orders it and its stated default. */
    'x-order'?: XOrder;
    /** On an operation taking a URL: the hosts whose pages it refuses. */
    'x-refused-urls'?: XRefusedUrls;
    /** What the operation's `x-unspecified` is about (`operation`: the operation itself is a guess). */
    'x-unspecified-scope'?: XUnspecifiedScope;
    'x-internal'?: XInternal;
    /** Added by the docs build to its copy only. */
    'x-codeSamples'?: XCodeSamples;
    /** Added by the docs build to its copy only (the "Unconfirmed" badge of a guessed operation). */
    'x-badges'?: XBadges;
}
export type PathItem = Unspecified & {
    summary?: string;
    description?: string;
    parameters?: MaybeRef<Parameter>[];
    'x-internal'?: XInternal;
} & {
    [M in HttpMethod]?: OperationObject;
};
export interface ServerVariable {
    default: string;
    enum?: string[];
    description?: string;
}
export interface Server extends Unspecified {
    url: string;
    description?: string;
    variables?: Record<string, ServerVariable>;
    'x-internal'?: XInternal;
}
export interface Tag extends Unspecified {
    name: string;
    description?: string;
}
export interface Info {
    title: string;
    version: string;
    summary?: string;
    description?: string;
    license?: {
        name: string;
        identifier?: string;
        url?: string;
    };
    contact?: {
        name?: string;
        url?: string;
        email?: string;
    };
    'x-changelog'?: XChangelog;
    'x-deprecation-policy'?: XDeprecationPolicy;
    'x-rate-limit'?: XRateLimit;
    'x-limits'?: XLimits;
    'x-events'?: XEvents;
}
export interface SecurityScheme {
    type: string;
    scheme?: string;
    bearerFormat?: string;
    description?: string;
    name?: string;
    in?: string;
}
export interface Components {
    schemas?: Record<string, Schema>;
    responses?: Record<string, MaybeRef<Response>>;
    parameters?: Record<string, MaybeRef<Parameter>>;
    headers?: Record<string, MaybeRef<Header>>;
    examples?: Record<string, MaybeRef<Example>>;
    requestBodies?: Record<string, MaybeRef<RequestBody>>;
    securitySchemes?: Record<string, SecurityScheme>;
    links?: Record<string, MaybeRef<Link>>;
}
export interface Document {
    openapi: string;
    info: Info;
    servers?: Server[];
    security?: SecurityRequirement[];
    tags?: Tag[];
    paths: Record<string, PathItem>;
    components?: Components;
    'x-tool-server'?: XToolServer;
    'x-tagGroups'?: XTagGroups;
}
