import { toPointer } from './pointer.js';
export function contractOperation(id, method, path, operation) {
    return {
        id,
        method,
        path,
        label: `${method.toUpperCase()} ${path}`,
        pointer: toPointer(['paths', path, method]),
        operation,
        credits: operation['x-credits'],
        preconditions: operation['x-render-preconditions'],
        dataRefusals: operation['x-data-refusals'] ?? [],
        estimate: operation['x-estimate'],
        order: operation['x-order'],
        refusedUrls: operation['x-refused-urls'] ?? [],
    };
}
/** The operation's success response: the first 2xx (or 2XX) key; undefined when it has none. */
export function successEntry(model, op) {
    const found = Object.entries(op.operation.responses).find(([code]) => code.startsWith('2'));
    return found && { code: found[0], response: model.deref(found[1]) };
}
/** An example value that is a JSON object, or undefined. */
export function asBody(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
/** The operation's request body schema for a media type, dereferenced. */
export function requestSchemaOf(model, op, media) {
    return model.deref(model.deref(op.operation.requestBody)?.content[media]?.schema);
}
/**
 * The multipart/form-data fields of the operation that carry files: a binary schema (or items of
 * one), a `contentMediaType`, or an encoding whose content type is not text or JSON.
 */
export function fileFieldsOf(model, op) {
    const content = model.deref(op.operation.requestBody)?.content['multipart/form-data'];
    const schema = model.deref(content?.schema);
    const binary = (s) => !!s && (s.format === 'binary' || s.contentMediaType !== undefined);
    const files = new Set();
    for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
        const property = model.deref(raw);
        const encoded = content?.encoding?.[name]?.contentType;
        if (binary(property) ||
            binary(model.deref(property?.items)) ||
            (encoded && !/^(text\/plain|application\/json)\b/.test(encoded)))
            files.add(name);
    }
    return files;
}
/** The multipart/form-data array fields (one part per item), with the number of parts their schema allows. */
export function repeatedPartsOf(model, op) {
    const schema = requestSchemaOf(model, op, 'multipart/form-data');
    const repeated = new Map();
    for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
        const property = model.deref(raw);
        if (property?.type === 'array')
            repeated.set(name, { minItems: property.minItems, maxItems: property.maxItems });
    }
    return repeated;
}
/** The `$ref` of the `data` schema of a success body schema ("#/.../X", or "[]#/.../X" for a list). */
export function dataSchemaRefOf(model, schema) {
    const visit = (node) => {
        if (!node)
            return undefined;
        if (node.$ref && !node.properties) {
            const inner = visit(model.deref({ $ref: node.$ref }));
            if (inner)
                return inner;
        }
        const data = node.properties?.data;
        if (data?.$ref)
            return data.$ref;
        if (data?.type === 'array' && data.items?.$ref)
            return `[]${data.items.$ref}`;
        for (const part of node.allOf ?? []) {
            const found = visit(part);
            if (found)
                return found;
        }
        return undefined;
    };
    return visit(schema);
}
