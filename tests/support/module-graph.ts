// A setup file of the unit tier, which runs its files in shared module graphs (`isolate: false` in
// vitest.config.ts: the contract, Prism and the mock are loaded once a worker, not once a file,
// which halves the tier's time). A file that mocks a module or puts a DOM on globalThis gets a graph of
// its own (tests/support/own-graph.ts says why), and so does the file after it.
import { expect, vi } from 'vitest';
import { needsOwnGraph } from './own-graph.js';

const ownGraph = needsOwnGraph(expect.getState().testPath ?? '');
const shared = globalThis as { afterOwnGraph?: boolean };
if (ownGraph || shared.afterOwnGraph) vi.resetModules();
shared.afterOwnGraph = ownGraph;
