// How `npm run diff:crosscheck` reads oasdiff (scripts/diff/oasdiff-crosscheck.ts): its levels and
// rule ids, a structural difference alone, no difference, the disagreements CONTRIBUTING.md lists,
// the self-check's message, where it finds oasdiff, and the scratch folder it leaves behind. A
// stand-in answers as oasdiff does, with what each test sets in its environment.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/diff/corpus.js';
import { findOasdiff, runCrosscheck } from '../../scripts/diff/oasdiff-crosscheck.js';
import { testTempDir } from '../support/temp-dirs.js';

const TMP = testTempDir('diff-crosscheck-verdicts-');
const saved = { ...process.env };
afterEach(() => {
  for (const key of ['STAND_IN_CHANGELOG', 'STAND_IN_DIFF', 'STAND_IN_ARGS', 'PATH', 'GOPATH', 'TMPDIR']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const standIn = path.join(TMP, 'bin', 'oasdiff');
mkdirSync(path.dirname(standIn));
writeFileSync(
  standIn,
  `#!${process.execPath}
const answer = process.argv[2] === 'changelog' ? process.env.STAND_IN_CHANGELOG : process.env.STAND_IN_DIFF;
if (process.env.STAND_IN_ARGS) require('node:fs').appendFileSync(process.env.STAND_IN_ARGS, JSON.stringify(process.argv.slice(2)) + '\\n');
process.stdout.write(answer ?? '');
`,
);
chmodSync(standIn, 0o755);

const corpus = loadCorpus();
const pick = (id: string) => {
  const found = corpus.find((c) => c.id === id);
  if (!found) throw new Error(`no corpus case ${id}`);
  return found;
};

function run(ids: string[], answers: { changelog?: string; diff?: string }, contributing = '') {
  process.env.STAND_IN_CHANGELOG = answers.changelog ?? '';
  process.env.STAND_IN_DIFF = answers.diff ?? '';
  const log: string[] = [];
  const error: string[] = [];
  const code = runCrosscheck({
    bin: standIn,
    cases: ids.map(pick),
    contributing,
    out: { log: (l) => log.push(l), error: (l) => error.push(l) },
  });
  return { code, log: log.join('\n'), error };
}
const entries = (...list: Array<[string, number]>) => JSON.stringify(list.map(([id, level]) => ({ id, level })));

describe("oasdiff's verdict", () => {
  it('a WARN is breaking as an ERR is; the rule ids are those of the breaking entries, each once', () => {
    const { log } = run(['op-removed'], { changelog: entries(['api-removed', 2], ['info-only', 1], ['api-removed', 2], ['other', 3]) });
    expect(log).toContain('| op-removed | breaking | api-removed, other | breaking | yes |');
  });

  it('INFO entries only: non-breaking, with every rule id', () => {
    const { log } = run(['param-optional-added'], { changelog: entries(['new-param', 1], ['new-param-2', 1]) });
    expect(log).toContain('| param-optional-added | non-breaking | new-param, new-param-2 | non-breaking | yes |');
  });

  it('no change-log entry but a structural difference: docs, which agrees with our docs', () => {
    const { log } = run(['example-value-changed'], { changelog: '[]', diff: '{"paths":{}}' });
    expect(log).toContain('| example-value-changed | docs | - | docs | yes |');
  });

  it('an INFO entry where we see docs only: a disagreement', () => {
    const { log } = run(['example-value-changed'], { changelog: entries(['api-example-changed', 1]) });
    expect(log).toContain('| example-value-changed | non-breaking | api-example-changed | docs | no |');
  });

  it('no output at all: no difference, which agrees with our docs and not with our breaking', () => {
    const { log } = run(['example-value-changed', 'op-removed'], {});
    expect(log).toContain('| example-value-changed | none | - | docs | yes |');
    expect(log).toContain('| op-removed | none | - | breaking | no |');
  });

  it('the table is Markdown: a header, its separator, one row per case', () => {
    const { log } = run(['op-removed'], { changelog: entries(['api-removed', 3]) });
    expect(log.split('\n').slice(0, 3)).toEqual([
      '| case | oasdiff | oasdiff rule ids | ours | agree |',
      '| --- | --- | --- | --- | --- |',
      '| op-removed | breaking | api-removed | breaking | yes |',
    ]);
  });
});

describe('the disagreements CONTRIBUTING.md lists', () => {
  const disagreeing = { changelog: '[]', diff: '' }; // oasdiff sees nothing; op-removed is breaking here
  const unlisted =
    'diff:crosscheck: op-removed: oasdiff says none, we say breaking; list it in CONTRIBUTING.md ("Where oasdiff disagrees") with the reason, or fix the rule';

  it('are the first column of the table under "Where oasdiff disagrees", also when the text starts with it', () => {
    expect(run(['op-removed'], disagreeing, '### Where oasdiff disagrees\n\n| `op-removed` | none | breaking | why |\n').code).toBe(0);
  });

  it('a case named elsewhere in the section, not as a table row, is not listed', () => {
    const text = '# C\n\n### Where oasdiff disagrees\n\nSee `op-removed` below.\n\n| x | `op-removed` |\n';
    expect(run(['op-removed'], disagreeing, text).error).toEqual([unlisted]);
  });

  it.each(['## Next', '### Next'])('a row under the next heading (%s) is not listed', (heading) => {
    const text = `# C\n\n### Where oasdiff disagrees\n\n| case |\n\n${heading}\n\n| \`op-removed\` | none | breaking | why |\n`;
    expect(run(['op-removed'], disagreeing, text).error).toEqual([unlisted]);
  });

  it("by default, the repository's own CONTRIBUTING.md", () => {
    process.env.STAND_IN_CHANGELOG = entries(['request-parameter-default-value-changed', 1]);
    process.env.STAND_IN_DIFF = '';
    const error: string[] = [];
    const code = runCrosscheck({
      bin: standIn,
      cases: [pick('param-default-changed')],
      out: { log: () => undefined, error: (l) => error.push(l) },
    });
    expect([code, error]).toEqual([0, []]);
  });
});

describe('around the run', () => {
  it('a release found different from itself: the difference is quoted, cut at 300 characters', () => {
    const big = JSON.stringify({ servers: { modified: { x: 'y'.repeat(1000) } } });
    const { error } = run([], { changelog: '[]', diff: big });
    expect(error).toHaveLength(1);
    expect(error[0]).toMatch(/^diff:crosscheck: oasdiff finds releases\/[\d.]+ different from itself: \{"servers"/);
    expect(error[0].endsWith(big.slice(0, 300))).toBe(true);
  });

  it('oasdiff reads every allOf merged, as the gate does: each call, the self-check too, has --flatten-allof', () => {
    process.env.STAND_IN_ARGS = path.join(TMP, 'args.jsonl');
    run(['op-removed'], { changelog: '[]', diff: '{}' });
    const calls = readFileSync(process.env.STAND_IN_ARGS, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[]);
    expect(calls.map((c) => c[0])).toEqual(['changelog', 'diff', 'diff']);
    for (const c of calls) expect(c).toContain('--flatten-allof');
  });

  it('the files it hands oasdiff are removed when it is done', () => {
    const scratch = mkdtempSync(path.join(TMP, 'tmpdir-'));
    process.env.TMPDIR = scratch;
    run(['op-removed'], { changelog: entries(['api-removed', 3]) });
    expect(readdirSync(scratch).filter((f) => f.startsWith('diff-crosscheck-'))).toEqual([]);
  });

  it('finds oasdiff on PATH, else in GOPATH/bin; none: undefined', () => {
    const gopath = path.join(TMP, 'gopath');
    mkdirSync(path.join(gopath, 'bin'), { recursive: true });
    process.env.GOPATH = path.join(TMP, 'nowhere');
    process.env.PATH = path.dirname(standIn);
    expect(findOasdiff()).toBe(standIn);
    // No go on PATH: GOPATH decides.
    process.env.PATH = path.join(TMP, 'empty');
    process.env.GOPATH = gopath;
    expect(findOasdiff()).toBeUndefined();
    writeFileSync(path.join(gopath, 'bin', 'oasdiff'), '');
    expect(findOasdiff()).toBe(path.join(gopath, 'bin', 'oasdiff'));
  });

  it("with Go installed, Go's own GOPATH decides; an empty answer falls back to the environment's", () => {
    const goDir = path.join(TMP, 'go-bin');
    const goGopath = path.join(TMP, 'go-gopath');
    mkdirSync(path.join(goGopath, 'bin'), { recursive: true });
    mkdirSync(goDir, { recursive: true });
    writeFileSync(path.join(goGopath, 'bin', 'oasdiff'), '');
    const fakeGo = (answer: string) => {
      writeFileSync(path.join(goDir, 'go'), `#!${process.execPath}\nprocess.stdout.write(${JSON.stringify(answer)});\n`);
      chmodSync(path.join(goDir, 'go'), 0o755);
    };
    process.env.PATH = goDir;
    process.env.GOPATH = path.join(TMP, 'nowhere');
    fakeGo(`${goGopath}\n`);
    expect(findOasdiff()).toBe(path.join(goGopath, 'bin', 'oasdiff'));
    fakeGo('');
    process.env.GOPATH = goGopath;
    expect(findOasdiff()).toBe(path.join(goGopath, 'bin', 'oasdiff'));
    process.env.GOPATH = path.join(TMP, 'nowhere');
    expect(findOasdiff()).toBeUndefined();
  });
});
