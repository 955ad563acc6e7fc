// StrykerJS (`npm run mutation`, see docs/testing.md): plants one small bug at a time in the folders
// below and runs the vitest tests that reach that file; a bug no test notices is a surviving mutant.
// Not part of `npm test`: a full run takes hours on two cores.
export const FOLDERS = [
  'client/middleware',
  'lib/contract',
  'mock/pipeline',
  'qa/checker',
  'mock/state',
  'scripts/diff',
  'mock/control',
  'qa/proxy',
];

// Files of those folders that never run in the test process, so no mutant there can be killed
// under Stryker; each is tested where it runs (the tier named).
export const NOT_MUTATED = {
  // The proxy command's entry: arguments, --help, signals and exit codes of its own process
  // (process tier: tests/qa/cli-help.test.ts, proxy-settings.test.ts).
  'qa/proxy/main.ts': 'a process entry',
  'qa/proxy/bin.ts': 'a process entry',
  // The browser build's console page, a chunk loaded when it is opened (packages tier:
  // tests/packages/browser-build.test.ts).
  'mock/control/console-page.browser.ts': 'the browser build only',
  'mock/control/console-text.ts': 'the browser build only',
};

// `npm run mutation -- mock/state` (scripts/mutation.ts) passes the chosen folders (or files) here.
const chosen = process.env.MUTATION_FOLDERS ? process.env.MUTATION_FOLDERS.split(',') : FOLDERS;
// A file may carry a line range, as Stryker reads it: mock/state/machines.ts:96-135.
const pattern = (place) => (/\.ts(:[\d:-]+)?$/.test(place) ? place : `${place}/**/*.ts`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The suites that run in process (tests/mutation/vitest.config.ts says which are left out, and why);
  // `related` runs only the test files that import the mutated file.
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: true },
  mutate: [...chosen.map(pattern), ...Object.keys(NOT_MUTATED).map((file) => `!${file}`)],
  // Each mutant runs only the tests that executed its code in the first, unmutated run.
  coverageAnalysis: 'perTest',
  // A re-run tests only the mutants whose code or tests changed. The file is a cache (.cache/ is
  // ignored): each run's scores and survivors are in reports/mutation/runs/ (scripts/mutation/survivors.ts).
  incremental: true,
  incrementalFile: '.cache/stryker-incremental.json',
  // event-recorder writes each mutant's result as it comes (reports/mutation/events/): a run that is
  // stopped keeps what it tested (scripts/mutation/keep.ts merges it into the incremental file).
  reporters: ['clear-text', 'progress', 'html', 'json', 'event-recorder'],
  eventReporter: { baseDir: 'reports/mutation/events' },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/mutation/.stryker-tmp',
  // reports/ (earlier reports, the recorded events) is not copied into Stryker's sandbox.
  ignorePatterns: ['dist', '.cache', '.venv', '.schemathesis', 'releases/*/node_modules', 'reports'],
  // One test process: the machine is shared. Raise it (`npm run mutation -- --concurrency 4`) on a machine of your own.
  concurrency: 1,
  // A mutant in code that runs only while a mock starts (a constructor, a module's top level, a
  // suite's beforeAll) is "static": testing it takes every test with a fresh module load, hours for
  // mock/. Those are left out (status Ignored, not in the score; docs/testing.md); a mutant reached
  // both there and by a test is tested with the tests that reach it.
  ignoreStatic: true,
  // A busy machine makes tests slow; a mutant counts as a timeout only well past its normal time.
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 85, low: 70, break: null },
};
