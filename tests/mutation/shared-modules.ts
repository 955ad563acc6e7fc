// A setup file of the mutation configuration only (tests/mutation/vitest.config.ts runs with
// `isolate: false`). Each mutant's run imports the test files that reach it; in separate module
// graphs that meant loading the contract, Prism and the mock again for every file (about 2 s a file,
// a minute for a mutant reached by 30 files). Here the files of one run share one graph, and the
// graph is dropped when a run for another mutant (or the first, unmutated run) starts: nothing a
// module computed while one mutant was active (a cache, compiled validators) reaches another's run.
// A file that mocks a module or puts a DOM on globalThis gets a graph of its own (tests/support/own-graph.ts),
// and so does the file after it.
import { expect, inject, vi } from 'vitest';
import { needsOwnGraph } from '../support/own-graph.js';

declare module 'vitest' {
  // What Stryker's vitest runner provides to its test processes.
  export interface ProvidedContext {
    mode?: 'dry-run' | 'mutant';
    activeMutant?: string;
  }
}

const mocks = needsOwnGraph(expect.getState().testPath ?? '');
const run = `${inject('mode')}:${inject('activeMutant')}`;
const shared = globalThis as { strykerModuleRun?: string };
if (mocks || shared.strykerModuleRun !== run) vi.resetModules();
// After such a file, the next file starts a graph of its own too.
shared.strykerModuleRun = mocks ? undefined : run;
