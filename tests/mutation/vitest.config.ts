// The vitest configuration StrykerJS runs (stryker.config.mjs): the suites of vitest.config.ts that
// run the code in this process. Stryker switches a mutant on inside the test process only, and
// learns which tests reach which mutant from that process only; code run by a child process (the
// mock started as `npm start`, the proxy, a packed tarball, Chromium) is always the unmutated code
// there, so those suites could never kill a mutant and would only make every run slower.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Suites left out, with why. */
const notInProcess = {
  // The real mock process (tests/mock-harness.ts useMock/startMock): mutants in mock/ stay off there.
  mockProcess: [
    'tests/mock-console.test.ts',
    'tests/mock-control*.test.ts',
    'tests/mock-flows.test.ts',
    'tests/mock-hardening-*.test.ts',
    'tests/mock-prefer.test.ts',
    'tests/mock-rules.test.ts',
    'tests/mock-source-rules.test.ts',
    'tests/mock-state.test.ts',
    'tests/mock-uploads.test.ts',
    'tests/client-flows.test.ts',
    'tests/docs-try-it.test.ts',
  ],
  // The proxy, Schemathesis and the conformance runner as processes.
  qaProcesses: ['tests/proxy.test.ts', 'tests/proxy-hardening.test.ts', 'tests/conformance-*.test.ts'],
  // Packed tarballs in a consumer project, the compiler, npm scripts and Chromium: minutes each,
  // and they run compiled copies, not the sandbox's sources.
  builds: [
    'tests/packages.test.ts',
    'tests/client-package.test.ts',
    'tests/client-types.test.ts',
    'tests/bench-soak.test.ts',
    'tests/contract-house-rules.test.ts',
    'tests/docs.test.ts',
  ],
};

export default defineConfig({
  root,
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...Object.values(notInProcess).flat()],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default'],
  },
});
