// `video-api-conformance merge <dir>... [--out <dir>]`: the shards of a split run (--shard i/n), or
// any conformance runs, as one: their JUnit files joined suite by suite (each case once: the shards'
// operations and flows do not overlap), their coverage merged (covered by any shard), their
// failures and verdicts in one report.html. Exit code: 1 when a shard failed or one of n is
// missing, 0 otherwise, 2 when nothing could be read.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContractModel } from '../../lib/contract/index.js';
import { coverageLine, mergeCoverage, writeCoverage } from '../checker/coverage.js';
import { countByKind, type RuleRow, type RunReport } from '../report/model.js';
import { readRunReport, writeRunReport } from '../report/write.js';
import { mergeJUnit } from './lanes.js';
import { RULES_TABLE_JUNIT } from './rules/checks-phase.js';
import { RulesTable } from './rules/table.js';

const log = (line: string) => console.log(`[merge] ${line}`);
export const JUNIT_FILES = ['conformance-junit.xml', 'rules-junit.xml', 'flows-junit.xml', RULES_TABLE_JUNIT];

/** Reasons a rule goes unchecked by the run's own choice, a shard's share or what no target can show: not a shard's failure. */
const CHOSEN =
  /CONFORMANCE_(ALLOW_CHARGES|ALLOW_DESTRUCTIVE|PHASES|OPERATIONS|RATE_LIMIT)|a shard left it out|no flow of this run|no 429 was met|account without credits|where the contract guesses it|mock:fail/;

/**
 * A shard set up short of what the others had: one token where ownership needs two. The merged run
 * spread over several tokens, so a rule left unchecked for this reason is the split's fault, and fails the merge.
 */
const SHORT_SHARD = /^one token/;

/**
 * The shards' rules tables as one (each rule its worst verdict); the rules checked by no shard for a
 * reason the run did not choose (`unchecked`, said in the report), and of those the ones a shard was
 * set up too short to check (`failing`: they fail the merge).
 */
export function mergeRules(reports: RunReport[]): { rules?: RuleRow[]; unchecked: string[]; failing: string[] } {
  const tables = reports.filter((r) => r.rules);
  if (!tables.length) return { unchecked: [], failing: [] };
  const table = new RulesTable([]);
  for (const r of tables) table.absorb(r.rules!);
  const unchecked = table
    .list()
    .filter((row) => row.verdict === 'not reachable')
    .flatMap((row) => {
      const why = tables.flatMap((r) =>
        r.rules!.filter((x) => x.id === row.id && x.why && !CHOSEN.test(x.why)).map((x) => `${r.shard ?? r.reportDir}: ${x.why}`),
      );
      return why.length ? [`rule ${row.id} was checked by no shard (${why[0]})`] : [];
    });
  const failing = unchecked.filter((line) => SHORT_SHARD.test(line.replace(/^.*?\(.*?: /, '')));
  return { rules: table.list(), unchecked, failing };
}

export function parseMergeArgs(argv: readonly string[]): { dirs: string[]; out: string } {
  const dirs: string[] = [];
  let out = path.resolve('conformance-merged');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = path.resolve(argv[++i] ?? '');
    else if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]} (merge <report dir>... [--out <dir>])`);
    else dirs.push(path.resolve(argv[i]));
  }
  if (!dirs.length) throw new Error('usage: video-api-conformance merge <report dir>... [--out <dir>]');
  return { dirs, out };
}

/** Shards named n/…/n that are missing from the set (a CI job that never reported). */
function missingShards(reports: RunReport[]): string[] {
  const labels = reports.map((r) => r.shard).filter((s): s is string => !!s);
  const count = Number(labels[0]?.split('/')[1] ?? 0);
  return Array.from({ length: count }, (_, i) => `${i + 1}/${count}`).filter((s) => !labels.includes(s));
}

export function mergeReports(reports: RunReport[], contract: ContractModel, out: string): RunReport {
  const failures = [...new Map(reports.flatMap((r) => r.failures).map((f) => [f.id, f])).values()];
  const missing = missingShards(reports);
  const rules = mergeRules(reports);
  const failed = reports.some((r) => r.verdict === 'failed') || missing.length > 0 || rules.failing.length > 0;
  return {
    ...reports[0],
    title: `Conformance (${reports.length} runs merged)`,
    verdict: failed ? 'failed' : 'passed',
    because: [
      ...reports.map((r) => `${r.shard ? `shard ${r.shard}` : r.reportDir}: ${r.verdict}; ${r.because.join('; ')}`),
      ...missing.map((s) => `shard ${s} is missing: its part was not run or not collected`),
      ...rules.unchecked,
    ],
    startedAt: reports.map((r) => r.startedAt).sort()[0],
    seconds: Math.max(...reports.map((r) => r.seconds)),
    counts: countByKind(failures),
    coverage: mergeCoverage(
      reports.map((r) => r.coverage),
      contract,
    ),
    failures,
    notes: reports.flatMap((r) => r.notes),
    reportDir: out,
    shard: undefined,
    rules: rules.rules,
  };
}

export async function runMerge(argv: readonly string[]): Promise<number> {
  const { dirs, out } = parseMergeArgs(argv);
  const reports = dirs.map((dir) => {
    if (!existsSync(path.join(dir, 'run-report.json')))
      throw new Error(`${dir} holds no run-report.json (a conformance run's report directory)`);
    return readRunReport(dir);
  });
  mkdirSync(out, { recursive: true });
  for (const file of JUNIT_FILES) {
    const parts = dirs
      .map((dir, i) => ({ dir, label: reports[i].shard ? `shard ${reports[i].shard}` : path.basename(dir) }))
      .filter(({ dir }) => existsSync(path.join(dir, file)))
      .map(({ dir, label }) => ({ name: `${label}: ${file}`, xml: readFileSync(path.join(dir, file), 'utf8') }));
    // An earlier merge's file in the same --out would pass for this one's: replaced or removed.
    if (parts.length) writeFileSync(path.join(out, file), mergeJUnit(parts));
    else rmSync(path.join(out, file), { force: true });
  }
  const merged = mergeReports(reports, ContractModel.load(), out);
  writeCoverage(out, merged.coverage, 'Conformance: coverage of the merged runs');
  const files = writeRunReport(out, merged);
  log(`${reports.length} report(s) merged into ${out}: ${merged.failures.length} failure(s); coverage: ${coverageLine(merged.coverage)}`);
  for (const line of merged.because) log(`  ${line}`);
  log(`${merged.verdict.toUpperCase()}; report: ${files.html}${files.summary ? `; summary appended to ${files.summary}` : ''}`);
  return merged.verdict === 'failed' ? 1 : 0;
}
