// One run, many machines (issue #34, point 5): the GitHub Actions and GitLab CI blocks of
// docs/conformance.md, read from the page and their commands run here (each shard step with its own
// environment, then the merge; not the CI services), against the local mock. The merged result
// has every case once and covers the same operations, responses, transitions, terminal states and
// flows as one unsharded run with the same seed. Narrowed for time with CONFORMANCE_PHASES and
// CONFORMANCE_MAX_EXAMPLES (the only additions to the documented environment); about 3 minutes on
// 2 busy cores, most of it the five Schemathesis runs of the GitHub case.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { CoverageReport } from '../../qa/checker/coverage.js';
import { operationFacts } from '../../qa/conformance/contract-facts.js';
import { linkedGroups } from '../../qa/conformance/lanes.js';
import { dealOperations, parseShard } from '../../qa/conformance/shard.js';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';

/** Two linked groups (kept whole by the deal) and single operations, the rules case among them; every flow. */
const OPERATIONS = [
  'createBRollVideo,getBRollVideo,updateBRollVideo,estimateBRollRender',
  'createCharacter,getCharacter,previewCharacter',
  'getMe,listCreditHistory,getCreditCosts,getAutoTopup,updateAutoTopup,listCharacters,listTextToVideoModels',
].join(',');
const NARROW = {
  CONFORMANCE_OPERATIONS: OPERATIONS,
  CONFORMANCE_PHASES: 'examples,rules,flows',
  CONFORMANCE_MAX_EXAMPLES: '1',
  CONFORMANCE_SEED: '1',
};
/** The GitLab test proves its commands; the same split with Schemathesis was proven by the GitHub one. */
const NARROWER = { CONFORMANCE_PHASES: 'rules,flows', CONFORMANCE_SEED: '1' };
const DOC = readFileSync(path.join(ROOT, 'docs', 'conformance.md'), 'utf8');

