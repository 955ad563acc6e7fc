// Which test files need a module graph of their own where files share one (the unit tier,
// tests/support/module-graph.ts; the mutation run, tests/mutation/shared-modules.ts): a file that
// mocks a module (`vi.mock`, hoisted above its imports: the mock must be in place before the modules
// that import the mocked one load) or puts a DOM on globalThis (Vitest's `builtinEnvironments`: the
// DOM libraries, React Query among them, decide once when they load whether a DOM is there).
import { readFileSync } from 'node:fs';

export function needsOwnGraph(testFile: string): boolean {
  return testFile !== '' && /\bvi\.mock\(|\bbuiltinEnvironments\b/.test(readFileSync(testFile, 'utf8'));
}
