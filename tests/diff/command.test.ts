// `npm run diff` as a contract author reads it, in process (scripts/diff/command.ts, what main.ts
// runs): the count per class, each change marked and located, what the gate asks on stderr, the
// exit code, --json, the CI step summary, and an argument it cannot use. (tests/diff/diff.test.ts
// runs the real command for the gate's exit codes.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../scripts/diff/command.js';
import { releases } from '../../scripts/diff/releases.js';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';

const latest = releases().at(-1)!;
const baseFile = path.join(ROOT, 'releases', latest, 'openapi.json');
const released = JSON.parse(readFileSync(baseFile, 'utf8'));
const TMP = testTempDir('diff-command-');

/** The release with one edit, written to a file for --head. */
function headWith(name: string, edit: (doc: any) => void): string {
  const doc = structuredClone(released);
  edit(doc);
  const file = path.join(TMP, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const log: string[] = [];
  const error: string[] = [];
  const code = diffCommand(args, { log: (l) => log.push(l), error: (l) => error.push(l) }, env);
  return { code, log, error };
}

const removedGetMe = headWith('removed', (doc) => delete doc.paths['/me']);
const deprecatedGetMe = headWith('deprecated', (doc) => {
  doc.paths['/me'].get.deprecated = true;
});
/** GET /me removed, with a change-log entry that says so and points at it. */
const acknowledgedRemoval = headWith('acknowledged', (doc) => {
  delete doc.paths['/me'];
  doc.info['x-changelog'].unshift({
    date: '2099-01-01',
    breaking: true,
    pointers: ['/paths/~1me'],
    changes: ['GET /me is gone; read the account from GET /credits/costs.'],
  });
});
const newSummary = headWith('docs', (doc) => {
  doc.paths['/me'].get.summary = `${doc.paths['/me'].get.summary} (reworded)`;
});

describe('npm run diff, as a contract author reads it', () => {
  it('the release against itself: one line saying there is nothing, exit 0', () => {
    expect(run(['--base', baseFile, '--head', baseFile])).toEqual({
      code: 0,
      log: [`diff: no changes against ${path.relative(ROOT, baseFile)}`],
      error: [],
    });
  });

  it('a removed operation: the counts, the change marked BREAKING with where it is, what to do on stderr, exit 1', () => {
    const { code, log, error } = run(['--base', baseFile, '--head', removedGetMe]);
    expect(code).toBe(1);
    expect(log[0]).toMatch(/^diff: against releases\/[\d.]+\/openapi\.json: [1-9]\d* breaking, 0 non-breaking, 0 docs$/);
    expect(log[1]).toMatch(/^ {2}BREAKING: .*\/me.*\n {6}at \/paths\/~1me/);
    expect(error).toHaveLength(1);
    expect(error[0]).toMatch(/^diff: \d+ breaking change\(s\) not acknowledged\. .*pointers: \['\/paths\/~1me/);
  });

  it('a documentation change: marked docs, nothing asked, exit 0 even with --gate', () => {
    const { code, log, error } = run(['--base', baseFile, '--head', newSummary, '--gate']);
    expect([code, error]).toEqual([0, []]);
    expect(log[0]).toMatch(/: 0 breaking, 0 non-breaking, [1-9]\d* docs$/);
    expect(log[1]).toMatch(/^ {2}docs: /);
  });

  it('a non-breaking change: counted and marked non-breaking, exit 0; with --gate it asks for a change-log entry, exit 1', () => {
    const plain = run(['--base', baseFile, '--head', deprecatedGetMe]);
    expect([plain.code, plain.error]).toEqual([0, []]);
    expect(plain.log[0]).toMatch(/: 0 breaking, 1 non-breaking, 0 docs$/);
    expect(plain.log[1]).toMatch(/^ {2}non-breaking: GET \/me: The operation is deprecated\.\n {6}at \/paths\/~1me\/get\/deprecated$/);
    const gated = run(['--base', baseFile, '--head', deprecatedGetMe, '--gate']);
    expect(gated.code).toBe(1);
    expect(gated.error).toEqual([expect.stringMatching(/^diff: 1 behaviour change\(s\) and no change-log entry for them: /)]);
  });

  it('a breaking change the change log acknowledges: marked "breaking (acknowledged)", nothing asked, exit 0', () => {
    const { code, log, error } = run(['--base', baseFile, '--head', acknowledgedRemoval, '--gate']);
    expect([code, error]).toEqual([0, []]);
    expect(log[0]).toMatch(/: [1-9]\d* breaking, /);
    expect(log[1]).toMatch(/^ {2}breaking \(acknowledged\): .*\/me/);
    expect(log.some((l) => l.includes('BREAKING'))).toBe(false);
  });

  it('--json prints the changes as one JSON document, and the exit code is the same', () => {
    const { code, log } = run(['--base', baseFile, '--head', removedGetMe, '--json']);
    expect(code).toBe(1);
    expect(log).toHaveLength(1);
    const { changes } = JSON.parse(log[0]);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c: { class: string }) => c.class === 'breaking')).toBe(true);
  });

  it('with GITHUB_STEP_SUMMARY set, the Markdown summary is appended to that file', () => {
    const summary = path.join(TMP, 'summary.md');
    writeFileSync(summary, 'before\n');
    run(['--base', baseFile, '--head', removedGetMe], { GITHUB_STEP_SUMMARY: summary });
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('before\n## Contract diff against releases/')).toBe(true);
    expect(text).toContain('The gate fails:');
    expect(text).toContain('### Breaking changes');
  });

  it('a base it cannot read, or an option it does not know: "diff failed" with why, exit 2', () => {
    const missing = run(['--base', path.join(TMP, 'nothing-here.json')]);
    expect(missing.code).toBe(2);
    expect(missing.error).toHaveLength(1);
    expect(missing.error[0]).toMatch(/^diff failed: \S/);
    const unknown = run(['--bsae', baseFile]);
    expect(unknown.code).toBe(2);
    expect(unknown.error[0]).toMatch(/^diff failed: .*--bsae/);
  });
});
