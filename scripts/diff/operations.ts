// Which operations a pointer touches: an operation's own pointer, or every operation that reaches a
// component through `$ref` (directly or through other components), and which way: from its
// parameters or request body (request) or from its responses (response).
import { type ContractModel, parsePointer, toPointer } from '../../lib/contract/index.js';
import type { Direction } from './locate.js';
import { isObject } from './types.js';

function refsIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const v of node) refsIn(v, out);
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) {
        // `#/components/schemas/Name` (the component, not a place inside it)
        out.add(toPointer(parsePointer(v).slice(0, 3)));
      } else refsIn(v, out);
    }
  }
  return out;
}

export class OperationIndex {
  /** component -> operation label -> the directions it is reached in */
  readonly #byComponent = new Map<string, Map<string, Set<Direction>>>();
  readonly #direct = new Map<string, Set<string>>();
  readonly #model: ContractModel;

  constructor(model: ContractModel) {
    this.#model = model;
    const doc = model.doc as unknown as { components?: Record<string, Record<string, unknown>> };
    for (const [kind, group] of Object.entries(doc.components ?? {}))
      for (const [name, value] of Object.entries(group ?? {}))
        this.#direct.set(toPointer(['components', kind, name]), refsIn(value, new Set()));
    for (const op of model.operations()) {
      const { parameters, requestBody, responses } = op.operation;
      this.#record(op.label, 'request', refsIn([parameters, requestBody], new Set()));
      this.#record(op.label, 'response', refsIn(responses, new Set()));
    }
  }

  #record(label: string, direction: Direction, roots: Set<string>): void {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const ref = queue.pop() as string;
      if (seen.has(ref)) continue;
      seen.add(ref);
      queue.push(...(this.#direct.get(ref) ?? []));
    }
    for (const ref of seen) {
      const users = this.#byComponent.get(ref) ?? new Map<string, Set<Direction>>();
      this.#byComponent.set(ref, users);
      users.set(label, new Set([...(users.get(label) ?? []), direction]));
    }
  }

  /** Operation labels under `pointer`: `/paths/~1me/get/...` -> GET /me; a component -> its users. */
  touched(pointer: string): string[] {
    const keys = parsePointer(pointer);
    if (keys[0] === 'paths' && keys.length >= 2) {
      const ops = this.#model.operations().filter((o) => o.path === keys[1] && (keys.length < 3 || o.method === keys[2]));
      return ops.map((o) => o.label);
    }
    if (keys[0] === 'components' && keys.length >= 3) return [...this.directions(pointer).keys()];
    return [];
  }

  /** The operations that reach the component at `pointer`, each with the ways it flows. */
  directions(pointer: string): Map<string, Set<Direction>> {
    return this.#byComponent.get(toPointer(parsePointer(pointer).slice(0, 3))) ?? new Map();
  }
}
