// api-smart-diff is given only the parts of the two contracts that can yield an entry
// (scripts/diff/compared-parts.ts). Leaving the rest out must change no verdict, message, pointer
// or operation list: a sample of the corpus (every tenth case, in the corpus's order, so each run
// checks the same ones) and the release against the current contract both ways are diffed with the
// parts and with the whole documents, and the two results must be the same. Diffing whole documents
// costs about 0.35 s a case; COMPARED_PARTS_ALL=1 compares every case (do so when
// scripts/diff/compared-parts.ts changes).
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { casePair, loadCorpus } from '../../scripts/diff/corpus.js';
import { diffContracts } from '../../scripts/diff/diff.js';

const compare = vi.hoisted(() => ({ whole: false }));
vi.mock('../../scripts/diff/compared-parts.js', async (original) => {
  const real = await original<typeof import('../../scripts/diff/compared-parts.js')>();
  return { comparedParts: (base: object, head: object) => (compare.whole ? { base, head } : real.comparedParts(base, head)) };
});

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const release = read('releases/2.0.0/openapi.json');
const current = read('generated/openapi.json');
const EVERY = 10;
/** Every tenth case, or all of them with COMPARED_PARTS_ALL=1. */
function sample<T>(cases: T[]): T[] {
  return process.env.COMPARED_PARTS_ALL === '1' ? cases : cases.filter((_, i) => i % EVERY === 0);
}
const pairs: Array<[string, object, object]> = [
  ...sample(loadCorpus()).map((c): [string, object, object] => {
    const { base, head } = casePair(c);
    return [c.id, base, head];
  }),
  ['release -> current', release, current],
  ['current -> release', current, release],
];

function both(base: object, head: object) {
  compare.whole = true;
  const whole = diffContracts(base, head);
  compare.whole = false;
  return { whole, parts: diffContracts(base, head) };
}

describe('api-smart-diff compares only the parts that can change', () => {
  it.each(pairs)('%s: the same changes as comparing the whole documents', (_id, base, head) => {
    const { whole, parts } = both(base, head);
    expect(parts).toEqual(whole);
  });

  it('a change inside a shared component is still found in every operation that reaches it', () => {
    const head = structuredClone(current) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    const [name, schema] = Object.entries(head.components.schemas).find(([, s]) => s.properties?.id) ?? [];
    if (!name || !schema?.properties) throw new Error('no component schema with an id property');
    schema.properties.id = { type: 'string' };
    const { whole, parts } = both(current, head);
    expect(parts.changes.length).toBeGreaterThan(0);
    expect(parts).toEqual(whole);
  });
});
