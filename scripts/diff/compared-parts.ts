// What api-smart-diff is given to compare. It walks both whole documents with every `$ref` followed:
// about half a second for this contract even when one value changed, in every `npm run diff` and
// every corpus case. A path item that is the same on both sides and reaches no component that
// changed yields no entry, and neither does a component that is the same and that nothing kept
// reaches; both are left out of the two copies it compares. Everything else (info, servers,
// security, tags, every security scheme) is given whole. tests/diff/compared-parts.test.ts
// holds the result to the whole comparison's, case by case.
import { isReference, parsePointer } from '../../lib/contract/index.js';

type Json = Record<string, unknown>;
type Doc = Json & { paths?: Record<string, unknown>; components?: Record<string, Record<string, unknown>> };

/** `section/name` of every component reference under a node (`#/components/schemas/Me` → `schemas/Me`). */
function componentRefs(node: unknown, out = new Set<string>()): Set<string> {
  // Arrays too: their values are their items.
  if (node && typeof node === 'object') {
    if (isReference(node) && node.$ref.startsWith('#/components/')) {
      const [, section, name] = parsePointer(node.$ref);
      out.add(`${section}/${name}`);
    }
    for (const value of Object.values(node)) componentRefs(value, out);
  }
  return out;
}

const component = (doc: Doc, key: string) => {
  const [section, name] = key.split('/');
  return doc.components?.[section]?.[name];
};

const componentKeys = (doc: Doc) =>
  Object.entries(doc.components ?? {}).flatMap(([section, entries]) => Object.keys(entries ?? {}).map((name) => `${section}/${name}`));

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/** Components that changed, or reach (on either side) one that did. */
function dirtyComponents(base: Doc, head: Doc): Set<string> {
  const keys = new Set([...componentKeys(base), ...componentKeys(head)]);
  const refs = new Map([...keys].map((k) => [k, new Set([...componentRefs(component(base, k)), ...componentRefs(component(head, k))])]));
  const dirty = new Set([...keys].filter((k) => differs(component(base, k), component(head, k))));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [key, reached] of refs) if (!dirty.has(key) && [...reached].some((r) => dirty.has(r))) grew = dirty.add(key) !== undefined;
  }
  return dirty;
}

/** The path templates to compare: changed, or reaching a dirty component on either side. */
function keptPaths(base: Doc, head: Doc, dirty: Set<string>): Set<string> {
  const templates = new Set([...Object.keys(base.paths ?? {}), ...Object.keys(head.paths ?? {})]);
  const reachesDirty = (item: unknown) => [...componentRefs(item)].some((r) => dirty.has(r));
  return new Set(
    [...templates].filter((t) => {
      const [b, h] = [base.paths?.[t], head.paths?.[t]];
      return differs(b, h) || reachesDirty(b) || reachesDirty(h);
    }),
  );
}

/** Every component reached from the given nodes, following references inside components too. */
function reachedComponents(doc: Doc, roots: unknown[]): Set<string> {
  const reached = new Set<string>();
  const queue = roots.flatMap((root) => [...componentRefs(root)]);
  while (queue.length) {
    const key = queue.pop() as string;
    if (reached.has(key)) continue;
    reached.add(key);
    queue.push(...componentRefs(component(doc, key)));
  }
  return reached;
}

function reduced(doc: Doc, paths: Set<string>, components: Set<string>): Doc {
  const out: Doc = { ...doc };
  if (doc.paths) out.paths = Object.fromEntries(Object.entries(doc.paths).filter(([t]) => paths.has(t)));
  if (doc.components) {
    out.components = {};
    for (const [section, entries] of Object.entries(doc.components)) {
      // Security schemes are named by security requirements, not by `$ref`: all of them stay.
      const keep = Object.entries(entries ?? {}).filter(([name]) => section === 'securitySchemes' || components.has(`${section}/${name}`));
      if (keep.length) out.components[section] = Object.fromEntries(keep);
    }
  }
  return out;
}

/** The two documents api-smart-diff compares: the parts that can yield an entry, and what they reach. */
export function comparedParts(baseDoc: object, headDoc: object): { base: object; head: object } {
  const [base, head] = [baseDoc as Doc, headDoc as Doc];
  const dirty = dirtyComponents(base, head);
  const paths = keptPaths(base, head, dirty);
  const roots = (doc: Doc) => [
    ...[...paths].map((t) => doc.paths?.[t]),
    ...[...dirty].map((k) => component(doc, k)),
    ...Object.entries(doc).filter(([key]) => key !== 'paths' && key !== 'components'),
  ];
  const keep = new Set([...dirty, ...reachedComponents(base, roots(base)), ...reachedComponents(head, roots(head))]);
  return { base: reduced(base, paths, keep), head: reduced(head, paths, keep) };
}
