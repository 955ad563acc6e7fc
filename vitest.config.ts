import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration suites start real processes on fixed ports; run files one at a time.
    fileParallelism: false,
    reporters: ['default'],
  },
});
