import { addFormField, mediaTypeCovers, multipartFields, parseMediaType } from './media-type.js';
import { extendPointer, fragmentPointer } from './pointer.js';
import { defaultStyle, explodesByDefault } from './serialisation.js';
import { toViolations } from './violations.js';
const LOCATIONS = ['header', 'query', 'path'];
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const KEPT_MEDIA_TYPES = 16;
const RESERVED = /[/?#[\]@!$&'()*+,;=]/;
const NO_BOUNDARY = 'Boundary parameter for multipart/form-data is not defined or generated in the request header. Try removing manually defined content-type from your request header if it exists.';
export class RequestCheck {
    model;
    compiler;
    entry;
    groups = new Map();
    /** Query parameters whose schema refuses an empty value (OpenAPI's allowEmptyValue is false by default). */
    nonEmpty;
    required;
    contents;
    covers = new Map();
    constructor(model, compiler, entry) {
        this.model = model;
        this.compiler = compiler;
        this.entry = entry;
        const params = this.parameterRefs();
        for (const where of LOCATIONS) {
            const list = params.filter((p) => p.param.in === where);
            if (list.length)
                this.groups.set(where, this.group(where, list));
        }
        this.nonEmpty = params
            .filter(({ param }) => param.in === 'query' && !param.allowEmptyValue && !acceptsEmpty(model.deref(param.schema)))
            .map(({ param }) => param.name);
        const body = model.deref(entry.operation.requestBody);
        this.required = body?.required === true;
        this.contents = body ? this.bodyContents(body) : undefined;
    }
    /** Whether the operation's request body is required (the contract's `requestBody.required`). */
    get bodyRequired() {
        return this.required;
    }
    /** The media types the request body is declared in, in the contract's order; undefined when it takes no body. */
    get bodyMediaTypes() {
        return this.contents?.map((content) => content.mediaType);
    }
    /**
     * The declared media type a body sent as `mediaType` is read as: the first declared one that
     * covers it (`application/vnd.x+json` is JSON), the first declared one when none was named, and
     * undefined when the operation does not take that type (the 415 of check()).
     */
    declaredTypeFor(mediaType) {
        if (!this.contents?.length)
            return undefined;
        return mediaType ? this.covering(mediaType)?.mediaType : this.contents[0].mediaType;
    }
    /** Every violation of the request, in Prism's order: body, headers, query, path. */
    check(input) {
        return [
            ...this.body(input),
            ...this.parameters('header', input.headers),
            ...this.parameters('query', input.query),
            ...this.parameters('path', input.params),
        ];
    }
    /** The violations of one location's parameters (`query`: the query string's values as sent). */
    parameters(where, target) {
        const group = this.groups.get(where);
        if (!group)
            return [];
        const lower = {};
        for (const [key, value] of Object.entries(target))
            lower[key.toLowerCase()] = value;
        const values = {};
        const infinite = [];
        for (const spec of group.specs) {
            const value = deserialize(spec, lower, where === 'query');
            // An empty value counts as absent (`page=`): the mock judges those apart.
            if (value === undefined || value === '')
                continue;
            if (notFinite(spec, value))
                infinite.push(notFiniteViolation(where, spec.name));
            else
                values[spec.name] = value;
        }
        const found = group.validate(values) ? [] : toViolations(group.validate.errors ?? [], where);
        return [...found, ...infinite];
    }
    /**
     * Query parameters sent empty (`page=`, `order=`) that their schema does not accept. The check
     * above reads an empty value as absent, as Prism did; whoever answers decides how to refuse these.
     */
    emptyQueryParameters(query) {
        return this.nonEmpty.filter((name) => query[name] === '');
    }
    /** The violations of a JSON body against the schema of `mediaType` (the first declared one when absent). */
    jsonBody(value, mediaType) {
        const content = this.contentFor(mediaType);
        if (!content?.ref)
            return [];
        const validate = this.compiler.schema(content.ref);
        return validate(value) ? [] : toViolations(validate.errors ?? [], 'body');
    }
    body(input) {
        if (this.required && !input.body)
            return [{ code: 'required', message: 'Body parameter is required', severity: 0 }];
        const header = input.headers['content-type'];
        const parsed = header ? mediaTypeOf(header) : undefined;
        const mediaType = parsed?.essence;
        const refused = this.refusedMediaType(mediaType, Number.parseInt(input.headers['content-length'] ?? '', 10) || 0);
        if (refused)
            return [refused];
        if (input.body === undefined || input.body === null || !this.contents)
            return [];
        const content = this.contentFor(mediaType);
        if (!content?.ref)
            return [];
        if (!mediaType || !FORM_TYPES.has(mediaType))
            return this.jsonBody(input.body, mediaType);
        if (typeof input.body !== 'string')
            return [{ message: 'Target is not a string', code: '422', severity: 0 }];
        return this.formBody(content, input.body, parsed?.parameters.get('boundary'));
    }
    /** A body sent (Content-Length above 0) in a type the operation does not take: 415. */
    refusedMediaType(mediaType, length) {
        if (length === 0)
            return undefined;
        const contents = this.contents;
        if (contents && (!mediaType || this.covering(mediaType)))
            return undefined;
        const message = contents?.length
            ? `Supported content types: ${contents.map((c) => c.mediaType).join(',')}`
            : 'No supported content types, but request included a non-empty body';
        return { message, code: 415, severity: 0 };
    }
    contentFor(mediaType) {
        if (!this.contents)
            return undefined;
        return (mediaType && this.covering(mediaType)) || this.contents[0];
    }
    /** The first declared content that covers a media type; the answers for the last few types sent are kept. */
    covering(mediaType) {
        if (this.covers.has(mediaType))
            return this.covers.get(mediaType);
        const found = this.contents?.find((c) => mediaTypeCovers(mediaType, c.mediaType));
        // Clients send a handful of types; a client sending endless new ones only refills the list.
        if (this.covers.size >= KEPT_MEDIA_TYPES)
            this.covers.clear();
        this.covers.set(mediaType, found);
        return found;
    }
    formBody(content, text, boundary) {
        let raw;
        if (content.mediaType === 'multipart/form-data') {
            if (!boundary)
                return [{ message: NO_BOUNDARY, code: 415, severity: 0 }];
            raw = multipartFields(text, boundary);
        }
        else
            raw = urlEncodedFields(text);
        const reserved = content.encodings
            .filter((e) => !e.allowReserved && [raw[e.property]].flat().some((value) => RESERVED.test(String(value))))
            .map((e) => ({ path: ['body', e.property], message: 'Reserved characters used in request body', severity: 0 }));
        if (reserved.length)
            return reserved;
        const fields = decodeFields(raw, content.mediaType !== 'multipart/form-data');
        const validate = this.compiler.schema(content.ref, true);
        return validate(formValues(content, fields)) ? [] : toViolations(validate.errors ?? [], 'body');
    }
    /** The operation's parameters (path item's, then the operation's; one per place and name) with the pointer of each schema. */
    parameterRefs() {
        const { path, method, operation } = this.entry;
        const found = new Map();
        const collect = (list, base) => (list ?? []).forEach((node, i) => {
            const raw = node;
            const param = this.model.deref(node);
            const ref = raw.$ref ? extendPointer(raw.$ref, 'schema') : fragmentPointer([...base, String(i), 'schema']);
            found.set(`${param.in}:${param.name}`, { param, ref });
        });
        collect(this.model.doc.paths[path].parameters, ['paths', path, 'parameters']);
        collect(operation.parameters, ['paths', path, method, 'parameters']);
        return [...found.values()];
    }
    group(where, list) {
        const specs = list.map(({ param }) => {
            const schema = this.model.deref(param.schema);
            return {
                name: param.name.toLowerCase(),
                explode: param.explode ?? explodesByDefault(param.style ?? defaultStyle(where)),
                type: schema?.type,
                properties: schema?.properties,
            };
        });
        const properties = Object.fromEntries(list.filter((p) => p.param.schema).map(({ param, ref }) => [param.name.toLowerCase(), ref]));
        const required = list.filter((p) => p.param.required).map((p) => p.param.name.toLowerCase());
        return { specs, validate: this.compiler.object(properties, required) };
    }
    bodyContents(body) {
        const raw = this.entry.operation.requestBody;
        const base = raw.$ref ?? fragmentPointer(['paths', this.entry.path, this.entry.method, 'requestBody']);
        return Object.entries(body.content ?? {}).map(([mediaType, media]) => ({
            mediaType,
            ref: media.schema ? extendPointer(base, 'content', mediaType, 'schema') : undefined,
            schema: this.model.deref(media.schema),
            encodings: Object.entries(media.encoding ?? {}).map(([property, e]) => ({
                property,
                style: e.style,
                // A form field's encoding takes the query's defaults.
                explode: e.explode ?? explodesByDefault(e.style ?? defaultStyle('query')),
                allowReserved: e.allowReserved ?? false,
            })),
        }));
    }
}
const SCALARS = new Set(['integer', 'number', 'boolean']);
/**
 * Whether a number parameter's text reads as a number no JSON can carry (`Infinity`, `1e400`):
 * Ajv's coercion would take it as Infinity, which passes `type: integer` and `minimum`.
 */
function notFinite(spec, value) {
    if (spec.type !== 'integer' && spec.type !== 'number')
        return false;
    const read = Number(lastOf(value).trim());
    return !Number.isNaN(read) && !Number.isFinite(read);
}
function notFiniteViolation(where, name) {
    return { path: [where, name], code: 'type', message: `Request ${where} parameter ${name} must be a finite number`, severity: 0 };
}
/** Whether '' is a valid value for a query parameter's schema (an empty form-style array is []). */
function acceptsEmpty(schema) {
    if (!schema || schema.type === 'array')
        return true;
    if (typeof schema.type === 'string' && SCALARS.has(schema.type))
        return false;
    if (Array.isArray(schema.enum) && !schema.enum.includes(''))
        return false;
    if (typeof schema.minLength === 'number' && schema.minLength > 0)
        return false;
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(''))
        return false;
    return true;
}
/** Deserialises one parameter from its text: form style (`form`: the query, a form field), else simple. */
function deserialize(spec, target, form) {
    const values = target[spec.name];
    if (form) {
        if (!(spec.type === 'object' && spec.explode) && !values)
            return undefined;
        if (spec.type === 'array')
            return spec.explode ? (Array.isArray(values) ? values : [values]) : lastOf(values).split(',');
        if (spec.type !== 'object')
            return values;
        if (!spec.explode)
            return keyValueList(lastOf(values).split(','));
        const known = spec.properties ?? {};
        return Object.fromEntries(Object.entries(target).filter(([key]) => Object.hasOwn(known, key)));
    }
    if (values === undefined)
        return undefined;
    const text = lastOf(values);
    if (spec.type === 'array')
        return text === '' ? [] : text.split(',');
    if (spec.type !== 'object')
        return values;
    if (!spec.explode)
        return keyValueList(text.split(','));
    return Object.fromEntries(text.split(',').map((pair) => pair.split('=')));
}
function lastOf(values) {
    return Array.isArray(values) ? (values[values.length - 1] ?? '') : (values ?? '');
}
/** `a,1,b,2` -> `{ a: '1', b: '2' }` */
function keyValueList(items) {
    const out = {};
    items.forEach((item, i) => {
        if (i % 2 === 0)
            out[item] = undefined;
        else
            out[items[i - 1]] = item;
    });
    return out;
}
/** Percent-decoded names and values (`+` is a space in a URL-encoded form); a value that does not decode stays as sent. */
/** The fields of an application/x-www-form-urlencoded text, still encoded; a repeated name keeps every value. */
function urlEncodedFields(text) {
    const fields = Object.create(null);
    for (const pair of text.split('&'))
        addFormField(fields, pair.split('=')[0], pair.split('=').slice(1).join('='));
    return fields;
}
function decodeFields(raw, urlEncoded) {
    const out = Object.create(null);
    const decode = (value) => {
        try {
            return decodeURIComponent(urlEncoded ? value.replaceAll('+', '%20') : value);
        }
        catch {
            return value;
        }
    };
    // A name that does not decode is an unreadable body (it throws, as Prism's reader did); a value is kept as sent.
    for (const [key, value] of Object.entries(raw))
        out[decodeURIComponent(key)] = Array.isArray(value) ? value.map(decode) : decode(value);
    return out;
}
/**
 * A boolean sent as form text: `true`/`false` in any letter case (JavaScript writes `true`, Python's
 * generated clients `True`: the source is silent on the spelling, so every common encoder is read).
 * Undefined for any other text.
 */
