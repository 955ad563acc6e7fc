// `npm test`: every check the repository has, in order, then one closing line CI can read:
//   tests: N passed, N failed, N skipped
// Counted: lint, freshness of generated/ and the type check (one test each), every vitest test, and
// every test case of the conformance JUnit reports (one per operation, per phase where a phase
// writes its own). A step that crashes before reporting counts as one failure. Every step runs even
// after a failure, so one run shows every problem; the exit code is non-zero if anything failed.
// First: one clear line on an unsupported Node (lib/node-support.ts).
import '../lib/node-support.js';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from './lib/project.js';
import { add, countJUnit, countVitest, NONE, type Count } from './lib/test-count.js';
import { changedBetween, treeState } from './lib/tree-state.js';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads what the step ran; absent: the step is one test that passes when it exits 0. */
  count?: (exitCode: number) => Count | undefined;
}

const REPORTS = path.join(ROOT, 'reports', 'test');
const VITEST_JSON = path.join(REPORTS, 'vitest.json');
const CONFORMANCE_DIR = path.join(REPORTS, 'conformance');

function vitestCount(): Count | undefined {
  return existsSync(VITEST_JSON) ? countVitest(JSON.parse(readFileSync(VITEST_JSON, 'utf8'))) : undefined;
}

/** Test cases of every JUnit file in the conformance report directory. */
function junitCount(): Count | undefined {
  if (!existsSync(CONFORMANCE_DIR)) return undefined;
  const files = readdirSync(CONFORMANCE_DIR).filter((f) => f.endsWith('.xml'));
  if (!files.length) return undefined;
  return files.map((f) => countJUnit(readFileSync(path.join(CONFORMANCE_DIR, f), 'utf8'))).reduce(add, NONE);
}

const steps: Step[] = [
  // Freshness first: nothing before it may build, so it judges the committed tree.
  { name: 'generated/ is fresh', command: 'npm', args: ['run', '--silent', 'check:generated'] },
  { name: 'lint (Redocly, extension schemas, Spectral, Biome)', command: 'npm', args: ['run', '--silent', 'lint'] },
  {
    name: 'contract changes against the last release (npm run diff -- --gate)',
    command: 'npm',
    args: ['run', '--silent', 'diff', '--', '--gate'],
  },
  { name: 'type check (tsc)', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  {
    name: 'vitest',
    command: BIN('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
    count: vitestCount,
  },
  {
    name: 'conformance against the local mock (Schemathesis, lifecycle flows)',
    command: BIN('tsx'),
    args: [path.join(ROOT, 'qa', 'conformance', 'run.ts')],
    env: { CONFORMANCE_ALLOW_CHARGES: '1', CONFORMANCE_REPORT_DIR: CONFORMANCE_DIR },
    count: junitCount,
  },
];

function runStep(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) => {
      console.error(`test: could not start ${step.command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

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

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)}s`;

async function main(): Promise<number> {
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const before = treeState(ROOT);
  const results: Array<{ step: Step; code: number; count: Count; ms: number }> = [];
  for (const step of steps) {
    console.log(`\n[test] step: ${step.name}`);
    const started = Date.now();
    const code = await runStep(step);
    let count = step.count?.(code) ?? (code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
    // A non-zero exit with nothing counted as failed (a crash after a clean report) is still a failure.
    if (code !== 0 && count.failed === 0) count = { ...count, failed: 1 };
    results.push({ step, code, count, ms: Date.now() - started });
  }
  results.push(treeUnchanged(before));
  const total = results.map((r) => r.count).reduce(add, NONE);
  console.log('\n[test] summary:');
  for (const r of results) {
    const mark = r.count.failed ? 'FAIL' : 'ok  ';
    console.log(
      `${mark} ${r.step.name}: ${r.count.passed} passed, ${r.count.failed} failed, ${r.count.skipped} skipped (${seconds(r.ms)})`,
    );
  }
  console.log(`reports: ${path.relative(ROOT, REPORTS)}/ (vitest.json, conformance/*.xml)`);
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('tests: 0 passed, 1 failed, 0 skipped');
    process.exit(1);
  },
);
