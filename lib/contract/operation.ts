// One operation of the contract as every part reads it (ContractOperation), and the reads of an
// operation that follow its `$ref`s: the success response, request schemas, file and repeated
// multipart fields, the `data` schema of its answer. The model (bundle-model.ts) builds the
// operations and offers these reads as its methods; they are here to keep that file small.
import type { XCredits, XRenderPreconditions } from '../../generated/extensions.js';
import type { HttpMethod, JsonValue, MaybeRef, OperationObject, Response, Schema } from './openapi.js';
import { toPointer } from './pointer.js';

export type Precondition = XRenderPreconditions[number];

/** An example body: a JSON object. */
export type ExampleBody = { [key: string]: JsonValue };

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

export function contractOperation(id: string, method: HttpMethod, path: string, operation: OperationObject): ContractOperation {
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

/** What the reads below need of the model: following internal `$ref`s. */
export interface Resolver {
  deref<T extends object>(node: MaybeRef<T> | undefined): T | undefined;
}

/** The operation's success response: the first 2xx (or 2XX) key; undefined when it has none. */
export function successEntry(model: Resolver, op: ContractOperation): { code: string; response: Response } | undefined {
  const found = Object.entries(op.operation.responses).find(([code]) => code.startsWith('2'));
  return found && { code: found[0], response: model.deref(found[1]) as Response };
}

/** An example value that is a JSON object, or undefined. */
export function asBody(value: JsonValue | undefined): ExampleBody | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** The operation's request body schema for a media type, dereferenced. */
export function requestSchemaOf(model: Resolver, op: ContractOperation, media: string): Schema | undefined {
  return model.deref(model.deref(op.operation.requestBody)?.content[media]?.schema);
}

/**
 * The multipart/form-data fields of the operation that carry files: a binary schema (or items of
 * one), a `contentMediaType`, or an encoding whose content type is not text or JSON.
 */
export function fileFieldsOf(model: Resolver, op: ContractOperation): Set<string> {
  const content = model.deref(op.operation.requestBody)?.content['multipart/form-data'];
  const schema = model.deref<Schema>(content?.schema);
  const binary = (s: Schema | undefined) => !!s && (s.format === 'binary' || s.contentMediaType !== undefined);
  const files = new Set<string>();
  for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
    const property = model.deref<Schema>(raw);
    const encoded = content?.encoding?.[name]?.contentType;
    if (
      binary(property) ||
      binary(model.deref<Schema>(property?.items)) ||
      (encoded && !/^(text\/plain|application\/json)\b/.test(encoded))
    )
      files.add(name);
  }
  return files;
}

/** The multipart/form-data array fields (one part per item), with the number of parts their schema allows. */
export function repeatedPartsOf(model: Resolver, op: ContractOperation): Map<string, { minItems?: number; maxItems?: number }> {
  const schema = requestSchemaOf(model, op, 'multipart/form-data');
  const repeated = new Map<string, { minItems?: number; maxItems?: number }>();
  for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
    const property = model.deref<Schema>(raw);
    if (property?.type === 'array') repeated.set(name, { minItems: property.minItems, maxItems: property.maxItems });
  }
  return repeated;
}

/** The `$ref` of the `data` schema of a success body schema ("#/.../X", or "[]#/.../X" for a list). */
export function dataSchemaRefOf(model: Resolver, schema: Schema | undefined): string | undefined {
  const visit = (node: Schema | undefined): string | undefined => {
    if (!node) return undefined;
    if (node.$ref && !node.properties) {
      const inner = visit(model.deref<Schema>({ $ref: node.$ref }));
      if (inner) return inner;
    }
    const data = node.properties?.data;
    if (data?.$ref) return data.$ref;
    if (data?.type === 'array' && data.items?.$ref) return `[]${data.items.$ref}`;
    for (const part of node.allOf ?? []) {
      const found = visit(part);
      if (found) return found;
    }
    return undefined;
  };
  return visit(schema);
}
