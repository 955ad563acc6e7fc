// CONFORMANCE_TOKENS: a run spread over several accounts. Run the real runner against a mock this
// test started (so its journal and accounts can be read afterwards) with three tokens, and check
// that every token did part of the work and that no request reached a resource another token
// created (the mock's ids are unique across accounts, so such a request would be a 404 on the
// wrong account: a stateful sequence that left the token that created its resource).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFacts } from '../qa/conformance/contract-facts.js';
import { linkedGroups, planUnits } from '../qa/conformance/lanes.js';
import { startLocalServer, type LocalServer } from '../qa/conformance/local-mock.js';
import { runSuite, type SuiteResult } from './conformance-helpers.js';

const TOKENS = ['lane-token-a', 'lane-token-b', 'lane-token-c'];
// One group of linked operations (the stateful phase walks it) and a few single ones.
const OPERATIONS = [
  'createFacelessVideo',
  'getFacelessVideo',
  'updateFacelessVideo',
  'estimateFacelessRender',
  'getMe',
  'getCreditCosts',
  'listCharacters',
];
const TIMEOUT = 300_000;

let mock: LocalServer;
let run: SuiteResult;
const origin = () => new URL(mock.baseUrl).origin;

interface Entry {
  method: string;
  path: string;
  status: number;
}

beforeAll(async () => {
  mock = await startLocalServer();
  run = await runSuite({
    CONFORMANCE_BASE_URL: mock.baseUrl,
    CONFORMANCE_TOKENS: TOKENS.join(','),
    CONFORMANCE_RATE_LIMIT: 'none',
    CONFORMANCE_MAX_EXAMPLES: '3',
    CONFORMANCE_SEED: '11',
    CONFORMANCE_OPERATIONS: OPERATIONS.join(','),
    // Schemathesis's phases only: the rules table's ownership check crosses tokens on purpose
    // (tests/qa-stated-rules-faults.test.ts), the work the lanes share must not.
    CONFORMANCE_PHASES: 'examples,coverage,fuzzing,stateful',
  });
}, TIMEOUT);
afterAll(async () => {
  await mock?.stop();
});

async function journal(token: string): Promise<Entry[]> {
  const reply = await fetch(`${origin()}/__mock/requests?token=${token}&limit=1000`);
  return (await reply.json()).requests;
}

async function owned(token: string): Promise<Set<string>> {
  const reply = await fetch(`${origin()}/__mock/accounts/${token}`);
  return new Set(((await reply.json()).resources as { id: number }[]).map((r) => String(r.id)));
}

describe('CONFORMANCE_TOKENS', () => {
  it('the run passes and says how it spread the work', () => {
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.output).toContain('CONFORMANCE_TOKENS: 3 tokens, one lane each');
    expect(run.output).toMatch(/lane 1: unit-\d+ started: stateful: createFacelessVideo and 3 linked/);
  });

  it('every token sends part of the requests', async () => {
    const counts = await Promise.all(TOKENS.map(async (t) => (await journal(t)).length));
    expect(
      counts.every((n) => n > 0),
      `requests per token: ${counts.join(', ')}`,
    ).toBe(true);
  });

  it('no request touches a resource another token created', async () => {
    const owners = await Promise.all(TOKENS.map(owned));
    const offenders: string[] = [];
    let resourceCalls = 0;
    for (const [i, token] of TOKENS.entries()) {
      for (const entry of await journal(token)) {
        const id = /^\/v2\/faceless\/(\d+)/.exec(entry.path)?.[1];
        if (!id) continue;
        resourceCalls++;
        const owner = owners.findIndex((ids) => ids.has(id));
        if (owner !== -1 && owner !== i)
          offenders.push(`${token}: ${entry.method} ${entry.path} -> ${entry.status} (created by ${TOKENS[owner]})`);
      }
    }
    expect(resourceCalls, 'the run called per-resource operations (otherwise this proves nothing)').toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it('one JUnit report holds every unit, each named after its lane', () => {
    const xml = readFileSync(path.join(run.reportDir, 'conformance-junit.xml'), 'utf8');
    const suites = [...xml.matchAll(/<testsuite name="(lane \d[^"]*)"/g)].map((m) => m[1]);
    expect(suites.length).toBeGreaterThan(1);
    expect(new Set(suites.map((s) => s.split(',')[0])).size).toBeGreaterThan(1);
    for (const op of ['POST /faceless', 'GET /me', 'GET /characters']) expect(xml).toContain(`name="${op}"`);
  });
});

describe('the plan of a run over 8 tokens (every operation of the contract)', () => {
  it('every operation is in exactly one per-operation batch, every linked group whole in one stateful unit', () => {
    const facts = operationFacts();
    const units = planUnits(facts, ['examples', 'coverage', 'fuzzing', 'stateful'], 8);
    const batched = units.filter((u) => !u.phases.includes('stateful')).flatMap((u) => u.operationIds);
    expect(batched.sort()).toEqual(facts.map((f) => f.operationId).sort());
    const stateful = units.filter((u) => u.phases.includes('stateful')).map((u) => [...u.operationIds].sort());
    const groups = linkedGroups(facts).map((g) => [...g].sort());
    expect(groups.length).toBeGreaterThan(1);
    expect(stateful).toEqual(groups);
    // Enough batches that eight lanes finish close together.
    expect(units.length - stateful.length).toBeGreaterThanOrEqual(8 * 4);
  });
});
