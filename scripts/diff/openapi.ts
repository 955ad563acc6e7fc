// The OpenAPI part of the diff. api-smart-diff finds the changes, each at its place in every
// operation that reaches it (references followed); the verdict is ours, per operation and by the way
// the data flows (op-rules.ts, schema-rules.ts). An entry at a component never decides on its own:
// the operations that use the component carry the change, and a component no operation uses is
// docs (a security scheme no operation uses: non-breaking). Vendor extensions are left to
// extensions.ts, which knows what they mean, and the document's servers to servers.ts.
import { apiCompare } from 'api-smart-diff';
import { type ContractModel, readPointer, toPointer } from '../../lib/contract/index.js';
import { comparedParts } from './compared-parts.js';
import { type Direction, locate } from './locate.js';
import { operationChange, serialisationStated } from './op-rules.js';
import type { OperationIndex } from './operations.js';
import { capital, type Diff, schemaChange, show } from './schema-rules.js';
import { parameterKeys, parameterOf } from './written.js';
import { lowerRanges, restoreMerged, type Written, writtenKeys } from './status-ranges.js';
import type { ChangeClass, RuleContext } from './types.js';

export interface RawChange {
  class: ChangeClass;
  pointer: string;
  message: string;
  /** The operations it is about, when the pointer alone does not say (security). */
  operations?: string[];
  /** The same change at the components the operation reaches it through. */
  places?: string[];
  /** Where the documents write the place, when the library reports it elsewhere (a path item's
   *  parameter, which it copies into each operation). */
  written?: string;
  /** A removal: the place is the base's. */
  removed?: boolean;
}

const CLASS: Record<string, ChangeClass> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  // A deprecation changes nothing on the wire yet; a client still needs to hear of it.
  deprecated: 'non-breaking',
  annotation: 'docs',
  // The library could not tell: counted as a behaviour change, so it needs a change-log entry.
  unclassified: 'non-breaking',
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const VERBS: Record<string, string> = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' };

export interface Sides {
  base: ContractModel;
  head: ContractModel;
  baseOps: OperationIndex;
  headOps: OperationIndex;
}

const users = (sides: Sides, place: string) => [...new Set([...sides.headOps.touched(place), ...sides.baseOps.touched(place)])].sort();

/** Labels of the operations whose effective security (their own, else the document's) names `scheme`. */
function schemeUsers(model: ContractModel, scheme: string): string[] {
  const global = model.doc.security ?? [];
  return model
    .operations()
    .filter((o) => (o.operation.security ?? global).some((req) => scheme in req))
    .map((o) => o.label);
}

/** What a security scheme says to readers only: OpenAPI calls `bearerFormat` a hint for the docs. */
const SCHEME_TEXT = new Set(['description', 'bearerFormat']);

function securityScheme(sides: Sides, d: Diff): RawChange {
  const name = d.keys[2];
  const pointer = toPointer(d.keys);
  const used = [...new Set([...schemeUsers(sides.base, name), ...schemeUsers(sides.head, name)])].sort();
  const operations = used;
  if (d.keys.length === 3) {
    const what = `${d.action === 'add' ? 'Added' : 'Removed'} the security scheme \`${name}\``;
    if (!used.length) return { class: 'non-breaking', pointer, message: `${what}, which no operation uses.` };
    return {
      class: d.action === 'add' ? 'non-breaking' : 'breaking',
      pointer,
      operations,
      message: `${what}, used by ${used.length} operation(s).`,
    };
  }
  const key = d.keys.at(-1);
  const message = `The security scheme \`${name}\` changes (${d.keys.slice(3).join('.')})`;
  if (SCHEME_TEXT.has(String(key)) || !used.length)
    return { class: 'docs', pointer, operations, message: `${message}${used.length ? '' : ', which no operation uses'}.` };
  return {
    class: 'breaking',
    pointer,
    operations,
    message: `${message}: the ${used.length} operation(s) using it authenticate another way.`,
  };
}

function globalChange(sides: Sides, d: Diff): RawChange {
  const pointer = toPointer(d.keys);
  if (d.keys[0] === 'security') {
    const own = (m: ContractModel) =>
      m
        .operations()
        .filter((o) => !o.operation.security)
        .map((o) => o.label);
    const operations = [...new Set([...own(sides.base), ...own(sides.head)])].sort();
    if (!operations.length)
      return {
        class: 'docs',
        pointer,
        message: "The document's security requirements change; every operation states its own, so none changes.",
      };
    return {
      class: 'breaking',
      pointer,
      operations,
      message: `The document's security requirements change: the ${operations.length} operation(s) without their own authenticate another way.`,
    };
  }
  const value = d.action === 'remove' ? d.before : d.after;
  const shown = value === undefined || typeof value === 'object' ? '' : ` = ${show(value)}`;
  // The document's description, its groups of operations and its links change what readers see only.
  const cls = DOCUMENT_TEXT.has(d.keys[0]) ? 'docs' : d.fallback;
  return { class: cls, pointer, message: `${VERBS[d.action] ?? d.action} ${d.keys.join('.')}${shown}.` };
}

