// The diff corpus cross-checked with OpenAPITools' openapi-diff, a second tool independent of oasdiff
// (`npm run diff:crosscheck` runs both, crosscheck.ts). Its core library is installed with Maven into
// .cache/openapi-diff/lib (scripts/diff/openapi-diff/pom.xml) and driven by Verdicts.java beside it,
// all cases in one JVM. Its verdict per case is its own DiffResult: incompatible is breaking,
// compatible non-breaking, metadata docs, no_changes none; a case it cannot compare is `error`. Every
// disagreement must be listed as deliberate in CONTRIBUTING.md ("Where openapi-diff disagrees"). Not
// part of npm test's own checks: Java and Maven are not prerequisites (its test uses a stand-in).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/project.js';
import type { CommandOutput } from './command.js';
import { type CorpusCase, casePair, loadCorpus } from './corpus.js';
import { type CrosscheckTool, compareRow, reportRows, type ToolVerdict } from './crosscheck-table.js';

const HERE = path.join(ROOT, 'scripts', 'diff', 'openapi-diff');
export const OPENAPI_DIFF_LIB = path.join(ROOT, '.cache', 'openapi-diff', 'lib');
const INSTALL = `mvn -q -f scripts/diff/openapi-diff/pom.xml dependency:copy-dependencies`;
const OPENAPI_DIFF: CrosscheckTool = { name: 'openapi-diff', rulesColumn: 'openapi-diff change kinds' };

/** How to run openapi-diff: a Java 17+ launcher and the folder of its jars. */
export interface OpenapiDiffInstall {
  java: string;
  lib: string;
}

/** java from JAVA_HOME, else on PATH; the jars in .cache/openapi-diff/lib. Either missing: undefined. */
export function findOpenapiDiff(lib = OPENAPI_DIFF_LIB): OpenapiDiffInstall | undefined {
  const home = process.env.JAVA_HOME ? [path.join(process.env.JAVA_HOME, 'bin')] : [];
  const dirs = [...home, ...(process.env.PATH ?? '').split(path.delimiter)];
  const java = dirs.map((d) => path.join(d, 'java')).find((f) => existsSync(f));
  const installed = existsSync(lib) && readdirSync(lib).some((f) => f.startsWith('openapi-diff-core-'));
  return java && installed ? { java, lib } : undefined;
}

/** One line of Verdicts.java's answer. */
interface Answer {
  id: string;
  state?: string;
  kinds?: string[];
  error?: string;
}

const VERDICTS: Record<string, string> = {
  incompatible: 'breaking',
  compatible: 'non-breaking',
  metadata: 'docs',
  no_changes: 'none',
};

/** openapi-diff's answer for one case as a verdict: its state mapped, or `error` with the message. */
export function theirVerdict(answer: Answer | undefined): ToolVerdict {
  if (!answer) return { theirs: 'error', rules: 'no answer for this case' };
  if (answer.error !== undefined || !answer.state) return { theirs: 'error', rules: (answer.error ?? 'no state').slice(0, 120) };
  return { theirs: VERDICTS[answer.state] ?? answer.state, rules: (answer.kinds ?? []).join(', ') };
}

function answers({ java, lib }: OpenapiDiffInstall, dir: string, ids: string[]): Map<string, Answer> {
  const args = ['-cp', path.join(lib, '*'), path.join(HERE, 'Verdicts.java'), dir, ...ids];
  const text = execFileSync(java, args, { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = text.split('\n').filter((l) => l.startsWith('{'));
  return new Map(lines.map((l) => JSON.parse(l) as Answer).map((a) => [a.id, a]));
}

/** What a run reads: how to run openapi-diff (none: not installed), the corpus, CONTRIBUTING.md's text; where it writes. */
export interface OpenapiDiffCrosscheckOptions {
  install: OpenapiDiffInstall | undefined;
  cases?: CorpusCase[];
  contributing?: string;
  out?: CommandOutput;
}

/** Runs the cross-check; gives the exit code (0 clean, 1 an unlisted or stale disagreement, 2 not installed). */
export function runOpenapiDiffCrosscheck({
  install,
  cases = loadCorpus(),
  contributing,
  out = console,
}: OpenapiDiffCrosscheckOptions): number {
  if (!install) {
    out.error(
      `diff:crosscheck: openapi-diff is not installed. Install it with \`${INSTALL}\` (Maven, Java 17 or later; the jars land in .cache/openapi-diff/lib, where they are looked for; java is taken from JAVA_HOME, else PATH).`,
    );
    return 2;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'diff-crosscheck-openapi-diff-'));
  try {
    const pairs = cases.map((c) => {
      const pair = casePair(c);
      writeFileSync(path.join(dir, `${c.id}.base.json`), JSON.stringify(pair.base));
      writeFileSync(path.join(dir, `${c.id}.head.json`), JSON.stringify(pair.head));
      return { id: c.id, pair };
    });
    const found = answers(
      install,
      dir,
      pairs.map((p) => p.id),
    );
    const rows = pairs.map(({ id, pair }) => compareRow(id, pair, theirVerdict(found.get(id))));
    return reportRows(OPENAPI_DIFF, rows, { contributing, out });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
