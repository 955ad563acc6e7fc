// The diff corpus cross-checked with oasdiff, the field's reference tool (`npm run diff:crosscheck`
// runs it, crosscheck.ts). For each case it prints oasdiff's verdict (a WARN or ERR change:
// breaking; INFO only: non-breaking; a structural difference only: docs; none), its rule ids, ours,
// and whether they agree. Every disagreement must be listed as deliberate in CONTRIBUTING.md ("Where
// oasdiff disagrees"); the run also checks that the latest release diffs clean against itself. Not
// part of npm test's own checks: Go is not a prerequisite (the test of this module uses a stand-in).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CommandOutput } from './command.js';
import { type CorpusCase, casePair, loadCorpus } from './corpus.js';
import { type CrosscheckTool, compareRow, type Row, reportRows, type ToolVerdict } from './crosscheck-table.js';
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

const OASDIFF: CrosscheckTool = { name: 'oasdiff', rulesColumn: 'oasdiff rule ids' };

function oasdiff(bin: string, args: string[]): string {
  return execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** oasdiff reads each `allOf` merged into one schema, as the gate does (api-smart-diff compares the
 *  merged document): without it, a field of an envelope (`allOf: [SuccessEnvelope, {data}]`) is not
 *  the same field on both sides. */
export const OASDIFF_FLAGS = ['--flatten-allof'];

function theirVerdict(bin: string, baseFile: string, headFile: string): ToolVerdict {
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
  const pair = casePair(c);
  const [baseFile, headFile] = [path.join(dir, `${c.id}.base.json`), path.join(dir, `${c.id}.head.json`)];
  writeFileSync(baseFile, JSON.stringify(pair.base));
  writeFileSync(headFile, JSON.stringify(pair.head));
  return compareRow(c.id, pair, theirVerdict(bin, baseFile, headFile));
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
    return reportRows(OASDIFF, rows, { contributing, out, earlier: releaseSelfCheck(bin) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