export function formBoolean(value) {
    if (typeof value !== 'string')
        return undefined;
    const lower = value.toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : undefined;
}
/** A form's fields as its schema's properties, each read as its encoding's style says (`samples[]` form-exploded into a list). */
function formValues(content, fields) {
    const properties = content.schema?.properties;
    if (!properties)
        return fields;
    const out = {};
    for (const [property, schema] of Object.entries(properties)) {
        // A repeated part is a list where the schema says array; elsewhere the last one sent counts, as
        // Prism's reader took it (the source says nothing of repeated fields).
        const sent = fields[property];
        const read = Array.isArray(sent) && (typeof schema !== 'object' || schema.type !== 'array') ? lastOf(sent) : sent;
        out[property] = read;
        // Ajv's coercion reads only `true`/`false`: other encoders' spellings are read here.
        if (typeof schema === 'object' && schema.type === 'boolean' && formBoolean(read) !== undefined)
            out[property] = String(formBoolean(read));
        const encoding = content.encodings.find((e) => e.property === property);
        if (!encoding?.style || typeof schema !== 'object')
            continue;
        const spec = { name: property, explode: encoding.explode, type: schema.type, properties: schema.properties };
        out[property] = deserialize(spec, { ...fields, [property]: read }, true);
    }
    return out;
}
// The Content-Type values parsed lately: clients send a handful, on every call (a GET too). Only
// what parses is kept (a malformed value throws again each time); endless new values refill it.
const parsedTypes = new Map();
/** parseMediaType, kept for the last few values sent (shared, read only). */
function mediaTypeOf(header) {
    let parsed = parsedTypes.get(header);
    if (!parsed) {
        parsed = parseMediaType(header);
        if (parsedTypes.size >= KEPT_MEDIA_TYPES)
            parsedTypes.clear();
        parsedTypes.set(header, parsed);
    }
    return parsed;
}
