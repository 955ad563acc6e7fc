// The opposite proof to conformance-faults.test.ts: a deployment that made the other reasonable
// choice at each kind of place the source leaves open (tests/servers/variations-proxy.ts:
// requires `type`, requires a b-roll title, caps the ideas page size, answers 422 to malformed
// JSON, ignores unknown `include` values, serves neither moodboard method, has no GET /presets,
// treats a PATCH without a body as a no-op, generates a script for a PUT …/scripts without a body)
// must pass the conformance run with zero failures, because no check may fail on a guess.
// Charges are allowed (the upstream is the local mock), so the script operations are called too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import { startVariationsProxy, VARIATIONS } from '../servers/variations-proxy.js';
import { runSuite } from './conformance-helpers.js';

const TOKEN = 'conformance-variations';
const OPERATIONS = [...new Set(Object.values(VARIATIONS).flatMap((v) => v.operations))];

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
}, 120_000);
afterAll(async () => {
  await upstream?.stop();
});

async function runAgainstVariations(extra: Record<string, string> = {}) {
  const proxy = await startVariationsProxy(upstream.baseUrl);
  try {
    const result = await runSuite({
      CONFORMANCE_BASE_URL: proxy.url,
      CONFORMANCE_TOKEN: TOKEN,
      CONFORMANCE_RATE_LIMIT: 'none',
      CONFORMANCE_OPERATIONS: OPERATIONS.join(','),
      CONFORMANCE_MAX_EXAMPLES: '15',
      CONFORMANCE_SEED: '1',
      CONFORMANCE_ALLOW_CHARGES: '1',
      ...extra,
    });
    return { result, used: { ...proxy.used } };
  } finally {
    await proxy.close();
  }
}

describe('conformance against a deployment that chose differently where the source is silent', () => {
  it('reports zero failures, and every variation was exercised', async () => {
    const { result, used } = await runAgainstVariations();
    {
      const explain = `exit ${result.code} in ${result.seconds.toFixed(1)}s; used ${JSON.stringify(used)}; findings: ${JSON.stringify(result.findings.map((f) => [f.operation, f.code, f.title]))}\n${result.output.slice(-4000)}`;
      expect(result.findings, explain).toEqual([]);
      expect(result.code, explain).toBe(0);
      // The run printed why each relaxed operation is relaxed, one line each.
      for (const id of ['getStoryboardMoodboard', 'createFacelessVideo', 'listIdeas'])
        expect(result.output, id).toMatch(new RegExp(`relaxed ${id} \\(`));
      // A variation the run never hit proves nothing.
      for (const [name, count] of Object.entries(used)) expect(count, `${name} was never exercised\n${explain}`).toBeGreaterThan(0);
      console.log(`[conformance-variations] zero failures in ${result.seconds.toFixed(1)}s; variations used: ${JSON.stringify(used)}`);
    }
  }, 300_000);

  it('control: with the relaxations off (CONFORMANCE_RELAX=0) the same run does fail, on the guessed places', async () => {
    const { result } = await runAgainstVariations({ CONFORMANCE_RELAX: '0' });
    const explain = `exit ${result.code}; findings: ${JSON.stringify(result.findings.map((f) => [f.operation, f.code, f.title]))}\n${result.output.slice(-3000)}`;
    expect(result.code, explain).toBe(1);
    expect(result.findings.length, explain).toBeGreaterThan(0);
    expect(result.output).toMatch(/CONFORMANCE_RELAX=0/);
  }, 300_000);
});

describe('real ids for per-resource operations', () => {
  it('the runner seeds ids with its own calls, and Schemathesis no longer warns "Missing test data"', async () => {
    // The smoke profile (the contract's examples once per operation) is where missing ids show
    // most: before seeding, 29 operations warned there.
    // Schemathesis only (CONFORMANCE_PHASES=examples): the lifecycle flows are tested on their own.
    const result = await runSuite({
      CONFORMANCE_BASE_URL: upstream.baseUrl,
      CONFORMANCE_TOKEN: 'seeded-ids',
      CONFORMANCE_PROFILE: 'smoke',
      CONFORMANCE_PHASES: 'examples',
      CONFORMANCE_ALLOW_CHARGES: '1',
      CONFORMANCE_RATE_LIMIT: 'none',
    });
    const explain = `exit ${result.code}\n${result.output.slice(-4000)}`;
    expect(result.code, explain).toBe(0);
    for (const created of ['POST /faceless', 'POST /b-roll', 'POST /text-to-scene', 'POST /characters'])
      expect(result.output, created).toContain(`seeded ${created} -> id `);
    expect(result.output, explain).toMatch(/seeded POST \/text-to-scene\/\d+\/scenes -> id /);
    expect(result.output, explain).not.toMatch(/Missing test data/);
  }, 300_000);
});
