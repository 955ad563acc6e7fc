// The diff corpus cross-checked with oasdiff, the field's reference tool (`npm run diff:crosscheck`
// runs it, crosscheck.ts). For each case it prints oasdiff's verdict (a WARN or ERR change:
// breaking; INFO only: non-breaking; a structural difference only: docs; none), its rule ids, ours,
// and whether they agree. Every disagreement must be listed as deliberate in CONTRIBUTING.md ("Where
// oasdiff disagrees"); the run also checks that the latest release diffs clean against itself. Not
// part of npm test's own checks: Go is not a prerequisite (the test of this module uses a stand-in).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/project.js';
import { type CorpusCase, casePair, loadCorpus, verdict } from './corpus.js';
import type { CommandOutput } from './command.js';
import { diffContracts } from './diff.js';
import { RELEASES_DIR, releases } from './releases.js';

const INSTALL = 'go install github.com/oasdiff/oasdiff@v1.37.0';

/** oasdiff on PATH, else in Go's bin folder. */
export function findOasdiff(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  let gopath = process.env.GOPATH ?? path.join(os.homedir(), 'go');
  try {
    gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || gopath;
  } catch {
    // No Go: the default folder may still hold a binary built elsewhere.
  }
  dirs.push(path.join(gopath, 'bin'));
  return dirs.map((d) => path.join(d, 'oasdiff')).find((f) => existsSync(f));
}

interface OasdiffEntry {
  id: string;
  level: number;
}

interface Row {
  id: string;
  theirs: string;
  rules: string;
  ours: string;
  agree: boolean;
}

function oasdiff(bin: string, args: string[]): string {
  return execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** oasdiff reads each `allOf` merged into one schema, as the gate does (api-smart-diff compares the
 *  merged document): without it, a field of an envelope (`allOf: [SuccessEnvelope, {data}]`) is not
 *  the same field on both sides. */
export const OASDIFF_FLAGS = ['--flatten-allof'];

function theirVerdict(bin: string, baseFile: string, headFile: string): { theirs: string; rules: string } {
  const entries = JSON.parse(oasdiff(bin, ['changelog', baseFile, headFile, ...OASDIFF_FLAGS, '-f', 'json']) || '[]') as OasdiffEntry[];
  // Levels: 1 INFO, 2 WARN, 3 ERR; `oasdiff breaking` reports WARN and ERR.
  const breaking = entries.filter((e) => e.level >= 2);
  const shown = breaking.length ? breaking : entries;
  const rules = [...new Set(shown.map((e) => e.id))].join(', ');
  if (breaking.length) return { theirs: 'breaking', rules };
  if (entries.length) return { theirs: 'non-breaking', rules };
  const structural = JSON.parse(oasdiff(bin, ['diff', baseFile, headFile, ...OASDIFF_FLAGS, '-f', 'json']) || '{}') as object;
  return { theirs: Object.keys(structural).length ? 'docs' : 'none', rules: '' };
}

function row(bin: string, c: CorpusCase, dir: string): Row {
  const { base, head } = casePair(c);
  const [baseFile, headFile] = [path.join(dir, `${c.id}.base.json`), path.join(dir, `${c.id}.head.json`)];
  writeFileSync(baseFile, JSON.stringify(base));
  writeFileSync(headFile, JSON.stringify(head));
  const { theirs, rules } = theirVerdict(bin, baseFile, headFile);
  const ours = verdict(diffContracts(base, head).changes);
  const agree = theirs === ours || (theirs === 'none' && ours === 'docs');
  return { id: c.id, theirs, rules, ours, agree };
}

/** Case ids listed in CONTRIBUTING.md under "Where oasdiff disagrees" (first column, in backticks). */
function listedDisagreements(text = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8')): Set<string> {
  const start = text.indexOf('### Where oasdiff disagrees');
  if (start < 0) return new Set();
  const section = text.slice(start).split(/\n#{2,3} /)[0];
  return new Set([...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
}

function table(rows: Row[]): string {
  const lines = ['| case | oasdiff | oasdiff rule ids | ours | agree |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.id} | ${r.theirs} | ${r.rules || '-'} | ${r.ours} | ${r.agree ? 'yes' : 'no'} |`);
  return lines.join('\n');
}

function releaseSelfCheck(bin: string): string[] {
  const latest = releases().at(-1);
  if (!latest) return [];
  const file = path.join(RELEASES_DIR, latest, 'openapi.json');
  const structural = JSON.parse(oasdiff(bin, ['diff', file, file, ...OASDIFF_FLAGS, '-f', 'json']) || '{}') as object;
  return Object.keys(structural).length
    ? [`oasdiff finds releases/${latest} different from itself: ${JSON.stringify(structural).slice(0, 300)}`]
    : [];
}

/** What a run reads: oasdiff's path (none: not installed), the corpus, CONTRIBUTING.md's text; where it writes. */
export interface CrosscheckOptions {
  bin: string | undefined;
  cases?: CorpusCase[];
  contributing?: string;
  out?: CommandOutput;
}

/** Runs the cross-check; gives the exit code (0 clean, 1 an unlisted or stale disagreement, 2 no oasdiff). */
export function runCrosscheck({ bin, cases = loadCorpus(), contributing, out = console }: CrosscheckOptions): number {
  if (!bin) {
    out.error(
      `diff:crosscheck: oasdiff is not installed. Install it with \`${INSTALL}\` (Go 1.24 or later), then put $(go env GOPATH)/bin on PATH (it is also looked for there).`,
    );
    return 2;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'diff-crosscheck-'));
  try {
    const rows = cases.map((c) => row(bin, c, dir));
    out.log(table(rows));
    const listed = listedDisagreements(contributing);
    const problems = releaseSelfCheck(bin);
    for (const r of rows) {
      if (!r.agree && !listed.has(r.id))
        problems.push(
          `${r.id}: oasdiff says ${r.theirs}, we say ${r.ours}; list it in CONTRIBUTING.md ("Where oasdiff disagrees") with the reason, or fix the rule`,
        );
      if (r.agree && listed.has(r.id))
        problems.push(`${r.id}: now agrees with oasdiff; remove it from "Where oasdiff disagrees" in CONTRIBUTING.md`);
    }
    const disagree = rows.filter((r) => !r.agree).length;
    out.log(
      `\ndiff:crosscheck: ${rows.length} cases, ${rows.length - disagree} agree, ${disagree} deliberate disagreement(s) listed in CONTRIBUTING.md`,
    );
    for (const p of problems) out.error(`diff:crosscheck: ${p}`);
    return problems.length ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
