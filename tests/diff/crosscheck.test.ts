// `npm run diff:crosscheck` with a stand-in for oasdiff (a small program answering `changelog` and
// `diff` as oasdiff does, with a verdict of its own), so the comparison, the table, the listed
// disagreements of CONTRIBUTING.md and the exit codes are checked without Go. The real oasdiff run is
// `npm run diff:crosscheck` itself (docs/testing.md).
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/diff/corpus.js';
import { runCrosscheck } from '../../scripts/diff/oasdiff-crosscheck.js';
import { testTempDir } from '../support/temp-dirs.js';

const TMP = testTempDir('diff-crosscheck-test-');

// The stand-in: identical files are no change; a case whose id says "removed" is an ERR (breaking),
// any other difference an INFO (non-breaking).
const standIn = path.join(TMP, 'oasdiff');
writeFileSync(
  standIn,
  `#!/usr/bin/env node
const fs = require('node:fs');
const [command, base, head] = process.argv.slice(2);
const same = fs.readFileSync(base, 'utf8') === fs.readFileSync(head, 'utf8');
if (command === 'changelog')
  process.stdout.write(JSON.stringify(same ? [] : [{ id: 'stand-in-rule', level: /removed/.test(head) ? 3 : 1 }]));
else process.stdout.write(same ? '{}' : '{"info":{}}');
`,
);
chmodSync(standIn, 0o755);
// A stand-in that finds any document different from itself (as oasdiff did when two servers shared a URL template).
const selfDiffering = path.join(TMP, 'oasdiff-self-differing');
writeFileSync(
  selfDiffering,
  `#!/usr/bin/env node
process.stdout.write(process.argv[2] === 'changelog' ? '[]' : '{"servers":{"modified":{}}}');
`,
);
chmodSync(selfDiffering, 0o755);

const corpus = loadCorpus();
const pick = (id: string) => {
  const found = corpus.find((c) => c.id === id);
  if (!found) throw new Error(`no corpus case ${id}`);
  return found;
};
// Breaking for both; non-breaking for both; breaking here but INFO for the stand-in.
const cases = [pick('op-removed'), pick('param-optional-added'), pick('param-default-changed')];
const contributing = (...ids: string[]) =>
  `# Contributing\n\n### Where oasdiff disagrees\n\n| case | oasdiff | ours | why |\n| --- | --- | --- | --- |\n${ids.map((id) => `| \`${id}\` | a | b | c |`).join('\n')}\n\n## Next\n`;

function run(bin: string | undefined, listed: string[]) {
  const log: string[] = [];
  const error: string[] = [];
  const code = runCrosscheck({
    bin,
    cases,
    contributing: contributing(...listed),
    out: { log: (l) => log.push(l), error: (l) => error.push(l) },
  });
  return { code, log: log.join('\n'), error };
}

describe('the cross-check with oasdiff', () => {
  it('one table row per case: the verdicts side by side and whether they agree; the listed disagreement passes, exit 0', () => {
    const { code, log, error } = run(standIn, ['param-default-changed']);
    expect(error).toEqual([]);
    expect(code).toBe(0);
    expect(log).toContain('| case | oasdiff | oasdiff rule ids | ours | agree |');
    expect(log).toContain('| op-removed | breaking | stand-in-rule | breaking | yes |');
    expect(log).toContain('| param-optional-added | non-breaking | stand-in-rule | non-breaking | yes |');
    expect(log).toContain('| param-default-changed | non-breaking | stand-in-rule | breaking | no |');
    expect(log).toContain('diff:crosscheck: oasdiff: 3 cases, 2 agree, 1 deliberate disagreement(s) listed in CONTRIBUTING.md');
  });

  it('a disagreement CONTRIBUTING.md does not list: named with both verdicts and what to do, exit 1', () => {
    const { code, error } = run(standIn, []);
    expect(code).toBe(1);
    expect(error).toEqual([
      'diff:crosscheck: param-default-changed: oasdiff says non-breaking, we say breaking; list it in CONTRIBUTING.md ("Where oasdiff disagrees") with the reason, or fix the rule',
    ]);
  });

  it('a listed case that now agrees: asked to be removed from the list, exit 1', () => {
    const { code, error } = run(standIn, ['param-default-changed', 'op-removed']);
    expect(code).toBe(1);
    expect(error).toEqual([
      'diff:crosscheck: op-removed: now agrees with oasdiff; remove it from "Where oasdiff disagrees" in CONTRIBUTING.md',
    ]);
  });

  it('the latest release found different from itself: said, exit 1', () => {
    const { code, error } = run(selfDiffering, []);
    expect(code).toBe(1);
    expect(error[0]).toMatch(/^diff:crosscheck: oasdiff finds releases\/[\d.]+ different from itself: \{"servers"/);
  });

  it('no oasdiff: how to install it, exit 2', () => {
    const { code, error } = run(undefined, []);
    expect(code).toBe(2);
    expect(error[0]).toContain('go install github.com/oasdiff/oasdiff@v1.37.0');
  });
});
