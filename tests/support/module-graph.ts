// A setup file of the unit tier, which runs its files in shared module graphs (`isolate: false` in
// vitest.config.ts: the contract, Prism and the mock are loaded once a worker, not once a file,
// which halves the tier's time). A file that mocks a module (`vi.mock`, hoisted above its imports)
// or puts a DOM on globalThis (Vitest's `builtinEnvironments`) gets a graph of its own: its mock must
// be in place before the modules that import the mocked one load, the DOM libraries must bind to its
// DOM, and neither may reach the next file, which starts a graph of its own too.
import { readFileSync } from 'node:fs';
import { expect, vi } from 'vitest';

const testFile = expect.getState().testPath ?? '';
const ownGraph = testFile !== '' && /\bvi\.mock\(|\bbuiltinEnvironments\b/.test(readFileSync(testFile, 'utf8'));
const shared = globalThis as { afterOwnGraph?: boolean };
if (ownGraph || shared.afterOwnGraph) vi.resetModules();
shared.afterOwnGraph = ownGraph;
