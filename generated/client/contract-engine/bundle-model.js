import { HTTP_METHODS, } from './openapi.js';
import { asBody, contractOperation, dataSchemaRefOf, fileFieldsOf, repeatedPartsOf, requestSchemaOf, successEntry, } from './operation.js';
import { parsePointer, readPointer } from './pointer.js';
import { basePathOf } from './templates.js';
export class ContractError extends Error {
    name = 'ContractError';
}
function isHttpMethod(key) {
    return HTTP_METHODS.includes(key);
}
export function isReference(node) {
    return node !== null && typeof node === 'object' && typeof node.$ref === 'string';
}
/** The model built for each document object (either class), so a document is modelled once. */
const byDoc = new WeakMap();
export class BundleModel {
    doc;
    #operations = [];
    #byId = new Map();
    // What parameters() and dataSchemaRef() read from the contract, by operation: the mock asks on every call.
    #parameters = new WeakMap();
    #dataRefs = new WeakMap();
    /**
     * Checks `doc`'s shape and builds the model; throws ContractError on anything it does not
     * understand. `checkDocument` runs first on an OpenAPI 3.1 document with paths (ContractModel's
     * extension check).
     */
    constructor(doc, checkDocument) {
        if (!doc || typeof doc !== 'object')
            throw new ContractError('the contract is not a JSON object');
        const candidate = doc;
        if (typeof candidate.openapi !== 'string' || !candidate.openapi.startsWith('3.1.')) {
            throw new ContractError(`expected an OpenAPI 3.1 document, got openapi: ${JSON.stringify(candidate.openapi)}`);
        }
        if (!candidate.paths || typeof candidate.paths !== 'object')
            throw new ContractError('the contract has no paths');
        checkDocument?.(doc);
        this.doc = doc;
        for (const [path, item] of Object.entries(this.doc.paths)) {
            // Methods in the order the path item lists them (the order the reference docs show).
            for (const method of Object.keys(item).filter(isHttpMethod)) {
                const operation = item[method];
                if (!operation)
                    continue;
                const id = operation.operationId;
                if (!id)
                    throw new ContractError(`${method.toUpperCase()} ${path} has no operationId`);
                if (this.#byId.has(id))
                    throw new ContractError(`operationId ${id} is used twice`);
                const entry = contractOperation(id, method, path, operation);
                this.#operations.push(entry);
                this.#byId.set(id, entry);
            }
        }
        byDoc.set(this.doc, this);
    }
    /** The model of a parsed document, built once per document object (later edits to it stay visible). */
    static of(doc) {
        if (doc instanceof BundleModel)
            return doc;
        return byDoc.get(doc) ?? new BundleModel(doc);
    }
    /** The model already built for a document object, if any. */
    static known(doc) {
        return byDoc.get(doc);
    }
    /** Every operation, in document order (paths in order, then methods in the path item's order). */
    operations() {
        return this.#operations;
    }
    /** The operation with this id; throws when there is none. */
    operation(id) {
        const entry = this.#byId.get(id);
        if (!entry)
            throw new ContractError(`operation ${id} is not in the contract`);
        return entry;
    }
    hasOperation(id) {
        return this.#byId.has(id);
    }
    /** The value at a JSON pointer (`/components/schemas/X` or `#/components/schemas/X`), or undefined. */
    pointer(ptr) {
        return readPointer(this.doc, ptr);
    }
    deref(node) {
        let current = node;
        const seen = new Set();
        while (isReference(current)) {
            const ref = current.$ref;
            if (!ref.startsWith('#'))
                throw new ContractError(`external reference ${ref}: the model reads the bundle, whose references are internal`);
            if (seen.has(ref))
                throw new ContractError(`reference cycle at ${ref}`);
            seen.add(ref);
            current = readPointer(this.doc, parsePointer(ref));
            if (current === undefined)
                throw new ContractError(`unresolved reference ${ref}`);
        }
        return current;
    }
    /** The operation's success response: the first 2xx (or 2XX) key. */
    successResponse(op) {
        const found = successEntry(this, op);
        if (!found)
            throw new ContractError(`${op.id} has no success response`);
        return found;
    }
    /** A response of the operation by status key, dereferenced; undefined when it is not documented. */
    response(op, code) {
        return this.deref(op.operation.responses[code]);
    }
    /** The named example bodies (JSON objects) of a response (default: the success response), by example name. */
    examples(op, code) {
        const response = code ? this.response(op, code) : this.successResponse(op).response;
        const out = {};
        for (const [name, example] of Object.entries(response?.content?.['application/json']?.examples ?? {})) {
            const body = asBody(this.deref(example).value);
            if (body)
                out[name] = body;
        }
        return out;
    }
    /** A named example of components/examples (its value, when it is a JSON object), or undefined. */
    namedExample(name) {
        const example = this.doc.components?.examples?.[name];
        return example ? asBody(this.deref(example).value) : undefined;
    }
    /** The schema at an internal reference (`#/components/schemas/X`). */
    schemaAt(ref) {
        return this.deref({ $ref: ref });
    }
    /** The operation's request body schema for a media type, dereferenced. */
    requestSchema(op, media = 'application/json') {
        return requestSchemaOf(this, op, media);
    }
    /** The multipart/form-data fields of the operation that carry files (operation.ts says which). */
    fileFields(op) {
        return fileFieldsOf(this, op);
    }
    /**
     * The multipart/form-data fields sent as one part per item (array properties), with the number
     * of parts their schema allows. A multipart reader that keeps one value per name (Prism's does)
     * cannot see how many were sent; whoever counts the parts checks them against these.
     */
    repeatedParts(op) {
        return repeatedPartsOf(this, op);
    }
    /** The operation's parameters, dereferenced (read on its first call, then shared: read only). */
    parameters(op) {
        let found = this.#parameters.get(op);
        if (!found) {
            found = Object.freeze((op.operation.parameters ?? []).map((p) => this.deref(p)));
            this.#parameters.set(op, found);
        }
        return found;
    }
    /**
     * The `$ref` of the `data` schema of an operation's success body ("#/.../FacelessVideo", or
     * "[]#/.../VoiceClone" for lists), so handlers can tell "this answer is the resource itself".
     */
    dataSchemaRef(op) {
        if (this.#dataRefs.has(op))
            return this.#dataRefs.get(op);
        const found = dataSchemaRefOf(this, this.successResponse(op).response.content?.['application/json']?.schema);
        this.#dataRefs.set(op, found);
        return found;
    }
    /** Operations whose paths are gated by a subscription; the ungated ones say so with a 403 response. */
    isUngated(op) {
        const forbidden = op.operation.responses['403'];
        return isReference(forbidden) && forbidden.$ref.endsWith('/ForbiddenUngated');
    }
    /** Every `x-state-machine`, with the name of the component schema that carries it. */
    stateMachines() {
        return Object.entries(this.doc.components?.schemas ?? {}).flatMap(([name, schema]) => schema['x-state-machine'] ? [{ name, ...schema['x-state-machine'] }] : []);
    }
    stateMachine(name) {
        const found = this.stateMachines().find((m) => m.name === name);
        if (!found)
            throw new ContractError(`no x-state-machine on schema ${name}`);
        return found;
    }
    /** The error catalogue (`x-error-catalogue`), from whichever schema carries it. */
    errorCatalogue() {
        return Object.values(this.doc.components?.schemas ?? {}).flatMap((schema) => schema['x-error-catalogue'] ?? []);
    }
    /** `info.x-limits`: every numeric limit the source states. */
    limits() {
        const limits = this.doc.info['x-limits'];
        if (!limits)
            throw new ContractError('the contract states no limits (info.x-limits)');
        return limits;
    }
    /** `info.x-rate-limit`: the default request rate limit. */
    rateLimit() {
        const limit = this.doc.info['x-rate-limit'];
        if (!limit)
            throw new ContractError('the contract states no rate limit (info.x-rate-limit)');
        return limit;
    }
    changelog() {
        return this.doc.info['x-changelog'] ?? [];
    }
    toolServer() {
        return this.doc['x-tool-server'];
    }
    /** The servers, each with its URL at the variables' defaults. */
    servers() {
        return (this.doc.servers ?? []).map((server) => ({
            description: server.description ?? server.url,
            url: server.url.replace(/\{(\w+)\}/g, (whole, name) => server.variables?.[name]?.default ?? whole),
            template: server.url,
            server,
        }));
    }
    /** The path every contract path is served under: the one URL path all servers share (`/v2`). */
    basePath() {
        const paths = new Set((this.doc.servers ?? []).map((server) => basePathOf(server.url)));
        if (paths.size > 1)
            throw new ContractError(`the servers disagree on the base path: ${[...paths].join(', ')}`);
        return [...paths][0] ?? '';
    }
    /** The server whose description is `description` (case-insensitive); throws when there is none. */
    server(description) {
        const found = this.servers().find((s) => s.description.toLowerCase() === description.toLowerCase());
        if (!found)
            throw new ContractError(`the contract has no server described as "${description}"`);
        return found;
    }
    /** Tag names in the contract's order, then any tag an operation uses that the list lacks. */
    tagOrder() {
        const names = (this.doc.tags ?? []).map((t) => t.name);
        for (const { operation } of this.#operations)
            for (const t of operation.tags ?? [])
                if (!names.includes(t))
                    names.push(t);
        return names;
    }
}
