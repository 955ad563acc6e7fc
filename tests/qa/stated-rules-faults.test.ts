// The rules table must be red for each stated rule a staging breaks while keeping every answer's
// shape, and quiet on a faithful one. Each fault (tests/servers/rule-faults.ts) is a proxy in front
// of the mock that breaks one sentence of the source; the conformance run (the rules and the flows,
// charges allowed, two accounts) must fail exactly that rule. The control run through the same
// proxy without a fault must fail none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../qa/conformance/local-mock.js';
import type { RuleRow } from '../../qa/conformance/rules/table.js';
import { startFaultProxy } from '../servers/fault-proxy.js';
import { RULE_FAULTS } from '../servers/rule-faults.js';
import { runSuite } from './conformance-helpers.js';

/** Each run its own two accounts on the shared mock: what one run spent is not the next one's. */
const tokensFor = (name: string) => [`rules-${name}-a`, `rules-${name}-b`];
const TIMEOUT = 240_000;

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
});
afterAll(async () => {
  await upstream?.stop();
});

async function rulesThrough(name: string, fault: string | (typeof RULE_FAULTS)[string]) {
  const tokens = tokensFor(name);
  const proxy = await startFaultProxy(upstream.baseUrl, fault, tokens[0]);
  try {
    const result = await runSuite({
      CONFORMANCE_BASE_URL: proxy.url,
      CONFORMANCE_TOKENS: tokens.join(','),
      CONFORMANCE_RATE_LIMIT: 'none',
      // The stand-in moves at the mock's pace (MOCK_STEP_MS 600), not staging's: poll it as the local mock is polled.
      CONFORMANCE_POLL_INTERVAL: '0.1',
      CONFORMANCE_ALLOW_CHARGES: '1',
      CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
      CONFORMANCE_PHASES: 'rules,flows',
      // The mock's account without credits: the 402 rule.
      CONFORMANCE_BROKE_TOKEN: 'mock-broke',
    });
    const table = JSON.parse(readFileSync(path.join(result.reportDir, 'rules-table.json'), 'utf8')) as { rules: RuleRow[] };
    return { ...result, failed: table.rules.filter((r) => r.verdict === 'failed'), rows: table.rules };
  } finally {
    await proxy.close();
  }
}

// Each run has its own accounts and its own stand-in in front of the one mock, so the runs go at once
// (each mostly waits on the mock's steps).
describe.concurrent('the rules table against staging stand-ins that break one stated rule each', () => {
  it(
    'a faithful target: no rule fails, and the rules each fault breaks are checked (passed)',
    async ({ expect }) => {
      const run = await rulesThrough('faithful', 'none');
      expect(run.failed, run.output.slice(-3000)).toEqual([]);
      expect(run.code, run.output.slice(-3000)).toBe(0);
      const verdicts = Object.values(RULE_FAULTS).map((f) => [f.rule, run.rows.find((r) => r.id === f.rule)?.verdict]);
      expect(verdicts).toEqual(Object.values(RULE_FAULTS).map((f) => [f.rule, 'passed']));
    },
    TIMEOUT,
  );

  for (const [name, fault] of Object.entries(RULE_FAULTS)) {
    it(
      `red on ${name}: ${fault.description}`,
      async ({ expect }) => {
        const run = await rulesThrough(name, fault);
        expect(
          run.failed.map((r) => r.id),
          run.output.slice(-3000),
        ).toContain(fault.rule);
        expect(run.code).toBe(1);
      },
      TIMEOUT,
    );
  }
});
