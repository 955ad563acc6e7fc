// Four tiers, one Vitest project each (tests/tiers.ts says which file is in which, and why):
//   npx vitest run --project unit --project unit-dom
//                                       in process, files in parallel in shared module graphs, the few
//                                       with a DOM of their own each in its own worker (`npm run test:unit`)
//   npx vitest run --project process    real mock, proxy and QA processes, two files at a time
//   npx vitest run --project browser    headless Chromium, one file at a time
//   npx vitest run --project packages   the packed tarballs in one shared consumer project
// `npx vitest run` runs all four, in that order (sequence.groupOrder); `npm test` runs each as a step.
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BROWSER_FILES, OWN_WORKER_FILES, PACKAGES_GLOB, PROCESS_FILES } from './tests/tiers.js';

const ALL = 'tests/**/*.test.ts';
// The in-process files share the machine's cores. The process files mostly wait on the processes they
// start (each on free ports, with accounts of its own), so two run at once; the browser and packages
// files run one at a time.
const cores = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    // Every test must assert something (expect.hasAssertions() before each).
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [ALL],
          exclude: [...PROCESS_FILES, ...BROWSER_FILES, ...OWN_WORKER_FILES, PACKAGES_GLOB, '**/node_modules/**'],
          maxWorkers: cores,
          // One module graph a worker, not a file (tests/support/module-graph.ts: files that mock a module get their own).
          isolate: false,
          setupFiles: ['tests/support/module-graph.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      // The unit tier's files with a DOM of their own (tests/tiers.ts: OWN_WORKER_FILES), a worker each.
      { extends: true, test: { name: 'unit-dom', include: OWN_WORKER_FILES, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'process', include: PROCESS_FILES, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'browser', include: BROWSER_FILES, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      {
        extends: true,
        test: {
          name: 'packages',
          include: [PACKAGES_GLOB],
          // Packs the tarballs and installs the one consumer project every file of the tier shares.
          globalSetup: ['tests/packages/global-setup.ts'],
          hookTimeout: 900_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
