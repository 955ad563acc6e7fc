import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Every test must assert something (expect.hasAssertions() before each).
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration suites start real processes (mocks, browsers, Schemathesis); one file at a time.
    fileParallelism: false,
    reporters: ['default'],
  },
});
