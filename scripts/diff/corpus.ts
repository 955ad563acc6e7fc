// The diff corpus (tests/fixtures/diff-corpus/): one YAML file per single change to the released
// contract, with the verdict expected and why. The corpus test runs our diff over each; the
// cross-check (npm run diff:crosscheck) runs oasdiff over the same pairs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { parsePointer } from '../../lib/contract/index.js';
import { ROOT } from '../lib/project.js';
import type { Change, ChangeClass } from './types.js';

export const CORPUS_DIR = path.join(ROOT, 'tests', 'fixtures', 'diff-corpus');

/** One JSON-patch operation (RFC 6902: add, remove, replace, copy, move). */
export interface PatchOp {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move';
  path: string;
  value?: unknown;
  from?: string;
}

export interface CorpusCase {
  id: string;
  /** One sentence: why the change is classified so. */
  why: string;
  /** The release the case starts from, relative to the repository. */
  release: string;
  /** Applied to both sides first (e.g. to write a schema inline), then `change` to the head only. */
  setup: PatchOp[];
  change: PatchOp[];
  expect: {
    class: ChangeClass | 'none';
    /** Text one change of that class says (a substring). */
    message?: string;
    /** Text no change may say. */
    absent?: string[];
    /** How many changes in all, where it matters. */
    count?: number;
  };
}

type Node = Record<string, unknown> | unknown[];

function parentOf(doc: unknown, pointer: string): [Node, string] {
  const keys = parsePointer(pointer);
  const last = keys.pop();
  if (last === undefined) throw new Error(`cannot patch the document root (${pointer})`);
  let node = doc as Node;
  for (const k of keys) {
    const next = (node as Record<string, unknown>)[k];
    if (next === null || typeof next !== 'object') throw new Error(`${pointer}: no ${k} on the way`);
    node = next as Node;
  }
  return [node, last];
}

function get(doc: unknown, pointer: string): unknown {
  const [node, key] = parentOf(doc, pointer);
  const value = Array.isArray(node) ? node[Number(key)] : node[key];
  if (value === undefined) throw new Error(`${pointer}: nothing there`);
  return structuredClone(value);
}

function put(doc: unknown, pointer: string, value: unknown, insert: boolean): void {
  const [node, key] = parentOf(doc, pointer);
  if (!Array.isArray(node)) node[key] = value;
  else if (key === '-') node.push(value);
  else node.splice(Number(key), insert ? 0 : 1, value);
}

function drop(doc: unknown, pointer: string): void {
  const [node, key] = parentOf(doc, pointer);
  if (Array.isArray(node)) node.splice(Number(key), 1);
  else if (key in node) delete node[key];
  else throw new Error(`${pointer}: nothing to remove`);
}

/** Applies the operations to `doc` in place and returns it. */
export function applyPatch<T>(doc: T, ops: readonly PatchOp[]): T {
  for (const o of ops) {
    if (o.op === 'add') put(doc, o.path, structuredClone(o.value), true);
    else if (o.op === 'replace') {
      get(doc, o.path);
      put(doc, o.path, structuredClone(o.value), false);
    } else if (o.op === 'remove') drop(doc, o.path);
    else if (o.op === 'copy') put(doc, o.path, get(doc, o.from ?? ''), true);
    else if (o.op === 'move') {
      const value = get(doc, o.from ?? '');
      drop(doc, o.from ?? '');
      put(doc, o.path, value, true);
    } else throw new Error(`unknown patch op ${(o as { op: string }).op}`);
  }
  return doc;
}

export function loadCorpus(dir = CORPUS_DIR): CorpusCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const raw = YAML.parse(readFileSync(path.join(dir, f), 'utf8'));
      return { release: 'releases/2.0.0/openapi.json', setup: [], ...raw, id: f.replace(/\.yaml$/, '') } as CorpusCase;
    });
}

/** The base and head documents of a case. */
export function casePair(c: CorpusCase): { base: object; head: object } {
  const release = JSON.parse(readFileSync(path.join(ROOT, c.release), 'utf8'));
  const base = applyPatch(release, c.setup);
  return { base, head: applyPatch(structuredClone(base), c.change) };
}

/** The verdict of a diff: its worst class, or none. */
export function verdict(changes: readonly Change[]): ChangeClass | 'none' {
  for (const cls of ['breaking', 'non-breaking', 'docs'] as const) if (changes.some((c) => c.class === cls)) return cls;
  return 'none';
}

/** What a diff of the case gets wrong, as sentences; empty when it is classified as stated. */
export function caseProblems(c: CorpusCase, changes: readonly Change[]): string[] {
  const problems: string[] = [];
  const found = verdict(changes);
  if (found !== c.expect.class) problems.push(`verdict ${found}, expected ${c.expect.class}`);
  const { message } = c.expect;
  if (message && !changes.some((x) => x.class === c.expect.class && x.message.includes(message)))
    problems.push(`no ${c.expect.class} change says "${message}"`);
  for (const text of c.expect.absent ?? []) if (changes.some((x) => x.message.includes(text))) problems.push(`a change says "${text}"`);
  if (c.expect.count !== undefined && changes.length !== c.expect.count)
    problems.push(`${changes.length} change(s), expected ${c.expect.count}`);
  return problems;
}