const DOCUMENT_TEXT = new Set(['info', 'tags', 'externalDocs']);

type Found = { path: ReadonlyArray<string | number>; action: string; before?: unknown; after?: unknown; type: string };

function toDiff(d: Found, written: Written): Diff {
  return {
    keys: writtenKeys(d.path.map(String), written),
    action: d.action,
    before: d.before,
    after: d.after,
    fallback: CLASS[d.type] ?? 'non-breaking',
  };
}

/** The node a whole addition or removal carries (the added or the removed value); none for a replace. */
const wholeNode = (d: Diff) => (d.action === 'remove' ? d.before : d.action === 'add' ? d.after : undefined);

/** Lists and maps that come added or removed whole (an operation that had no parameters, a document
 *  that has no security schemes left) are said per entry, each judged as if added or removed alone:
 *  a required parameter added breaks every call, and so does removing the scheme every operation uses. */
const SAID_PER_ENTRY = [
  (keys: string[]) => keys[0] === 'paths' && keys.length === 4 && keys[3] === 'parameters',
  // A kind of component added or removed whole (the compared copies leave out a kind nothing kept).
  (keys: string[]) => keys[0] === 'components' && keys.length === 2,
];

function perEntry(d: Diff): Diff[] {
  const node = wholeNode(d);
  if (node === null || typeof node !== 'object' || !SAID_PER_ENTRY.some((is) => is(d.keys))) return [d];
  const side = d.action === 'remove' ? 'before' : 'after';
  return Object.entries(node).map(([key, value]) => ({ ...d, keys: [...d.keys, key], [side]: value }));
}

