// The diff corpus (tests/fixtures/diff-corpus/, one YAML file per single change to the released
// contract): each case's verdict and message, per operation and by the way the data flows. The
// OpenAPI cases run here in process, a few of them through the real `npm run diff` command; the
// extension cases run in tests/diff/corpus-extensions.test.ts.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePointer, readPointer } from '../../lib/contract/index.js';
import { caseProblems, casePair, loadCorpus } from '../../scripts/diff/corpus.js';
import { diffContracts } from '../../scripts/diff/diff.js';
import type { Change } from '../../scripts/diff/types.js';
import { testTempDir } from '../support/temp-dirs.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const corpus = loadCorpus();
const cases = corpus.filter((c) => !c.id.startsWith('x-'));
const TMP = testTempDir('diff-corpus-test-');

/** `npm run diff -- --base <file> --head <file> --json` on the case's pair. */
function npmDiff(id: string): Promise<{ code: number; changes: Change[] }> {
  const c = corpus.find((x) => x.id === id);
  if (!c) throw new Error(`no corpus case ${id}`);
  const { base, head } = casePair(c);
  const [baseFile, headFile] = [path.join(TMP, `${id}-base.json`), path.join(TMP, `${id}-head.json`)];
  writeFileSync(baseFile, JSON.stringify(base));
  writeFileSync(headFile, JSON.stringify(head));
  const args = ['run', '--silent', 'diff', '--', '--base', baseFile, '--head', headFile, '--json'];
  return new Promise((resolve) => {
    execFile('npm', args, { cwd: ROOT, maxBuffer: 1 << 26, env: { ...process.env, GITHUB_STEP_SUMMARY: '' } }, (error, stdout) => {
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      resolve({ code, changes: JSON.parse(stdout).changes });
    });
  });
}

/** Pointers (and `via`, the reference a component is reached through) that neither the head nor the
 *  base has: each must lead to a place in the document it points into. */
function unresolved(changes: readonly Change[], base: object, head: object): string[] {
  const has = (p: string) => [head, base].some((doc) => readPointer(doc, parsePointer(p)) !== undefined);
  return changes.flatMap((c) => [c.pointer, ...(c.via ? [c.via] : [])].filter((p) => !has(p)).map((p) => `${p} (${c.message})`));
}

/** Messages that name a parameter by its index, or a range status in another case than written. */
const unnamed = (changes: readonly Change[]) =>
  changes.map((c) => c.message).filter((m) => /parameter `\d+`|\b[1-5]xx\b/.test(m) || m.includes('a parameter'));

describe('the diff corpus', () => {
  it('holds at least 40 single-change cases, each with a reason and an expected verdict', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    for (const c of corpus) {
      expect(c.why.length, c.id).toBeGreaterThan(10);
      expect(c.change.length, c.id).toBeGreaterThan(0);
      expect(['breaking', 'non-breaking', 'docs', 'none'], c.id).toContain(c.expect.class);
    }
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const { base, head } = casePair(c);
    const { changes } = diffContracts(base, head);
    expect(caseProblems(c, changes), `${c.why}\n${JSON.stringify(changes.slice(0, 8), null, 1)}`).toEqual([]);
    expect(unnamed(changes)).toEqual([]);
    expect(unresolved(changes, base, head)).toEqual([]);
  });

  it('the extension cases too: every pointer printed resolves, every name is as written', () => {
    for (const c of corpus.filter((x) => x.id.startsWith('x-'))) {
      const { base, head } = casePair(c);
      const { changes } = diffContracts(base, head);
      expect([c.id, ...unnamed(changes), ...unresolved(changes, base, head)]).toEqual([c.id]);
    }
  });
});

describe('npm run diff on corpus cases (the real command)', () => {
  // One per verdict, and the two messages the issue found misleading.
  it.each([
    ['resp-type-changed-inline', 1],
    ['resp-enum-value-removed-ref', 0],
    ['param-optional-added', 0],
    ['op-removed', 1],
  ] as const)('%s: classified as the case says, exit %i', async (id, exit) => {
    const { code, changes } = await npmDiff(id);
    const c = corpus.find((x) => x.id === id);
    expect(c && caseProblems(c, changes)).toEqual([]);
    expect(code).toBe(exit);
  });
});
