// What the mock knows about the API, through the one contract model (lib/contract/). This file is a
// thin facade with the mock's vocabulary (operations by id, state machines, preconditions); it
// reads nothing itself and restates no operation, cost, status or example.
import {
  BUNDLE_JSON,
  ContractModel,
  isReference,
  type Document,
  type JsonValue,
  type MaybeRef,
  type Operation as OperationObject,
  type OperationEntry,
  type Parameter,
  type Precondition,
  type Response,
  type Schema,
  type StateMachineEntry,
  type Transition,
  type XCredits,
} from '../lib/contract/index.js';
import type { Resource } from './state/store.js';

/** An example body as the mock uses it: resource data it copies and edits. */
type ExampleBody = Resource['data'];

export const BUNDLE_PATH = BUNDLE_JSON;

export type { Precondition, Transition };
export type StateMachine = StateMachineEntry;

export interface Operation {
  id: string;
  method: OperationEntry['method']; // lower case, as Prism reports it
  path: string;
  credits: XCredits;
  preconditions?: Precondition[];
  raw: OperationObject;
  entry: OperationEntry;
}

export class Contract {
  readonly model: ContractModel;
  readonly doc: Document;
  readonly operations = new Map<string, Operation>();
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
        raw: entry.operation,
        entry,
      });
    }
    this.machines = this.model.stateMachines();
  }

  static load(path = BUNDLE_PATH): Contract {
    return new Contract(ContractModel.load(path));
  }

  op(id: string): Operation {
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
  successResponse(op: Operation): { code: string; response: Response } {
    return this.model.successResponse(op.entry);
  }

  /** Named examples (values) of a response of an operation, by status code. */
  examples(op: Operation, code?: string): Record<string, ExampleBody> {
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
  requestSchema(op: Operation, media = 'application/json'): Schema | undefined {
    return this.model.deref(this.model.deref(op.raw.requestBody)?.content[media]?.schema);
  }

  /** The operation's parameters, dereferenced. */
  parameters(op: Operation): Parameter[] {
    return (op.raw.parameters ?? []).map((p) => this.model.deref(p));
  }

  /**
   * The `$ref` of the `data` schema of an operation's success body ("#/.../FacelessVideo", or
   * "[]#/.../VoiceClone" for lists), so handlers can tell "this answer is the resource itself".
   */
  dataSchemaRef(op: Operation): string | undefined {
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
  isUngated(op: Operation): boolean {
    const forbidden = op.raw.responses['403'];
    return isReference(forbidden) && forbidden.$ref.endsWith('/ForbiddenUngated');
  }
}

function asBody(value: JsonValue | undefined): ExampleBody | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