/** The component a `$ref` node points at, as a pointer (`/components/parameters/Order`). */
const refOf = (v: unknown) => {
  const ref = (v as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/') ? ref.slice(1) : undefined;
};

/** The same change seen at a component and inside an operation: same action, keyword and values
 *  (an object only as "an object": the library may give it resolved on one side, not the other). */
const shape = (v: unknown) => (v !== null && typeof v === 'object' ? 'object' : JSON.stringify(v));
const sameChange = (d: Diff) => `${d.action}|${d.keys.at(-1)}|${shape(d.before)}|${shape(d.after)}`;

/** What the operations' entries said, so that a component's entry is left only to the operations
 *  (and the ways they use it) that none of them covered. */
interface Carried {
  /** `<same change>|<operation>|<direction>` for each change reported inside an operation. */
  change: Set<string>;
  /** `<keyword>|<new value>|<operation>|<direction>`: the library may fill in a default on one side only (a
   *  parameter's `style`), so the operation's entry is a replace where the component's is an add. */
  value: Set<string>;
  /** `<component>|<operation>`: an operation's entry that adds or removes a whole `$ref` to it. */
  whole: Set<string>;
}

/** The library's entries, at the places the documents write (`2XX` as written), and its merged document. */
function libraryDiffs(sides: Sides): { diffs: Diff[]; merged: unknown } {
  const compared = comparedParts(sides.base.doc, sides.head.doc);
  // Range keys (`2XX`) compared as the library can, and given back as written (status-ranges.ts).
  const [base, head] = [lowerRanges(compared.base), lowerRanges(compared.head)];
  const ranges = new Set([...base.written, ...head.written]);
  const { diffs: found, merged } = compareQuietly(base.doc, head.doc);
  restoreMerged(merged, ranges);
  const diffs = found
    .map((d) => toDiff(d, ranges))
    .flatMap(perEntry)
    // Extensions are extensions.ts's; the document's servers are paired by URL in servers.ts.
    .filter((d) => !d.keys.some((k) => k.startsWith('x-')) && d.keys[0] !== 'servers');
  return { diffs, merged };
}

export function openapiChanges(sides: Sides): RawChange[] {
  const { diffs, merged } = libraryDiffs(sides);
  const ctx: RuleContext = {
    merged,
    changed: new Set(diffs.map((d) => toPointer(d.keys))),
    added: new Set(diffs.filter((d) => d.action === 'add').map((d) => toPointer(d.keys))),
    removed: new Set(diffs.filter((d) => d.action === 'remove').map((d) => toPointer(d.keys))),
  };
  const inComponents = new Set(diffs.filter((d) => d.keys[0] === 'components' && d.keys[1] !== 'securitySchemes' && d.keys.length >= 3));
  const twins = new Map<string, Diff[]>();
  for (const c of inComponents) twins.set(sameChange(c), [...(twins.get(sameChange(c)) ?? []), c]);
  const out: RawChange[] = [];
  const carried: Carried = { change: new Set(), value: new Set(), whole: new Set() };
  for (const d of diffs) {
    if (d.keys[0] === 'paths' && d.keys.length >= 3 && METHODS.has(d.keys[2])) {
      const c = inOperation(sides, d, ctx, twins, carried);
      if (c) out.push(c);
    } else if (d.keys[0] === 'paths') out.push({ ...pathLevel(sides, d), removed: d.action === 'remove' });
    else if (d.keys[0] === 'components' && d.keys[1] === 'securitySchemes')
      out.push({ ...securityScheme(sides, d), removed: d.action === 'remove' });
    else if (!inComponents.has(d)) out.push({ ...globalChange(sides, d), removed: d.action === 'remove' });
  }
  out.push(...componentEntries(sides, [...inComponents], ctx, twins, carried));
  return dedupe(out);
}

/** An entry inside an operation, judged there; what it carries is noted in `carried`. */
function inOperation(sides: Sides, d: Diff, ctx: RuleContext, twins: Map<string, Diff[]>, carried: Carried): RawChange | null {
  const pointer = toPointer(d.keys);
  const key = sameChange(d);
  const ref = refOf(wholeNode(d));
  // An added or removed node comes as written, perhaps a `$ref`.
  d.before = sides.base.deref(d.before as object);
  d.after = sides.head.deref(d.after as object);
  // A parameter is named as written; its place is where it is written (its path item's, perhaps).
  const param = d.keys[3] === 'parameters' && d.keys.length >= 5 ? parameterOf(sides, d.keys, wholeNode(d)) : undefined;
  const written = param ? toPointer(parameterKeys(sides, d.keys, param)) : undefined;
  const loc = locate(ctx.merged, d.keys, wholeNode(d), param);
  carried.change.add(`${key}|${loc.label}|${loc.direction ?? ''}`);
  carried.value.add(`${d.keys.at(-1)}|${shape(d.after)}|${loc.label}|${loc.direction ?? ''}`);
  if (ref) carried.whole.add(`${ref}|${loc.label}`);
  const v = operationChange(loc, d, ctx);
  const places = (twins.get(key) ?? [])
    .filter((c) => users(sides, toPointer(c.keys.slice(0, 3))).includes(loc.label))
    .map((c) => toPointer(c.keys));
  return v && { ...v, pointer, operations: [loc.label], places, removed: d.action === 'remove', ...(written ? { written } : {}) };
}

/** The operations that reach a component's change, each with the ways it uses the component that no
 *  operation's entry said it in (the library does not follow every reference: `if`/`then` branches). */
function unsaid(sides: Sides, d: Diff, ops: string[], carried: Carried): Map<string, Set<Direction>> {
  const pointer = toPointer(d.keys);
  const component = toPointer(d.keys.slice(0, 3));
  const left = new Map<string, Set<Direction>>();
  for (const o of ops) {
    if (carried.whole.has(`${component}|${o}`)) continue;
    const ways = [sides.baseOps, sides.headOps].flatMap((index) => [...(index.directions(pointer).get(o) ?? [])]);
    const said = (way: string) =>
      carried.change.has(`${sameChange(d)}|${o}|${way}`) || carried.value.has(`${d.keys.at(-1)}|${shape(d.after)}|${o}|${way}`);
    const open = [...new Set(ways)].filter((way) => !said(way));
    if (open.length) left.set(o, new Set(open));
  }
  return left;
}

/** The changes written in components: said once for the operations and ways no operation's entry
 *  said them in; a component no operation uses is docs. */
function componentEntries(sides: Sides, list: Diff[], ctx: RuleContext, twins: Map<string, Diff[]>, carried: Carried): RawChange[] {
  const out: RawChange[] = [];
  const written = new Set<string>();
  // Shortest first: the component the change was written in, before those that embed it.
  for (const d of list.sort((a, b) => a.keys.length - b.keys.length)) {
    const ops = users(sides, toPointer(d.keys.slice(0, 3)));
    // (A parameter moved to another place comes as removed and added whole in each operation.)
    const left = unsaid(sides, d, ops, carried);
    const said = `${sameChange(d)}|${[...left].map(([o, ways]) => `${o}:${[...ways]}`)}`;
    if ((ops.length && !left.size) || written.has(said)) continue;
    written.add(said);
    const pointer = toPointer(d.keys);
    const places = (twins.get(sameChange(d)) ?? []).filter((c) => c !== d).map((c) => toPointer(c.keys));
    if (!ops.length) out.push({ class: 'docs', pointer, message: unusedComponent(d), removed: d.action === 'remove' });
    else {
      const c = componentChange(d, ctx, left);
      if (c) out.push({ ...c, places, removed: d.action === 'remove' });
    }
  }
  return out;
}

/**
 * apiCompare, without the line api-smart-diff prints when one of its own classifiers throws (a
 * `required` entry replaced by another name): that entry stays unclassified, and the rules here
 * decide it, so the line only tells a contract author about the library.
 */
function compareQuietly(base: object, head: object): ReturnType<typeof apiCompare> {
  const print = console.error;
  console.error = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('Classification Rule error'))) print(...args);
  };
  try {
    return apiCompare(base, head);
  } finally {
    console.error = print;
  }
}

