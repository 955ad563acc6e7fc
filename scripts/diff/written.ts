// Where a change is written in the bundle. api-smart-diff reports each place through its merged
// document: every `$ref` followed, a path item's parameters copied into its operations (after the
// operation's own), a `$ref` with siblings rewritten as `allOf`. Those places need not exist in the
// bundle; the pointers the gate prints do: the place itself where the bundle has it (inside the
// component a `$ref` leads to), else the nearest place it has on the way.
import { type ContractModel, isReference, parsePointer, readPointer, toPointer } from '../../lib/contract/index.js';

interface Walked {
  /** The place, inside the components its `$ref`s lead to, when the document has it. */
  place?: string;
  /** The last place on the way that the document has. */
  nearest: string;
  /** Where the walk first went through a `$ref`: the reference itself, in the operation. */
  via?: string;
}

/** Walks `keys` in `doc`, following each `$ref` on the way (not one at the end: the place is the reference). */
export function walk(doc: unknown, keys: readonly string[]): Walked {
  let at: string[] = [];
  let node: unknown = doc;
  let via: string | undefined;
  for (const key of keys) {
    for (let hops = 0; key !== '$ref' && isReference(node) && node.$ref.startsWith('#/') && hops < 20; hops++) {
      via ??= toPointer(at);
      at = parsePointer(node.$ref);
      node = readPointer(doc, at);
    }
    const next = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (next === undefined) return { nearest: toPointer(at), via };
    at = [...at, key];
    node = next;
  }
  return { place: toPointer(at), nearest: toPointer(at), via };
}

type Param = { name?: unknown; in?: unknown };

/** An operation's parameters as the library lists them: its own, then its path item's. */
function listed(model: ContractModel, path: string, method: string): Array<{ keys: string[]; param: Param }> {
  const item = (model.doc.paths as Record<string, Record<string, { parameters?: unknown[] }>> | undefined)?.[path];
  const own = item?.[method]?.parameters ?? [];
  const shared = (item as { parameters?: unknown[] } | undefined)?.parameters ?? [];
  return [
    ...own.map((p, j) => ({ keys: ['paths', path, method, 'parameters', String(j)], param: model.deref(p as object) as Param })),
    ...shared.map((p, j) => ({ keys: ['paths', path, 'parameters', String(j)], param: model.deref(p as object) as Param })),
  ];
}

/** The parameter at `paths/<path>/<method>/parameters/<i>` of the library's list, as the document
 *  writes it: the base's list for a change to it or its removal; the added value for an addition. */
export function parameterOf(
  sides: { base: ContractModel; head: ContractModel },
  keys: readonly string[],
  added?: unknown,
): Param | undefined {
  const [, path, method, , index] = keys;
  if (keys.length === 5 && added !== undefined) return added as Param;
  return listed(sides.base, path, method)[Number(index)]?.param ?? listed(sides.head, path, method)[Number(index)]?.param;
}

/** The keys of a parameter's change as the document writes them (`paths/<path>/parameters/0/...`
 *  for one its path item holds); the keys unchanged when neither side has it. */
export function parameterKeys(sides: { base: ContractModel; head: ContractModel }, keys: string[], param: Param | undefined): string[] {
  if (!param) return keys;
  const [, path, method] = keys;
  for (const model of [sides.head, sides.base]) {
    const found = listed(model, path, method).find((p) => p.param?.name === param.name && p.param?.in === param.in);
    if (found) return [...found.keys, ...keys.slice(5)];
  }
  return keys;
}

/** The pointer to print for a change reported at `pointer`: the place where a document has it (the
 *  head's, else the base's), else the first of `alike` (the same change at a component) that a
 *  document has, else the nearest place on the way. `via`: the `$ref` in the operation it goes through. */
export function shownPointer(docs: readonly object[], pointer: string, alike: readonly string[]): { pointer: string; via?: string } {
  const keys = parsePointer(pointer);
  const walks = docs.map((doc) => walk(doc, keys));
  const full = walks.find((w) => w.place);
  if (full?.place) return { pointer: full.place, ...(full.via ? { via: full.via } : {}) };
  const twin = alike.find((p) => docs.some((doc) => readPointer(doc, parsePointer(p)) !== undefined));
  const via = walks.find((w) => w.via)?.via;
  const nearest = walks.map((w) => w.nearest).sort((a, b) => b.length - a.length)[0];
  return { pointer: twin ?? nearest ?? pointer, ...(via ? { via } : {}) };
}
