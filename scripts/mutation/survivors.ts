// After `npm run mutation`: the run's report for people, under reports/mutation/runs/ (not committed):
// the score per folder and per file, and every mutant left alive (survived, or reached by no test),
// with its place and change. Read from Stryker's JSON report when this run wrote one, else from the
// incremental file (a run that was stopped, its results kept there by keep.ts). docs/testing.md keeps
// only the current score per folder; the survivors of each run belong here.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IncrementalReport, ReportMutant } from './kept-results.js';

/** Statuses in the score: killed and timed out count as detected; survived and no coverage as not. */
const DETECTED = new Set(['Killed', 'Timeout']);
const ALIVE = new Set(['Survived', 'NoCoverage']);

export interface Score {
  place: string;
  detected: number;
  alive: number;
  /** detected / (detected + alive), in percent; undefined with no valid mutant. */
  score?: number;
}

export function scoreOf(place: string, mutants: readonly ReportMutant[]): Score {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const alive = mutants.filter((m) => ALIVE.has(m.status)).length;
  const total = detected + alive;
  return { place, detected, alive, score: total ? (100 * detected) / total : undefined };
}

/** The files of `report` under each folder (a file of its own counts as its folder), scored. */
export function folderScores(report: IncrementalReport, folders: readonly string[]): Score[] {
  return folders.map((folder) => {
    const place = folder.replace(/:[\d:-]+$/, '');
    const files = Object.entries(report.files).filter(([file]) => file === place || file.startsWith(`${place}/`));
    return scoreOf(
      folder,
      files.flatMap(([, f]) => f.mutants),
    );
  });
}

const percent = (s: Score) => (s.score === undefined ? 'n/a' : `${s.score.toFixed(1)}%`);

/** The markdown of one run: scores per folder and file, then each mutant left alive. */
export function survivorsMarkdown(report: IncrementalReport, folders: readonly string[], when: Date, source: string): string {
  const lines = [
    `# Mutation run of ${when.toISOString()}`,
    '',
    `Read from ${source}. Score: killed and timed out / all valid mutants.`,
    '',
  ];
  lines.push('| folder | score | detected | alive |', '| --- | ---: | ---: | ---: |');
  for (const s of folderScores(report, folders)) lines.push(`| ${s.place} | ${percent(s)} | ${s.detected} | ${s.alive} |`);
  const chosen = new Set(folders.map((f) => f.replace(/:[\d:-]+$/, '')));
  const files = Object.entries(report.files)
    .filter(([file]) => [...chosen].some((c) => file === c || file.startsWith(`${c}/`)))
    .sort(([a], [b]) => a.localeCompare(b));
  lines.push('', '## Per file', '', '| file | score | alive |', '| --- | ---: | ---: |');
  for (const [file, f] of files) {
    const s = scoreOf(file, f.mutants);
    lines.push(`| ${file} | ${percent(s)} | ${s.alive} |`);
  }
  lines.push('', '## Left alive', '');
  for (const [file, f] of files) {
    for (const m of f.mutants.filter((x) => ALIVE.has(x.status))) {
      const change = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
      lines.push(`- ${file}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}: \`${change}\``);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A run's results: Stryker's JSON report when this run finished and wrote one, else the incremental file (a stopped run's results, kept). */
export interface RunReport {
  report: IncrementalReport;
  /** The file read, a repository path. */
  source: string;
  /** Whether the run finished (its own JSON report), so its scores are whole. */
  finished: boolean;
}

/** The results of the run that started at `startedAt`, or undefined when there are none. */
export function readRunReport(root: string, startedAt: number, incrementalFile: string): RunReport | undefined {
  const json = path.join(root, 'reports', 'mutation', 'mutation.json');
  const finished = existsSync(json) && statSync(json).mtimeMs >= startedAt;
  const file = finished ? json : path.join(root, incrementalFile);
  if (!existsSync(file)) return undefined;
  return { report: JSON.parse(readFileSync(file, 'utf8')) as IncrementalReport, source: path.relative(root, file), finished };
}

/** Writes reports/mutation/runs/<time>-survivors.md for the run that started at `startedAt`; returns its path. */
export function writeSurvivors(root: string, startedAt: number, folders: readonly string[], run: RunReport): string {
  const when = new Date(startedAt);
  const out = path.join(root, 'reports', 'mutation', 'runs', `${when.toISOString().replace(/[:.]/g, '-')}-survivors.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, survivorsMarkdown(run.report, folders, when, run.source));
  return out;
}
