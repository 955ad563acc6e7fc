// The contract by operationId: the vocabulary the mock, the validating proxy and the conformance
// flows share (operations by id with their billing marker and preconditions, state machines,
// examples, request schemas), built on the model. It reads nothing itself and restates no fact.
import type { XCredits } from '../../generated/extensions.js';
import { BUNDLE_JSON, ContractModel, isReference, type OperationEntry, type Precondition, type StateMachineEntry } from './model.js';
import type { Document, JsonValue, MaybeRef, Operation as OperationObject, Parameter, Response, Schema } from './openapi.js';

/** An example body: a JSON object. */
export type ExampleBody = { [key: string]: JsonValue };

export type StateMachine = StateMachineEntry;

export interface ContractOperation {
  id: string;
  method: OperationEntry['method']; // lower case, as Prism reports it
  path: string;
  credits: XCredits;
  preconditions?: Precondition[];
  /** x-data-refusals: what the deployment may refuse on its own data, whatever the schema allows. */
  dataRefusals: NonNullable<OperationObject['x-data-refusals']>;
  raw: OperationObject;
  entry: OperationEntry;
}

export class Contract {
  readonly model: ContractModel;
  readonly doc: Document;
  readonly operations = new Map<string, ContractOperation>();
  readonly machines: StateMachine[];

  constructor(doc: unknown) {
    this.model = doc instanceof ContractModel ? doc : new ContractModel(doc);
    this.doc = this.model.doc;
    for (const entry of this.model.operations()) {
      this.operations.set(entry.id, {
        id: entry.id,
        method: entry.method,
        path: entry.path,
        credits: entry.operation['x-credits'],
        preconditions: entry.operation['x-render-preconditions'],
        dataRefusals: entry.operation['x-data-refusals'] ?? [],
        raw: entry.operation,
        entry,
      });
    }
    this.machines = this.model.stateMachines();
  }

  /** The contract of a bundle file (default generated/openapi.json); a subclass loads itself. */
  static load<T extends Contract>(this: new (doc: unknown) => T, path = BUNDLE_JSON): T {
    return new this(ContractModel.load(path));
  }

  op(id: string): ContractOperation {
    const op = this.operations.get(id);
    if (!op) throw new Error(`operation ${id} is not in the contract`);
    return op;
  }

  /** Follows internal `$ref`s (the bundle has no external ones). */
  deref<T extends object>(node: MaybeRef<T>): T;
  deref<T extends object>(node: MaybeRef<T> | undefined): T | undefined;
  deref<T extends object>(node: MaybeRef<T> | undefined): T | undefined {
    return this.model.deref(node);
  }

  /** The operation's success response (first 2xx / 2XX key). */
  successResponse(op: ContractOperation): { code: string; response: Response } {
    return this.model.successResponse(op.entry);
  }

  /** Named examples (values) of a response of an operation, by status code. */
  examples(op: ContractOperation, code?: string): Record<string, ExampleBody> {
    const out: Record<string, ExampleBody> = {};
    for (const [name, value] of Object.entries(this.model.examples(op.entry, code))) {
      const body = asBody(value);
      if (body) out[name] = body;
    }
    return out;
  }

  /** A named example of components/examples (its value), or undefined. */
  namedExample(name: string): ExampleBody | undefined {
    const example = this.doc.components?.examples?.[name];
    return example ? asBody(this.model.deref(example).value) : undefined;
  }

  /** The schema at an internal reference (`#/components/schemas/X`). */
  schemaAt(ref: string): Schema {
    return this.model.deref<Schema>({ $ref: ref });
  }

  /** The operation's request body schema for a media type, dereferenced. */
  requestSchema(op: ContractOperation, media = 'application/json'): Schema | undefined {
    return this.model.deref(this.model.deref(op.raw.requestBody)?.content[media]?.schema);
  }

  /**
   * The multipart/form-data fields of the operation that carry files: a binary schema (or items of
   * one), a `contentMediaType`, or an encoding whose content type is not text or JSON.
   */
  fileFields(op: ContractOperation): Set<string> {
    const content = this.model.deref(op.raw.requestBody)?.content['multipart/form-data'];
    const schema = this.model.deref<Schema>(content?.schema);
    const binary = (s: Schema | undefined) => !!s && (s.format === 'binary' || s.contentMediaType !== undefined);
    const files = new Set<string>();
    for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
      const property = this.model.deref<Schema>(raw);
      const encoded = content?.encoding?.[name]?.contentType;
      if (
        binary(property) ||
        binary(this.model.deref<Schema>(property?.items)) ||
        (encoded && !/^(text\/plain|application\/json)\b/.test(encoded))
      )
        files.add(name);
    }
    return files;
  }

  /**
   * The multipart/form-data fields sent as one part per item (array properties), with the number
   * of parts their schema allows. A multipart reader that keeps one value per name (Prism's does)
   * cannot see how many were sent; whoever counts the parts checks them against these.
   */
  repeatedParts(op: ContractOperation): Map<string, { minItems?: number; maxItems?: number }> {
    const schema = this.requestSchema(op, 'multipart/form-data');
    const repeated = new Map<string, { minItems?: number; maxItems?: number }>();
    for (const [name, raw] of Object.entries(schema?.properties ?? {})) {
      const property = this.model.deref<Schema>(raw);
      if (property?.type === 'array') repeated.set(name, { minItems: property.minItems, maxItems: property.maxItems });
    }
    return repeated;
  }

  /** The operation's parameters, dereferenced (read on its first call, then shared: read only). */
  parameters(op: ContractOperation): readonly Parameter[] {
    let found = this.#parameters.get(op);
    if (!found) {
      found = Object.freeze((op.raw.parameters ?? []).map((p) => this.model.deref(p)));
      this.#parameters.set(op, found);
    }
    return found;
  }

  // What parameters() and dataSchemaRef() read from the contract, by operation: the mock asks on every call.
  readonly #parameters = new WeakMap<ContractOperation, readonly Parameter[]>();
  readonly #dataRefs = new WeakMap<ContractOperation, string | undefined>();

  /**
   * The `$ref` of the `data` schema of an operation's success body ("#/.../FacelessVideo", or
   * "[]#/.../VoiceClone" for lists), so handlers can tell "this answer is the resource itself".
   */
  dataSchemaRef(op: ContractOperation): string | undefined {
    if (this.#dataRefs.has(op)) return this.#dataRefs.get(op);
    const found = this.#dataSchemaRef(op);
    this.#dataRefs.set(op, found);
    return found;
  }

  #dataSchemaRef(op: ContractOperation): string | undefined {
    const visit = (node: Schema | undefined): string | undefined => {
      if (!node) return undefined;
      if (node.$ref && !node.properties) {
        const inner = visit(this.deref<Schema>({ $ref: node.$ref }));
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
    return visit(this.successResponse(op).response.content?.['application/json']?.schema);
  }

  /** Operations whose paths are gated by a subscription; the ungated ones say so with a 403 response. */
  isUngated(op: ContractOperation): boolean {
    const forbidden = op.raw.responses['403'];
    return isReference(forbidden) && forbidden.$ref.endsWith('/ForbiddenUngated');
  }
}

function asBody(value: JsonValue | undefined): ExampleBody | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
