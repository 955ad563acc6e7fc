// The vitest configuration StrykerJS runs (stryker.config.mjs). Stryker switches a mutant on inside
// the test process only, and learns which tests reach which mutant from that process only; code run
// by a child process is always the unmutated code. So here the mock that the suites start with
// mock/launch.ts runs in the test process (tests/mutation/launch-in-process.ts, same settings, a real
// port), and the suites that need other processes are left out, each group with its reason.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { FastFirstSequencer } from './fast-first.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TESTS = path.join(root, 'tests');
/** The module a suite imports, and what it gets instead under Stryker. */
const IN_PROCESS: Record<string, string> = {
  [path.join(root, 'mock', 'launch.js')]: fileURLToPath(new URL('./launch-in-process.ts', import.meta.url)),
  [path.join(TESTS, 'support', 'proxy-process.js')]: fileURLToPath(new URL('./proxy-in-process.ts', import.meta.url)),
};

/** Suites left out, with why. */
const leftOut = {
  // SIGTERM to the mock's process and its exit code: an in-process mock has no process of its own.
  // How its sockets behave (a body drained before the 413, then the connection closed) needs the
  // client and the mock in different processes: in one, they share an event loop and the order changes.
  mockProcess: ['tests/mock/hardening-shutdown.test.ts', 'tests/mock/hardening-sockets.test.ts'],
  // Schemathesis and the conformance runner run as processes. (The proxy's suites run here: the
  // proxy they start runs in the test process, tests/mutation/proxy-in-process.ts.)
  qaProcesses: [
    // The proxy's own process: its exit code on bad settings, its memory (RSS) while it streams.
    'tests/qa/proxy-settings.test.ts',
    'tests/qa/proxy-stream.test.ts',
    'tests/qa/conformance-*.test.ts',
    // The conformance runner's own launcher (qa/conformance/local-mock.ts) starts the mock as a
    // process for these: the stated rules and their faults, the summaries, the seeding, the report.
    'tests/qa/stated-rules.test.ts',
    'tests/qa/stated-rules-faults.test.ts',
    'tests/qa/summary.test.ts',
    'tests/qa/seed.test.ts',
    'tests/qa/report.test.ts',
    // Conformance shards, replay and the recorded scenario run the runner's and the proxy's commands.
    'tests/qa/shards.test.ts',
    'tests/qa/replay.test.ts',
    'tests/qa/record.test.ts',
  ],
  // Packed tarballs in a consumer project, the TypeScript compiler, Spectral and Chromium: minutes
  // each, and they run compiled copies or other programs, not the sandbox's sources.
  builds: [
    // The packages tier, all of it: the packed tarballs in a consumer project its global setup
    // installs (the READMEs' blocks, the samples, Storybook, Playwright, the MCP server under the SDK
    // and the Inspector, the generators, Scalar's samples, the panel, a create-vite app).
    'tests/packages/**/*.test.ts',
    'tests/client/types.test.ts',
    'tests/repo/bench-soak.test.ts',
    'tests/contract/house-rules.test.ts',
    'tests/docs/reference.test.ts',
    'tests/docs/try-it.test.ts',
    'tests/mock/console.test.ts',
    'tests/mock/hardening-control.test.ts',
    // openapi-diff runs in Java.
    'tests/diff/openapi-diff-real.test.ts',
  ],
  // A DOM on globalThis: React Query decides once, when Node first loads it in a worker, whether a
  // DOM is there, and this run's one worker loads it for every file (the unit tier gives these files
  // a worker each). client/ is measured without them: tests/client/*.test.ts in process.
  ownWorker: ['tests/client/react-query.test.ts', 'tests/client/ui-states.test.ts'],
  // The browser build's byte budget: bundled from Stryker's instrumented sources (every mutant
  // inlined), the build is over the budget whatever is mutated, so the first, unmutated run fails.
  bundleSize: ['tests/packages/browser-build.test.ts'],
  // The exactness check of scripts/diff/compared-parts.ts diffs a sample of the corpus a second time with
  // the whole documents (api-smart-diff: about 0.35 s a case), so it would reach every mutant of
  // scripts/diff at that price. compared-parts.ts's mutants are still reached by the corpus cases.
  slowTwin: ['tests/diff/compared-parts.test.ts'],
};

export default defineConfig({
  root,
  // The suites' `import ... from '../../mock/launch.js'` gets the in-process mock, and their
  // `import ... from '../support/proxy-process.js'` the in-process proxy: only imports made by the
  // test files and their support (tests/, not tests/mutation/), decided by the file they resolve to.
  plugins: [
    {
      name: 'in-process-mock-and-proxy',
      enforce: 'pre',
      resolveId(source: string, importer: string | undefined) {
        if (!importer || !source.startsWith('.')) return null;
        if (!importer.startsWith(TESTS) || importer.startsWith(path.join(TESTS, 'mutation'))) return null;
        return IN_PROCESS[path.resolve(path.dirname(importer), source)] ?? null;
      },
    },
  ],
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...Object.values(leftOut).flat()],
    // One module graph per mutant's run, not per test file (tests/mutation/shared-modules.ts says why).
    setupFiles: ['tests/mutation/shared-modules.ts', 'tests/support/setup.ts'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Quick files first: a mutant's run stops at its first failing test (fast-first.ts).
    sequence: { sequencer: FastFirstSequencer },
    reporters: ['default'],
  },
});
