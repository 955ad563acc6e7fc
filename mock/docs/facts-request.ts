// What a "Try it" panel prefills for a request, read from the contract: each parameter's value,
// the JSON body (the first request example with every required field the example leaves out
// taken from that field's own example), and the parts of a multipart/form-data body (files and
// text parts, the text parts prefilled the same way). A value comes from the contract's examples
// only (`example`, `examples`, then `default`, `const`, the first `enum` value); nothing is made up.
import type { ContractModel, Example, JsonValue, MediaType, Parameter, RequestBody, Schema } from '../../lib/contract/index.js';

/** The model's dereferencing, all this module needs of it. */
export type Deref = Pick<ContractModel, 'deref'>;

export interface TryItPart {
  name: string;
  /** A file part (a file input), else a text part. */
  file: boolean;
  required: boolean;
  /** An array of files (`samples[]`): the input takes several. */
  multiple: boolean;
  /** The media types the part takes (`audio/*`), for the file picker; '' for any. */
  accept: string;
  /** A text part's prefilled value ('' for none). */
  value: string;
  /** The contract does not name the parts: this one is the panel's own guess. */
  guessed?: boolean;
}

/** The part a panel offers when the contract names no part of a multipart body (x-unspecified). */
const GUESSED_PART: TryItPart = { name: 'file', file: true, required: false, multiple: false, accept: '', value: '', guessed: true };

export function text(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A schema's own example value, if the contract gives one. */
export function schemaExample(schema: Schema | undefined): JsonValue | undefined {
  if (!schema) return undefined;
  return schema.example ?? schema.examples?.[0] ?? schema.default ?? schema.const ?? schema.enum?.[0];
}

/** A parameter's example: its own, its first named one, else its schema's. */
export function parameterExample(model: Deref, p: Parameter): JsonValue | undefined {
  const named = Object.values(p.examples ?? {}).map((e) => model.deref<Example>(e).value)[0];
  return p.example ?? named ?? schemaExample(model.deref<Schema>(p.schema));
}

/** The properties and required names of an object schema, its `allOf` members merged in. */
function objectShape(model: Deref, node: Schema | undefined): { properties: Record<string, Schema>; required: string[] } {
  const schema = model.deref<Schema>(node);
  const shape = { properties: { ...(schema?.properties ?? {}) }, required: [...(schema?.required ?? [])] };
  for (const member of schema?.allOf ?? []) {
    const inner = objectShape(model, member);
    Object.assign(shape.properties, inner.properties);
    shape.required.push(...inner.required);
  }
  return shape;
}

/** `value` with every required field it lacks filled from that field's example, at every depth. */
export function withRequired(model: Deref, value: JsonValue | undefined, schema: Schema | undefined): JsonValue | undefined {
  const { properties, required } = objectShape(model, schema);
  if (!required.length && !Object.keys(properties).length) return value;
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) return value;
  const out: Record<string, JsonValue> = { ...(value ?? {}) };
  for (const name of required) {
    if (out[name] !== undefined) continue;
    const example = schemaExample(model.deref<Schema>(properties[name]));
    if (example !== undefined) out[name] = example;
  }
  for (const [name, v] of Object.entries(out)) {
    const filled = withRequired(model, v, properties[name]);
    if (filled !== undefined) out[name] = filled;
  }
  return out;
}

/** The JSON body a panel starts with ('' for none): the first example, required fields filled in. */
export function jsonBody(model: Deref, requestBody: RequestBody | undefined, json: MediaType): string {
  const first = json.example ?? Object.values(json.examples ?? {}).map((e) => model.deref<Example>(e).value)[0];
  if (first === undefined && !requestBody?.required) return '';
  const body = withRequired(model, first, json.schema);
  return body === undefined ? '{}' : JSON.stringify(body, null, 2);
}

/** Whether a schema describes a file: binary bytes, or a media type of its own. */
const isFile = (s: Schema | undefined) => s?.format === 'binary' || s?.contentMediaType !== undefined;

/** The parts of a multipart/form-data body, in the schema's order; one guessed file part where it names none. */
export function multipartParts(model: Deref, media: MediaType): TryItPart[] {
  const { properties, required } = objectShape(model, media.schema);
  const parts = Object.entries(properties).map(([name, node]): TryItPart => {
    const schema = model.deref<Schema>(node);
    const items = model.deref<Schema>(schema.items);
    const file = isFile(schema) || isFile(items);
    const accept = media.encoding?.[name]?.contentType ?? schema.contentMediaType ?? items?.contentMediaType ?? '';
    return {
      name,
      file,
      required: required.includes(name),
      multiple: file && schema.type === 'array',
      accept: file ? accept : '',
      value: file ? '' : text(schemaExample(schema)),
    };
  });
  return parts.length ? parts : [GUESSED_PART];
}
