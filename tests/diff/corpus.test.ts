// The diff corpus (tests/fixtures/diff-corpus/, one YAML file per single change to the released
// contract): each case's verdict and message, per operation and by the way the data flows. The
// OpenAPI cases run here in process, a few of them through the real `npm run diff` command; the
// extension cases run in tests/diff/corpus-extensions.test.ts.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
