// The contract diff: the OpenAPI part (api-smart-diff) plus the extension layer, each change matched
// against the change-log entries the head has and the base does not (the unreleased ones).
import { ContractModel, isReference, parsePointer, readPointer, toPointer, type XChangelog } from '../../lib/contract/index.js';
import { extensionChanges } from './extensions.js';
import { openapiChanges, type RawChange, type Sides } from './openapi.js';
import { OperationIndex } from './operations.js';
import { serverChanges } from './servers.js';
import { same, type Change } from './types.js';
import { shownPointer } from './written.js';

export type ChangelogEntry = XChangelog[number];

/** Entries of `head`'s change log that `base`'s does not have. */
export function newEntries(base: ContractModel, head: ContractModel): ChangelogEntry[] {
  const old = base.changelog();
  return head.changelog().filter((e) => !old.some((o) => same(o, e)));
}

export const covers = (cover: string, pointer: string) => pointer === cover || pointer.startsWith(`${cover}/`);

/** The same place seen from inside each component a change's path goes through: a change at
 *  /paths/~1me/get/responses/200/.../properties/x reached through `$ref: #/components/schemas/Me`
 *  is also at /components/schemas/Me/properties/x, so one pointer to the component covers it in
 *  every operation that uses it. */
export function componentPlaces(doc: object, pointer: string): string[] {
  const keys = parsePointer(pointer);
  const out: string[] = [];
  let node: unknown = doc;
  for (let i = 0; i <= keys.length; i++) {
    for (let hops = 0; isReference(node) && node.$ref.startsWith('#/') && hops < 20; hops++) {
      const target = parsePointer(node.$ref);
      out.push(toPointer([...target, ...keys.slice(i)]));
      node = readPointer(doc, target);
    }
    if (i === keys.length || node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[keys[i]];
  }
  return out;
}

export interface DiffResult {
  changes: Change[];
  /** Unreleased change-log entries (in the head, not in the base). */
  entries: ChangelogEntry[];
}

const ORDER = { breaking: 0, 'non-breaking': 1, docs: 2 } as const;

/** Labels of the operations only one side has: their removal or addition is said once, without
 *  the notes on what they carried (their x-unspecified markers, x-credits, ...). */
function appearing(base: ContractModel, head: ContractModel): string[] {
  const labels = (m: ContractModel) => new Set(m.operations().map((o) => o.pointer));
  const [b, h] = [labels(base), labels(head)];
  return [...[...b].filter((p) => !h.has(p)), ...[...h].filter((p) => !b.has(p))];
}

export function diffContracts(baseDoc: object, headDoc: object): DiffResult {
  const base = new ContractModel(structuredClone(baseDoc));
  const head = new ContractModel(structuredClone(headDoc));
  const entries = newEntries(base, head);
  const breakingCovers = entries.filter((e) => e.breaking).flatMap((e) => e.pointers ?? []);
  const headOps = new OperationIndex(head);
  const baseOps = new OperationIndex(base);
  const whole = appearing(base, head);
  const raw = [
    ...openapiChanges({ base, head, baseOps, headOps }),
    ...serverChanges(base.doc, head.doc),
    ...extensionChanges(base, head).filter((c) => !whole.some((p) => covers(p, c.pointer))),
  ];
  // Pointers are resolved in the documents as given: the library may normalise the copies it reads.
  const given = { base: baseDoc, head: headDoc };
  const changes = raw.map((c) => placed(c, { base, head, baseOps, headOps }, given, entries, breakingCovers));
  changes.sort((a, b) => ORDER[a.class] - ORDER[b.class]);
  return { changes, entries };
}

/** A change with the places it is said at: the pointer printed (a place the document it points into
 *  has, written.ts), the component it is reached through, whether an entry acknowledges it. */
function placed(
  c: RawChange,
  sides: Sides,
  given: { base: object; head: object },
  entries: ChangelogEntry[],
  breakingCovers: string[],
): Change {
  const { base, head } = sides;
  // State machines live in components but are about the operations that poll or move them.
  const operations = c.operations ?? [...new Set([...sides.headOps.touched(c.pointer), ...sides.baseOps.touched(c.pointer)])];
  const reported = c.written ?? c.pointer;
  const inHead = componentPlaces(head.doc, reported);
  const inBase = componentPlaces(base.doc, reported);
  // The components the pointer really passes through, where the document has that place; the
  // look-alike changes at components (c.places) only where it has not (the library rewrote it).
  const walked = [...inHead, ...inBase];
  const has = (doc: object, p: string) => readPointer(doc, parsePointer(p)) !== undefined;
  const found = (doc: object, at: string[]) => at.some((p) => has(doc, p));
  const twins = found(head.doc, inHead) || found(base.doc, inBase) ? [] : (c.places ?? []);
  const docs = c.removed ? [given.base, given.head] : [given.head, given.base];
  const shown = shownPointer(docs, reported, twins);
  const places = [c.pointer, reported, shown.pointer, ...twins, ...walked];
  const acknowledged =
    c.class === 'docs'
      ? true
      : c.class === 'non-breaking'
        ? entries.length > 0
        : breakingCovers.some((p) => places.some((x) => covers(p, x)));
  const component = twins[0] ?? inHead.at(-1) ?? inBase.at(-1);
  // Where the operation refers to the component the pointer leads into.
  const via = shown.pointer.startsWith('/paths/') ? undefined : shown.via;
  return {
    class: c.class,
    pointer: shown.pointer,
    message: c.message,
    acknowledged,
    operations,
    ...(component ? { component } : {}),
    ...(via ? { via } : {}),
  };
}

/** What the gate refuses, as sentences a contract author can act on; empty when it passes. */
export function gateProblems(result: DiffResult): string[] {
  const problems: string[] = [];
  const behaviour = result.changes.filter((c) => c.class !== 'docs');
  if (behaviour.length && !result.entries.length)
    problems.push(
      `${behaviour.length} behaviour change(s) and no change-log entry for them: add an entry at the top of info.x-changelog in openapi/openapi.yaml (- date: 'YYYY-MM-DD', changes: [one sentence per change]).`,
    );
  const unacked = result.changes.filter((c) => c.class === 'breaking' && !c.acknowledged);
  if (unacked.length) {
    const suggested = [...new Set(unacked.map((c) => suggestPointer(c.component ?? c.pointer)))];
    problems.push(
      `${unacked.length} breaking change(s) not acknowledged. If they are intended, add to a new info.x-changelog entry in openapi/openapi.yaml: breaking: true and pointers: [${suggested.map((p) => `'${p}'`).join(', ')}] (a pointer covers every change below it), and say in changes what clients must do. Otherwise undo them.`,
    );
  }
  return problems;
}

/** The pointer an author would write: the operation for a change inside one, else the extension. */
function suggestPointer(pointer: string): string {
  const parts = pointer.split('/');
  if (parts[1] === 'paths') return parts.slice(0, 4).join('/');
  if (parts[1] === 'components' && !parts.some((p) => p.startsWith('x-'))) return parts.slice(0, 4).join('/');
  const x = parts.findIndex((p) => p.startsWith('x-'));
  return x > 0 ? parts.slice(0, x + 1).join('/') : pointer;
}