function block(marker: string): any {
  const m = new RegExp(`<!-- ci:${marker} -->\\n\`\`\`yaml[^\\n]*\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!m) throw new Error(`docs/conformance.md has no ${marker} block`);
  return YAML.parse(m[1]);
}

/** A command line run by sh in the repository, as a CI runner would after checkout. */
function sh(command: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const cases = (dir: string, file: string) =>
  existsSync(path.join(dir, file))
    ? [...readFileSync(path.join(dir, file), 'utf8').matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]).sort()
    : [];
const coverage = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'coverage.json'), 'utf8')) as CoverageReport;

async function unsharded(narrow: Record<string, string> = NARROW): Promise<string> {
  const dir = testTempDir('qa-shards-whole-');
  const run = await sh('npm run --silent conformance', { ...narrow, CONFORMANCE_REPORT_DIR: dir, CONFORMANCE_BASE_URL: '' });
  expect(run.code, run.output.slice(-2000)).toBe(0);
  return dir;
}

function sameAsWhole(merged: string, whole: string): void {
  for (const file of ['conformance-junit.xml', 'rules-junit.xml', 'flows-junit.xml']) {
    const got = cases(merged, file);
    expect(got, file).toEqual(cases(whole, file));
    expect(new Set(got).size, `${file}: every case once`).toBe(got.length);
  }
  const [a, b] = [coverage(merged), coverage(whole)];
  for (const key of ['operations', 'responses', 'transitions', 'terminalStates', 'errorCodes'] as const)
    expect(a.uncovered[key], key).toEqual(b.uncovered[key]);
  expect(existsSync(path.join(merged, 'report.html'))).toBe(true);
}

describe('shards', () => {
  it('deal every operation once, keep linked operations together, and give the same parts every time', () => {
    const facts = operationFacts();
    const parts = dealOperations(facts, 4);
    expect(parts.flat().sort()).toEqual(facts.map((f) => f.operationId).sort());
    expect(dealOperations(facts, 4)).toEqual(parts);
    for (const group of linkedGroups(facts))
      expect(parts.filter((p) => p.includes(group[0])).every((p) => group.every((id) => p.includes(id)))).toBe(true);
    expect(Math.max(...parts.map((p) => p.length)) - Math.min(...parts.map((p) => p.length))).toBeLessThan(facts.length / 4);
    expect(() => parseShard('5/4')).toThrow(/1 <= i <= n/);
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
  });
});

describe('the CI blocks of docs/conformance.md, run locally', () => {
  it('GitHub Actions: 4 shards and the merge cover what one run covers', async () => {
    const workflow = block('github');
    expect(workflow.jobs.shard.strategy.matrix.shard).toEqual([1, 2, 3, 4]);
    const step = workflow.jobs.shard.steps.find((s: any) => /conformance/.test(s.run ?? ''));
    const merge = workflow.jobs.merge.steps.find((s: any) => /merge/.test(s.run ?? ''));
    const fill = (text: string, shard: number) =>
      String(text)
        .replace(/\$\{\{ matrix\.shard \}\}/g, String(shard))
        .replace(/\$\{\{ vars\.[A-Z_]+ \}\}/g, '')
        .replace(/\$\{\{ secrets\[[^\]]*\] \}\}/g, `shard-token-${shard}`);
    for (const i of workflow.jobs.shard.strategy.matrix.shard)
      rmSync(path.join(ROOT, 'reports', `conformance-shard-${i}`), { recursive: true, force: true });
    const whole = unsharded();
    const shards = await Promise.all(
      workflow.jobs.shard.strategy.matrix.shard.map((i: number) =>
        sh(fill(step.run, i), { ...Object.fromEntries(Object.entries(step.env).map(([k, v]) => [k, fill(String(v), i)])), ...NARROW }),
      ),
    );
    for (const s of shards) expect(s.code, s.output.slice(-2000)).toBe(0);
    const merged = await sh(merge.run, {});
    expect(merged.code, merged.output).toBe(0);
    expect(merged.output).toContain('4 report(s) merged');
    sameAsWhole(path.join(ROOT, 'reports', 'conformance-merged'), await whole);
  }, 600_000);

  it('GitLab CI: the parallel jobs and the merge job give the same, and a missing shard fails the merge', async () => {
    const pipeline = block('gitlab');
    const total = pipeline.conformance.parallel as number;
    expect(total).toBe(4);
    const script = (pipeline.conformance.script as string[]).join('\n');
    const tokens = Object.fromEntries(Array.from({ length: total }, (_, i) => [`CONFORMANCE_TOKEN_${i + 1}`, `gitlab-token-${i + 1}`]));
    const base = { ...pipeline.conformance.variables, ...tokens, STAGING_BASE_URL: '', CI_NODE_TOTAL: String(total) };
    for (const i of Array.from({ length: total }, (_, k) => k + 1))
      rmSync(path.join(ROOT, 'reports', `conformance-shard-${i}`), { recursive: true, force: true });
    const whole = unsharded(NARROWER);
    const shards = await Promise.all(
      Array.from({ length: total }, (_, k) => sh(script, { ...base, CI_NODE_INDEX: String(k + 1), ...NARROWER })),
    );
    for (const s of shards) expect(s.code, s.output.slice(-2000)).toBe(0);
    const merge = (pipeline['conformance-merge'].script as string[]).filter((line) => /conformance/.test(line)).join('\n');
    const merged = await sh(merge, {});
    expect(merged.code, merged.output).toBe(0);
    sameAsWhole(path.join(ROOT, 'reports', 'conformance-merged'), await whole);
    // A shard that never reported: the merge says so and fails.
    const partial = await sh(
      `npm run --silent conformance -- merge reports/conformance-shard-1 reports/conformance-shard-2 --out ${testTempDir('qa-shards-partial-')}`,
      {},
    );
    expect(partial.output).toContain('shard 3/4 is missing');
    expect(partial.code).toBe(1);
  }, 600_000);
});
