// `npm test`: every check the repository has, in order, then one closing line CI can read:
//   tests: N passed, N failed, N skipped
// The vitest suites run tier by tier (tests/tiers.ts): unit, process, browser, packages, one step each;
// where a step leaves cores idle, another runs beside it (scripts/lib/step-runner.ts): the static
// checks beside the unit tier, and the browser and packages tiers beside the process tier and the
// conformance run.
// `npm run test:fast` (`-- --fast`) runs the quick checks only: the freshness of generated/ by its
// input hash, the type check, Biome, and the unit tier; about two minutes, the same closing line.
// Counted: lint, freshness of generated/ and the type check (one test each), every vitest test, and
// every test case of the conformance JUnit reports (one per operation, per phase where a phase
// writes its own). A step that crashes before reporting counts as one failure. Every step runs even
// after a failure, so one run shows every problem; the exit code is non-zero if anything failed.
// First: one clear line on an unsupported Node (lib/node-support.ts).
import '../lib/node-support.js';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from './lib/project.js';
import { onStopSignal } from '../lib/stop-signals.js';
import { runStages, seconds, type Stage, type Step, type StepResult, stopSteps, stoppedBy, totalOf } from './lib/step-runner.js';
import { add, countJUnit, countVitest, NONE, type Count } from './lib/test-count.js';
import { changedBetween, treeState } from './lib/tree-state.js';
import { TIER_PROJECTS, TIERS, type Tier } from '../tests/tiers.js';

const FAST = process.argv.includes('--fast');
const REPORTS = path.join(ROOT, 'reports', FAST ? 'test-fast' : 'test');
const CONFORMANCE_DIR = path.join(REPORTS, 'conformance');

