// How `npm run diff:crosscheck` reads OpenAPITools' openapi-diff (scripts/diff/openapi-diff-crosscheck.ts):
// its states and change kinds per case, a case it fails on, the disagreements CONTRIBUTING.md lists
// under "Where openapi-diff disagrees", where it finds Java and the jars, and what it says when they
// are missing. A stand-in for `java` answers as Verdicts.java does, with what each test sets.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/diff/corpus.js';
import { findOpenapiDiff, runOpenapiDiffCrosscheck } from '../../scripts/diff/openapi-diff-crosscheck.js';
import { testTempDir } from '../support/temp-dirs.js';

const TMP = testTempDir('diff-openapi-diff-test-');
const saved = { ...process.env };
afterEach(() => {
  for (const key of ['STAND_IN_ANSWERS', 'STAND_IN_ARGS', 'PATH', 'JAVA_HOME', 'TMPDIR']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

// The stand-in `java`: for each id after the folder, the line STAND_IN_ANSWERS gives it (none: no line),
// after checking that the folder holds both documents of the case; it notes its arguments.
const javaDir = path.join(TMP, 'jdk', 'bin');
mkdirSync(javaDir, { recursive: true });
const java = path.join(javaDir, 'java');
writeFileSync(
  java,
  `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
if (process.env.STAND_IN_ARGS) fs.writeFileSync(process.env.STAND_IN_ARGS, JSON.stringify(args));
const [dir, ...ids] = args.slice(3);
const answers = JSON.parse(process.env.STAND_IN_ANSWERS || '{}');
process.stderr.write('SLF4J(W): No SLF4J providers were found.\\n');
for (const id of ids) {
  for (const side of ['base', 'head']) if (!fs.existsSync(path.join(dir, id + '.' + side + '.json'))) throw new Error('no ' + side + ' for ' + id);
  if (answers[id]) process.stdout.write(JSON.stringify({ id, ...answers[id] }) + '\\n');
}
`,
);
chmodSync(java, 0o755);
const lib = path.join(TMP, 'lib');
mkdirSync(lib);
writeFileSync(path.join(lib, 'openapi-diff-core-2.1.7.jar'), '');
const install = { java, lib };

const corpus = loadCorpus();
const pick = (id: string) => {
  const found = corpus.find((c) => c.id === id);
  if (!found) throw new Error(`no corpus case ${id}`);
  return found;
};

function run(answers: Record<string, object>, contributing = '') {
  process.env.STAND_IN_ANSWERS = JSON.stringify(answers);
  const log: string[] = [];
  const error: string[] = [];
  const code = runOpenapiDiffCrosscheck({
    install,
    cases: Object.keys(answers).map(pick),
    contributing,
    out: { log: (l) => log.push(l), error: (l) => error.push(l) },
  });
  return { code, log: log.join('\n'), error };
}
const listing = (...ids: string[]) =>
  `# C\n\n### Where openapi-diff disagrees\n\n| case | openapi-diff | ours | why |\n| --- | --- | --- | --- |\n${ids.map((id) => `| \`${id}\` | a | b | c |`).join('\n')}\n\n## Next\n`;

describe("openapi-diff's verdict", () => {
  it('incompatible is breaking, compatible non-breaking, metadata docs, no_changes none (agreeing with our docs); the kinds beside it', () => {
    const { code, log } = run({
      'op-removed': { state: 'incompatible', kinds: ['MissingEndpoints'] },
      'param-optional-added': { state: 'compatible', kinds: ['ChangedParameters', 'ChangedParameter'] },
      'op-summary-removed': { state: 'metadata', kinds: ['ChangedMetadata'] },
      'example-value-changed': { state: 'no_changes', kinds: [] },
    });
    expect(log.split('\n').slice(0, 6)).toEqual([
      '| case | openapi-diff | openapi-diff change kinds | ours | agree |',
      '| --- | --- | --- | --- | --- |',
      '| op-removed | breaking | MissingEndpoints | breaking | yes |',
      '| param-optional-added | non-breaking | ChangedParameters, ChangedParameter | non-breaking | yes |',
      '| op-summary-removed | docs | ChangedMetadata | docs | yes |',
      '| example-value-changed | none | - | docs | yes |',
    ]);
    expect(log).toContain('diff:crosscheck: openapi-diff: 4 cases, 4 agree, 0 deliberate disagreement(s) listed in CONTRIBUTING.md');
    expect(code).toBe(0);
  });

  it('a case it fails on is `error` with its message; a case it gives no line for is `error` too; a state it has no verdict for is shown as it is', () => {
    const { log } = run({
      'op-removed': { error: 'Missing securitySchemes component definition.' },
      'param-optional-added': { state: 'unknown', kinds: ['ChangedExtensions'] },
    });
    expect(log).toContain('| op-removed | error | Missing securitySchemes component definition. | breaking | no |');
    expect(log).toContain('| param-optional-added | unknown | ChangedExtensions | non-breaking | no |');
    process.env.STAND_IN_ANSWERS = '{}';
    const lines: string[] = [];
    runOpenapiDiffCrosscheck({
      install,
      cases: [pick('op-removed')],
      contributing: '',
      out: { log: (l) => lines.push(l), error: () => undefined },
    });
    expect(lines.join('\n')).toContain('| op-removed | error | no answer for this case | breaking | no |');
  });

  it('Java is given the jars, Verdicts.java, a scratch folder with both documents of each case, and the case ids; the folder is removed after', () => {
    process.env.STAND_IN_ARGS = path.join(TMP, 'args.json');
    process.env.TMPDIR = mkdtempSync(path.join(TMP, 'tmpdir-'));
    run({ 'op-removed': { state: 'incompatible', kinds: [] } });
    const args = JSON.parse(readFileSync(process.env.STAND_IN_ARGS, 'utf8')) as string[];
    expect(args.slice(0, 3)).toEqual(['-cp', path.join(lib, '*'), expect.stringMatching(/scripts\/diff\/openapi-diff\/Verdicts\.java$/)]);
    expect(existsSync(args[2])).toBe(true);
    expect(args.slice(4)).toEqual(['op-removed']);
    expect(readdirSync(process.env.TMPDIR)).toEqual([]);
  });
});

describe('the disagreements CONTRIBUTING.md lists', () => {
  const disagreeing = { 'op-removed': { state: 'no_changes', kinds: [] } };

  it('an unlisted disagreement names the case, both verdicts and what to do, exit 1', () => {
    const { code, error } = run(disagreeing, listing());
    expect(error).toEqual([
      'diff:crosscheck: op-removed: openapi-diff says none, we say breaking; list it in CONTRIBUTING.md ("Where openapi-diff disagrees") with the reason, or fix the rule',
    ]);
    expect(code).toBe(1);
  });

  it("a listed one passes; a row under oasdiff's section does not list it here", () => {
    expect(run(disagreeing, listing('op-removed')).code).toBe(0);
    const oasdiffOnly = '# C\n\n### Where oasdiff disagrees\n\n| `op-removed` | none | breaking | why |\n';
    expect(run(disagreeing, oasdiffOnly).code).toBe(1);
  });

  it('a listed case that now agrees is asked to be removed, exit 1', () => {
    const { code, error } = run({ 'op-removed': { state: 'incompatible', kinds: [] } }, listing('op-removed'));
    expect(error).toEqual([
      'diff:crosscheck: op-removed: now agrees with openapi-diff; remove it from "Where openapi-diff disagrees" in CONTRIBUTING.md',
    ]);
    expect(code).toBe(1);
  });

  it("by default, the repository's own CONTRIBUTING.md", () => {
    process.env.STAND_IN_ANSWERS = JSON.stringify({ 'path-param-renamed': { error: 'a NullPointerException' } });
    const error: string[] = [];
    const code = runOpenapiDiffCrosscheck({
      install,
      cases: [pick('path-param-renamed')],
      out: { log: () => undefined, error: (l) => error.push(l) },
    });
    expect([code, error]).toEqual([0, []]);
  });
});

describe('finding openapi-diff', () => {
  it('java from JAVA_HOME, else on PATH; no java, or no core jar in the folder: undefined', () => {
    process.env.JAVA_HOME = path.dirname(javaDir);
    process.env.PATH = path.join(TMP, 'empty');
    expect(findOpenapiDiff(lib)).toEqual({ java, lib });
    delete process.env.JAVA_HOME;
    expect(findOpenapiDiff(lib)).toBeUndefined();
    process.env.PATH = javaDir;
    expect(findOpenapiDiff(lib)).toEqual({ java, lib });
    const empty = mkdtempSync(path.join(TMP, 'lib-'));
    expect(findOpenapiDiff(empty)).toBeUndefined();
    expect(findOpenapiDiff(path.join(TMP, 'nowhere'))).toBeUndefined();
  });

  it('not installed: how to install it, exit 2', () => {
    const error: string[] = [];
    const code = runOpenapiDiffCrosscheck({ install: undefined, cases: [], out: { log: () => undefined, error: (l) => error.push(l) } });
    expect(code).toBe(2);
    expect(error[0]).toContain('mvn -q -f scripts/diff/openapi-diff/pom.xml dependency:copy-dependencies');
  });
});