/** A change at a component no operation uses: the component itself added or removed, or inside it. */
function unusedComponent(d: Diff): string {
  const name = `\`${d.keys[2]}\` (${d.keys[1]})`;
  if (d.keys.length === 3 && d.action === 'add') return `${name} is added, and no operation uses it.`;
  if (d.keys.length === 3 && d.action === 'remove') return `${name} is removed, and no operation used it.`;
  return `${name} changes, and no operation uses it.`;
}

/** A change at a used component that no operation's entry carries (api-smart-diff does not always
 *  follow every reference into the operations): judged by the ways `left`'s operations use it. */
function componentChange(d: Diff, ctx: RuleContext, left: Map<string, Set<Direction>>): RawChange | null {
  const pointer = toPointer(d.keys);
  const name = `\`${d.keys[2]}\``;
  const ops = [...left.keys()].sort();
  const flows = new Set([...left.values()].flatMap((ways) => [...ways]));
  if (d.keys[1] === 'examples')
    return { class: 'docs', pointer, operations: ops, message: `The example ${name} changes, in ${ops.join(', ')}.` };
  // A default style the library fills in on the operations' side only: there, nothing changed.
  const stated = d.keys[1] === 'parameters' && serialisationStated(`${name} (parameters)`, readPointer(ctx.merged, d.keys.slice(0, -1)), d);
  if (stated) return { class: stated.class, pointer, operations: ops, message: `${capital(stated.message)}, in ${ops.join(', ')}.` };
  if (d.keys[1] !== 'schemas' || !flows.size)
    return {
      class: d.fallback,
      pointer,
      operations: ops,
      message: `${name} (${d.keys[1]}) changes at ${d.keys.slice(3).join('.') || 'its root'}, in ${ops.join(', ')}.`,
    };
  const verdicts = [...flows]
    .map((direction) => schemaChange({ label: '', rest: ['components'], inSchema: d.keys.slice(3), direction, subject: name }, d, ctx))
    .filter((v) => v !== null);
  const worst = verdicts.find((v) => v.class === 'breaking') ?? verdicts.find((v) => v.class === 'non-breaking') ?? verdicts[0];
  return worst ? { class: worst.class, pointer, operations: ops, message: `${capital(worst.message)}, in ${ops.join(', ')}.` } : null;
}

function pathLevel(sides: Sides, d: Diff): RawChange {
  // The library pairs /a/{id} with /a/{other}: the same URLs, its parameter named anew.
  if (d.keys.length === 1 && d.action === 'rename') {
    const pointer = toPointer(['paths', String(d.after)]);
    const ops = sides.headOps.touched(pointer).sort();
    return {
      class: d.fallback,
      pointer,
      operations: ops,
      message: `The path ${d.before} is now written ${d.after} (${ops.join(', ')}): the same URLs.`,
    };
  }
  // A path added or removed whole comes per operation (api-smart-diff merges path-level parameters
  // and servers into them too); anything else at a path is said as it comes.
  const pointer = toPointer(d.keys);
  const ops = users(sides, pointer);
  return {
    class: d.fallback,
    pointer,
    operations: ops,
    message: `${d.keys[1]}: ${d.keys.slice(2).join('.')} ${VERBS[d.action]?.toLowerCase() ?? d.action}.`,
  };
}

/** One entry per sentence: a component reached twice in one operation says it once. */
function dedupe(changes: RawChange[]): RawChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = `${c.class}|${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
