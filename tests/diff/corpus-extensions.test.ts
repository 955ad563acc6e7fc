// The diff corpus, second half: the cases of the extension layer (x-credits, x-state-machine,
// x-unspecified, x-limits, x-rate-limit), in process; the step summary of `npm run diff`; and the
// servers, which must not share a URL template (a peer such as oasdiff matches servers by it).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { caseProblems, casePair, loadCorpus } from '../../scripts/diff/corpus.js';
import { diffContracts } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';
import { testTempDir } from '../support/temp-dirs.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const corpus = loadCorpus();
const TMP = testTempDir('diff-corpus-x-');

describe('the diff corpus: extension rules', () => {
  const cases = corpus.filter((c) => c.id.startsWith('x-'));
  it('covers each extension the layer has rules for', () => {
    for (const x of ['x-credits', 'x-state-machine', 'x-unspecified', 'x-limits', 'x-rate-limit'])
      expect(
        cases.some((c) => c.id.startsWith(`${x}-`)),
        x,
      ).toBe(true);
  });
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const { base, head } = casePair(c);
    const { changes } = diffContracts(base, head);
    expect(caseProblems(c, changes), `${c.why}\n${JSON.stringify(changes.slice(0, 8), null, 1)}`).toEqual([]);
  });
});

describe('npm run diff with GITHUB_STEP_SUMMARY', () => {
  it('appends the verdict, the counts per class and each breaking change to that file', async () => {
    const c = corpus.find((x) => x.id === 'x-state-machine-refund-lost');
    if (!c) throw new Error('no refund case');
    const { base, head } = casePair(c);
    writeFileSync(path.join(TMP, 'base.json'), JSON.stringify(base));
    writeFileSync(path.join(TMP, 'head.json'), JSON.stringify(head));
    const summary = path.join(TMP, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const args = ['--import', 'tsx', 'scripts/diff/main.ts', '--base', path.join(TMP, 'base.json'), '--head', path.join(TMP, 'head.json')];
    const code = await new Promise<number>((resolve) =>
      execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, GITHUB_STEP_SUMMARY: summary } }, (error) =>
        resolve(error ? Number((error as { code?: number }).code ?? 1) : 0),
      ),
    );
    expect(code).toBe(1);
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# earlier step\n## Contract diff against ')).toBe(true);
    expect(text).toContain('The gate fails: 1 breaking, 0 non-breaking, 0 docs.');
    expect(text).toContain('| breaking | 1 |');
    expect(text).toMatch(
      /### Breaking changes\n\n- The Launch clip transition rendering -> failed: render ends no longer refunds the charge\./,
    );
  });
});

describe('servers', () => {
  it('the latest release and the contract give each server its own URL template', () => {
    const latest = releases().at(-1);
    if (!latest) throw new Error('no release');
    for (const doc of [readRelease(latest), JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'))]) {
      const templates = ContractModel.of(doc as never)
        .servers()
        .map((s) => s.template);
      expect(new Set(templates).size).toBe(templates.length);
    }
  });
  it('the latest release diffs clean against itself', () => {
    const latest = releases().at(-1);
    if (!latest) throw new Error('no release');
    expect(diffContracts(readRelease(latest), readRelease(latest)).changes).toEqual([]);
  });
});

describe('npm run diff:crosscheck without oasdiff', () => {
  it('says how to install it and exits 2', async () => {
    // No folder on PATH and no Go bin folder with an oasdiff in it.
    const PATH = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((d) => !existsSync(path.join(d, 'oasdiff')))
      .join(path.delimiter);
    const env = { ...process.env, PATH, GOPATH: TMP, HOME: TMP };
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(process.execPath, ['--import', 'tsx', 'scripts/diff/crosscheck.ts'], { cwd: ROOT, env }, (error, _out, err) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr: err }),
      ),
    );
    expect(stderr).toContain('oasdiff is not installed. Install it with `go install github.com/oasdiff/oasdiff@v1.37.0`');
    expect(code).toBe(2);
  });
});
