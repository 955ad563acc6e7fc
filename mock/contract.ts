// Everything the mock knows about the API comes from the bundled contract, read once here.
// Nothing in this file (or elsewhere in mock/) restates an operation, cost, status or example.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BUNDLE_PATH = fileURLToPath(new URL('../generated/openapi.json', import.meta.url));

type Json = any; // the bundled document is plain JSON; narrowing it fully buys nothing here

export interface Transition {
  from: string | null;
  to: string | null;
  trigger: string;
  operationIds?: string[];
  automatic?: boolean;
  outcome?: 'success' | 'failure';
  refund?: boolean;
}

export interface StateMachine {
  name: string;
  resource: string;
  statusLocation: string;
  pollOperationIds: string[];
  pollIntervalSeconds?: { min: number; max: number };
  states: string[];
  initial: string | null;
  terminal: string[];
  success: string[];
  failure: string[];
  transitions: Transition[];
}

export interface Precondition {
  condition: string;
  status: number;
  message?: string;
  code?: string;
  field?: string;
}

export interface Operation {
  id: string;
  method: string; // lower case, as Prism reports it
  path: string;
  credits: { charges: boolean; cost?: number; costKey?: string; refund?: string };
  preconditions?: Precondition[];
  raw: Json;
}

export class Contract {
  readonly doc: Json;
  readonly operations = new Map<string, Operation>();
  readonly machines: StateMachine[] = [];

  constructor(doc: Json) {
    this.doc = doc;
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (!op || typeof op !== 'object' || !op.operationId) continue;
        this.operations.set(op.operationId, {
          id: op.operationId,
          method,
          path,
          credits: op['x-credits'],
          preconditions: op['x-render-preconditions'],
          raw: op,
        });
      }
    }
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas)) {
      if (schema['x-state-machine']) this.machines.push({ name, ...schema['x-state-machine'] });
    }
  }

  static load(path = BUNDLE_PATH): Contract {
    return new Contract(JSON.parse(readFileSync(path, 'utf8')));
  }

  op(id: string): Operation {
    const op = this.operations.get(id);
    if (!op) throw new Error(`operation ${id} is not in the contract`);
    return op;
  }

  /** Follows internal `$ref`s (the bundle has no external ones). */
  deref(node: Json): Json {
    let current = node;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce((acc: Json, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    }
    return current;
  }

  /** The operation's success response (first 2xx / 2XX key). */
  successResponse(op: Operation): { code: string; response: Json } {
    const entry = Object.entries<Json>(op.raw.responses).find(([code]) => code.startsWith('2'));
    if (!entry) throw new Error(`${op.id} has no success response`);
    return { code: entry[0], response: this.deref(entry[1]) };
  }

  /** Named examples (values) of a response of an operation, by status code. */
  examples(op: Operation, code?: string): Record<string, Json> {
    const response = code ? this.deref(op.raw.responses[code]) : this.successResponse(op).response;
    const examples = response?.content?.['application/json']?.examples ?? {};
    const out: Record<string, Json> = {};
    for (const [name, example] of Object.entries<Json>(examples)) out[name] = this.deref(example).value;
    return out;
  }

  /**
   * The `$ref` of the `data` schema of an operation's success body ("#/.../FacelessVideo", or
   * "[]#/.../VoiceClone" for lists), so handlers can tell "this answer is the resource itself".
   */
  dataSchemaRef(op: Operation): string | undefined {
    const schemaNode = this.successResponse(op).response?.content?.['application/json']?.schema;
    const visit = (node: Json): string | undefined => {
      if (!node || typeof node !== 'object') return undefined;
      if (node.$ref && !node.properties) {
        const inner = visit(this.deref(node));
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
    return visit(schemaNode);
  }

  /** Operations whose paths are gated by a subscription; the ungated ones say so with a 403 response. */
  isUngated(op: Operation): boolean {
    const forbidden = op.raw.responses['403'];
    return typeof forbidden?.$ref === 'string' && forbidden.$ref.endsWith('/ForbiddenUngated');
  }
}
