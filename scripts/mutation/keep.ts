// After `npm run mutation` ends: if Stryker stopped before writing its incremental file, the
// mutants it tested are merged into that file (kept-results.ts), and the user is told so.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type IncrementalReport, mergeReports, stoppedRunReport } from './kept-results.js';

interface StrykerPaths {
  incrementalFile: string;
  eventReporter: { baseDir: string };
}

/** Merges what a stopped run tested into the incremental file; quiet when the run finished. */
export async function keepStoppedRun(root: string, startedAt: number): Promise<void> {
  const config = (await import(pathToFileURL(path.join(root, 'stryker.config.mjs')).href)).default as StrykerPaths;
  const eventsDir = path.join(root, config.eventReporter.baseDir);
  // Events of an earlier run (left when this one was stopped before Stryker cleaned the folder) are not this run's.
  if (!existsSync(eventsDir) || statSync(eventsDir).mtimeMs < startedAt) return;
  const partial = stoppedRunReport(eventsDir, root);
  if (!partial) return;
  const file = path.join(root, config.incrementalFile);
  const base: IncrementalReport = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { files: {}, testFiles: {} };
  writeFileSync(file, `${JSON.stringify(mergeReports(base, partial), null, 2)}\n`);
  const kept = Object.values(partial.files).reduce((sum, f) => sum + f.mutants.length, 0);
  console.error(
    `mutation: stopped before the end; the results of ${kept} mutant(s) in ${Object.keys(partial.files).length} file(s) are kept in ${config.incrementalFile}, so the next run tests only the rest.`,
  );
}
