// Every stated rule checked, no stated refusal red (issue #34, point 0), against a staging stand-in
// written from the source (tests/servers/auto-topup-staging.ts):
// - a deployment that refuses a plan id it does not have (422) is right, whatever the schema allows:
//   the contract says so with x-data-refusals, and Schemathesis's run and the flows accept it;
// - a deployment that accepts `units: 7` breaks a rule the contract states only inside if/then,
//   where Schemathesis draws no negative case: the rules phase's targeted cases find it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { FLOWS, runFlows } from '../../qa/conformance/flows.js';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import { dataRefusalStatuses, operationsToml } from '../../qa/conformance/relaxations.js';
import { justOutside, ruleCases } from '../../qa/conformance/stated-rules.js';
import { runSuite } from './conformance-helpers.js';
import { startAutoTopupStaging } from '../servers/auto-topup-staging.js';

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
}, 120_000);
afterAll(async () => {
  await upstream?.stop();
});

const explain = (r: Awaited<ReturnType<typeof runSuite>>) =>
  `exit ${r.code}; findings ${JSON.stringify(r.findings.map((f) => [f.operation, f.code, f.title, f.detail.slice(0, 160)]))}\n${r.output.slice(-3000)}`;

describe('stated rules and stated refusals', () => {
  it('derives the targeted cases from the contract: values just outside the listed units and range, required fields left out', () => {
    expect(justOutside([[1, 2, 3, 4, 5, 10, 20, 30, 50, 100]], [[101, 199_999]])).toEqual([
      0, 6, 7, 9, 11, 15, 19, 21, 25, 29, 31, 40, 49, 51, 75, 99, 200_000,
    ]);
    const contract = ContractModel.load();
    const ids = ruleCases(contract, new Set(contract.operations().map((o) => o.id))).map((c) => c.id);
    expect(ids).toContain('updateAutoTopup:units=7');
    expect(ids).toContain('updateAutoTopup:without-plan_id');
    // The unknown-plan refusal comes from the contract, and becomes Schemathesis config.
    const refusals = dataRefusalStatuses(contract);
    expect(refusals.get('updateAutoTopup')).toEqual([422]);
    expect(operationsToml([], new Map(), refusals)).toMatch(
      /include-operation-id = "updateAutoTopup"\ncheck[^\n]*positive_data_acceptance\.expected-statuses = \[[^\]]*"422"/,
    );
  });

  it('a staging that refuses a plan id it does not have passes the Schemathesis phases and the rules phase', async () => {
    const staging = await startAutoTopupStaging(upstream.baseUrl);
    try {
      const result = await runSuite({
        CONFORMANCE_BASE_URL: staging.url,
        CONFORMANCE_TOKEN: 'stated-rules-plan',
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_OPERATIONS: 'updateAutoTopup,getAutoTopup',
        CONFORMANCE_PHASES: 'examples,coverage,fuzzing,rules',
        CONFORMANCE_MAX_EXAMPLES: '25',
        CONFORMANCE_SEED: '1',
      });
      expect(staging.used.refusedPlan, `the stand-in never refused a plan\n${explain(result)}`).toBeGreaterThan(0);
      expect(result.findings, explain(result)).toEqual([]);
      expect(result.code, explain(result)).toBe(0);
    } finally {
      await staging.close();
    }
  }, 300_000);

  it('a staging that accepts units: 7 fails, with the case and its reproduction', async () => {
    const staging = await startAutoTopupStaging(upstream.baseUrl, { acceptAnyUnits: true });
    try {
      const result = await runSuite({
        CONFORMANCE_BASE_URL: staging.url,
        CONFORMANCE_TOKEN: 'stated-rules-units',
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_PHASES: 'rules',
      });
      expect(result.code, explain(result)).toBe(1);
      const seven = result.findings.find((f) => f.code === 'RULE' && f.title.includes('"units":7'));
      expect(seven, explain(result)).toBeDefined();
      expect(seven!.curl).toContain('"units":7');
      expect(seven!.curl).toContain('$CONFORMANCE_TOKEN');
      // The refused cases (a field left out, units 200000 above the range) are not failures.
      expect(result.findings.some((f) => f.title.includes('200000'))).toBe(false);
    } finally {
      await staging.close();
    }
  }, 120_000);

  it('the flows phase skips, not fails, a flow the deployment refuses on its own data (no saved payment method)', async () => {
    const staging = await startAutoTopupStaging(upstream.baseUrl, { noPaymentMethod: true });
    const lines: string[] = [];
    try {
      const flows = FLOWS.filter((f) => f.steps.some((s) => s.op === 'updateAutoTopup'));
      expect(flows.length).toBeGreaterThan(0);
      const { results } = await runFlows({
        baseUrl: staging.url,
        token: 'stated-rules-flows',
        allowCharges: false,
        localMock: false,
        log: (line) => lines.push(line),
        flows,
      });
      for (const r of results) {
        expect(r.state, `${r.name}: ${JSON.stringify(r)}\n${lines.join('\n')}`).toBe('skipped');
        expect(r.reason).toContain('x-data-refusals');
        expect(r.reason).toContain('payment method');
      }
    } finally {
      await staging.close();
    }
  }, 60_000);
});
