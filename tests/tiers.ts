// The test tiers (vitest.config.ts makes one Vitest project of each; docs/testing.md says where a new
// test goes). A file is in the unit tier unless it is named here or lives in tests/packages/:
//   unit      in the test's own process (the contract model, the diff rules, the checker, the mock's
//             state and pipeline in process, the client's middleware): files run in parallel;
//   process   starts other processes (the real mock, the proxy, the conformance runner, tsc,
//             Spectral, `npm run diff`) on free ports: two files at a time;
//   browser   headless Chromium: one file at a time;
//   packages  the packed tarballs in one consumer project installed once per run
//             (tests/packages/global-setup.ts): one file at a time.
// tests/repo/tiers.test.ts fails when a file of the unit tier starts a process or a browser.

export const TIERS = ['unit', 'process', 'browser', 'packages'] as const;
export type Tier = (typeof TIERS)[number];

/** Files that start processes (and no browser). */
export const PROCESS_FILES = [
  'tests/docs/llms.test.ts',
  'tests/docs/mcp-assistant.test.ts',
  'tests/docs/mcp-secrets.test.ts',
  'tests/client/flows.test.ts',
  'tests/client/types.test.ts',
  'tests/contract/freshness-hash.test.ts',
  'tests/contract/house-rules.test.ts',
  'tests/diff/corpus-extensions.test.ts',
  'tests/diff/corpus.test.ts',
  'tests/diff/diff.test.ts',
  'tests/diff/openapi-diff-real.test.ts',
  'tests/mock/control-frontend.test.ts',
  'tests/mock/control-safety.test.ts',
  'tests/mock/control-start.test.ts',
  'tests/mock/control.test.ts',
  'tests/mock/flows.test.ts',
  'tests/mock/fuzz-http.test.ts',
  'tests/mock/hardening-bounds.test.ts',
  'tests/mock/hardening-control-input.test.ts',
  'tests/mock/hardening-input.test.ts',
  'tests/mock/hardening-limits.test.ts',
  'tests/mock/hardening-shutdown.test.ts',
  'tests/mock/hardening-sockets.test.ts',
  'tests/mock/hardening-state-bytes.test.ts',
  'tests/mock/pipeline-answers.test.ts',
  'tests/mock/prefer.test.ts',
  'tests/mock/rules.test.ts',
  'tests/mock/source-rules.test.ts',
  'tests/mock/state.test.ts',
  'tests/mock/uploads.test.ts',
  'tests/qa/cli-help.test.ts',
  'tests/qa/conformance-flows-429.test.ts',
  'tests/qa/conformance-arazzo-respect.test.ts',
  'tests/qa/conformance-faults.test.ts',
  'tests/qa/conformance-flows.test.ts',
  'tests/qa/conformance-safety.test.ts',
  'tests/qa/conformance-signals.test.ts',
  'tests/qa/conformance-tokens.test.ts',
  'tests/qa/conformance-variations.test.ts',
  'tests/qa/proxy-front-server.test.ts',
  'tests/qa/proxy-hardening.test.ts',
  'tests/qa/proxy-settings.test.ts',
  'tests/qa/proxy-stream.test.ts',
  'tests/qa/proxy.test.ts',
  'tests/qa/record.test.ts',
  'tests/qa/refunds.test.ts',
  'tests/qa/replay.test.ts',
  'tests/qa/seed.test.ts',
  'tests/qa/shards.test.ts',
  'tests/qa/stated-rules-faults.test.ts',
  'tests/qa/stated-rules.test.ts',
  'tests/qa/summary.test.ts',
  'tests/repo/bench-soak.test.ts',
  'tests/repo/node-support.test.ts',
  'tests/repo/step-runner.test.ts',
  'tests/repo/temp-dirs.test.ts',
  'tests/repo/test-matrix.test.ts',
];

/** Files that open headless Chromium (most start the mock's process too). */
export const BROWSER_FILES = [
  'tests/docs/diagrams.test.ts',
  'tests/docs/reference.test.ts',
  'tests/docs/try-it-send.test.ts',
  'tests/docs/try-it-start-mock.test.ts',
  'tests/docs/try-it.test.ts',
  'tests/mock/console.test.ts',
  'tests/mock/hardening-control.test.ts',
  'tests/mock/hardening-host.test.ts',
  'tests/mock/hardening-multipart.test.ts',
  'tests/qa/report.test.ts',
];

/**
 * Files of the unit tier that run each in a worker of its own (Vitest project `unit-dom`, beside
 * `unit`): they put a DOM on globalThis, and React Query decides once, when Node first loads it in a
 * worker, whether a DOM is there; Node keeps a loaded package for the worker's life, beyond the
 * reach of Vitest's module reset. In a shared worker after a file that loaded it without a DOM,
 * their queries never poll. tests/repo/tiers.test.ts holds every such file to this list.
 */
export const OWN_WORKER_FILES = ['tests/client/react-query.test.ts', 'tests/client/ui-states.test.ts'];

/** The Vitest projects of each tier (`npx vitest run --project unit --project unit-dom` is the unit tier). */
export const TIER_PROJECTS: Record<Tier, string[]> = {
  unit: ['unit', 'unit-dom'],
  process: ['process'],
  browser: ['browser'],
  packages: ['packages'],
};

/** The packages tier: every file of tests/packages/. */
export const PACKAGES_GLOB = 'tests/packages/**/*.test.ts';
