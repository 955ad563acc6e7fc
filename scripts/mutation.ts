// `npm run mutation [-- <folder or file>... --stryker-option value]`: StrykerJS over the folders
// of stryker.config.mjs, or only the named ones (`npm run mutation -- mock/state`, or one file:
// `npm run mutation -- qa/checker/coverage.ts`, or part of one: `mock/state/machines.ts:96-135`). Arguments that
// start with `--` go to `stryker run` unchanged (e.g. `--concurrency 4`, `--force`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { onStopSignal } from '../lib/stop-signals.js';
import { keepStoppedRun } from './mutation/keep.js';
import { toolVersions, writeScoreTable } from './mutation/score-table.js';
import { folderScores, readRunReport, writeSurvivors } from './mutation/survivors.js';

const root = path.resolve(import.meta.dirname, '..');
// A bare `--` (as in `npm run mutation -- -- --force`) separates nothing here: dropped.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const folders = (firstOption < 0 ? args : args.slice(0, firstOption)).map((folder) => folder.replace(/\/+$/, ''));
const options = firstOption < 0 ? [] : args.slice(firstOption);

// A file may carry a line range (`mock/state/machines.ts:96-135`), as Stryker's `mutate` reads it.
const missing = folders.filter((folder) => !existsSync(path.join(root, folder.replace(/:[\d:-]+$/, ''))));
if (missing.length > 0) {
  console.error(`mutation: no such folder or file: ${missing.join(', ')}`);
  process.exit(2);
}

const env = folders.length > 0 ? { ...process.env, MUTATION_FOLDERS: folders.join(',') } : process.env;
const stryker = spawn(
  process.execPath,
  [path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run', 'stryker.config.mjs', ...options],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
// Stryker cleans up its test processes on SIGTERM/SIGINT; pass the signal on. A run that did not
// finish still keeps the mutants it tested (scripts/mutation/keep.ts); the run's scores and the
// mutants left alive go to reports/mutation/runs/ (scripts/mutation/survivors.ts); then exit with
// Stryker's code.
const started = Date.now();
onStopSignal((signal) => stryker.kill(signal));
stryker.on('exit', async (code, signal) => {
  await keepStoppedRun(root, started);
  const config = await import(pathToFileURL(path.join(root, 'stryker.config.mjs')).href);
  const run = readRunReport(root, started, config.default.incrementalFile);
  if (run) {
    const measured = folders.length ? folders : config.FOLDERS;
    const written = writeSurvivors(root, started, measured, run);
    console.log(`mutation: scores and the mutants left alive: ${path.relative(root, written)}`);
    // Only a finished run's scores are whole; a stopped run's go to its report alone.
    if (run.finished && writeScoreTable(root, folderScores(run.report, measured), config.FOLDERS, toolVersions(root))) {
      console.log('mutation: the score table in docs/testing.md has the folders measured whole');
    }
  }
  process.exit(code ?? (signal ? 1 : 0));
});