/** One tier of the vitest suites (a Vitest project), counted from its JSON report. */
function vitestTier(tier: Tier, what: string): Step {
  const json = path.join(REPORTS, `vitest-${tier}.json`);
  return {
    name: `vitest, ${tier} tier (${what})`,
    command: BIN('vitest'),
    args: [
      'run',
      ...TIER_PROJECTS[tier].flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    count: () => (existsSync(json) ? countVitest(JSON.parse(readFileSync(json, 'utf8'))) : undefined),
  };
}

/** Test cases of every JUnit file in the conformance report directory. */
function junitCount(): Count | undefined {
  if (!existsSync(CONFORMANCE_DIR)) return undefined;
  const files = readdirSync(CONFORMANCE_DIR).filter((f) => f.endsWith('.xml'));
  if (!files.length) return undefined;
  return files.map((f) => countJUnit(readFileSync(path.join(CONFORMANCE_DIR, f), 'utf8'))).reduce(add, NONE);
}

const TIER_STEPS = {
  unit: vitestTier('unit', 'in process, files in parallel'),
  process: vitestTier('process', 'the mock, the proxy and the QA tools as processes'),
  browser: vitestTier('browser', 'headless Chromium'),
  packages: vitestTier('packages', 'the packed tarballs in one consumer project'),
} satisfies Record<Tier, Step>;

/** `npm run test:fast`: what a change is checked with while working. */
const FAST_STEPS: Step[] = [
  { name: 'generated/ is fresh (input hash)', command: 'npm', args: ['run', '--silent', 'check:fresh'] },
  { name: 'type check (tsc)', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'Biome (formatting and lint of the code)', command: BIN('biome'), args: ['ci', '--colors=off', '--error-on-warnings', '.'] },
  TIER_STEPS.unit,
];

const FRESH: Step = { name: 'generated/ is fresh', command: 'npm', args: ['run', '--silent', 'check:generated'] };
const LINT: Step = { name: 'lint (Redocly, extension schemas, Spectral, Biome)', command: 'npm', args: ['run', '--silent', 'lint'] };
const GATE: Step = {
  name: 'contract changes against the last release (npm run diff -- --gate)',
  command: 'npm',
  args: ['run', '--silent', 'diff', '--', '--gate'],
};
const TYPES: Step = { name: 'type check (tsc)', command: 'npm', args: ['run', '--silent', 'typecheck'] };
const CONFORMANCE: Step = {
  name: 'conformance against the local mock (Schemathesis, lifecycle flows)',
  command: BIN('tsx'),
  args: [path.join(ROOT, 'qa', 'conformance', 'run.ts')],
  // 30 generated cases per operation and phase (Schemathesis's default, which `npm run conformance`
  // keeps, is 100: three quarters of this step's time went to the fuzzing phase); the process tier's
  // conformance suites fuzz the mock further with their own seeds.
  env: { CONFORMANCE_ALLOW_CHARGES: '1', CONFORMANCE_REPORT_DIR: CONFORMANCE_DIR, CONFORMANCE_MAX_EXAMPLES: '30' },
  count: junitCount,
};

const ALL_STAGES: Stage[] = [
  // Freshness first and alone: nothing before it may build, so it judges the committed tree.
  FRESH,
  { lanes: [[TIER_STEPS.unit], [LINT, GATE, TYPES]] },
  // The process tier keeps both cores busy most of the time; the browser tier mostly waits (on
  // Chromium and the mock), and the packages tier on npm and the builds it starts: they fill the
  // gaps beside it. The conformance run follows the process tier, which takes the longer.
  {
    lanes: [
      [TIER_STEPS.process, CONFORMANCE],
      [TIER_STEPS.browser, TIER_STEPS.packages],
    ],
  },
];

// Every tier is a step of the full run (a tier added to tests/tiers.ts must be placed above).
const listed = ALL_STAGES.flatMap((stage) => ('lanes' in stage ? stage.lanes.flat() : [stage]));
const unplaced = TIERS.filter((tier) => !listed.includes(TIER_STEPS[tier]));
if (unplaced.length) throw new Error(`scripts/test.ts: the tiers ${unplaced.join(', ')} are in no stage of npm test`);

const stages: Stage[] = FAST ? FAST_STEPS : ALL_STAGES;

const TREE_STEP: Step = { name: 'the run left the work tree as it found it (git status)', command: 'git', args: ['status'] };

/** The last step: a run that wrote a tracked or unignored file hides a broken tree, so it fails, naming them. */
function treeUnchanged(before: ReturnType<typeof treeState>) {
  console.log(`\n[test] step: ${TREE_STEP.name}`);
  const after = treeState(ROOT);
  const changed = before && after ? changedBetween(before, after) : [];
  if (!before || !after) console.log('test: not a git work tree, nothing to compare');
  else if (changed.length) console.error(`test: this run changed or left files git sees:\n  ${changed.join('\n  ')}`);
  else console.log('test: git status is as it was before the run');
  const count = changed.length ? { passed: 0, failed: 1, skipped: 0 } : { passed: 1, failed: 0, skipped: 0 };
  return { step: TREE_STEP, code: changed.length ? 1 : 0, count, ms: 0 };
}

/** The summary, the reports' place and the closing line; the exit code. */
function conclude(results: StepResult[], started: number): number {
  const total = totalOf(results);
  console.log('\n[test] summary:');
  for (const r of results) {
    const mark = r.count.failed ? 'FAIL' : 'ok  ';
    console.log(
      `${mark} ${r.step.name}: ${r.count.passed} passed, ${r.count.failed} failed, ${r.count.skipped} skipped (${seconds(r.ms)})`,
    );
  }
  const signal = stoppedBy();
  if (signal) console.log(`test: stopped by ${signal}; the steps not run are not counted`);
  console.log(`reports: ${path.relative(ROOT, REPORTS)}/ (vitest-<tier>.json${FAST ? '' : ', conformance/*.xml'})`);
  console.log(`wall time: ${seconds(Date.now() - started)}`);
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (signal) return signal === 'SIGINT' ? 130 : 143;
  return total.failed ? 1 : 0;
}

async function main(): Promise<number> {
  const started = Date.now();
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const before = treeState(ROOT);
  onStopSignal(stopSteps);
  const results = await runStages(ROOT, stages);
  if (!stoppedBy()) results.push(treeUnchanged(before));
  return conclude(results, started);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('tests: 0 passed, 1 failed, 0 skipped');
    process.exit(1);
  },
);
