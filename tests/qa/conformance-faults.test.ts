// The conformance suite must catch real faults. For each fault, a proxy in front of the local mock
// (tests/servers/fault-proxy.ts) breaks the few operations it targets, the suite runs against
// the proxy restricted to those operations, and the test asserts the fault is reported by the
// expected check on the expected operation. Each test first makes a control run (same operations,
// same seed, no fault) that must report nothing, so a finding is the fault's doing, not the mock's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFacts } from '../../qa/conformance/contract-facts.js';
import { FAULTS, startFaultProxy } from '../servers/fault-proxy.js';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import type { Finding } from '../../qa/conformance/summary.js';
import { runSuite, type SuiteResult } from './conformance-helpers.js';

const TOKEN = 'conformance-faults';
const TIMEOUT = 240_000;

/** What Schemathesis must say about each fault: its failure code and, where useful, words of the detail. */
const EXPECTED: Record<keyof typeof FAULTS, { code: string; detail?: RegExp }> = {
  'wrong-status': { code: 'ST103', detail: /201/ },
  'missing-rate-limit-header': { code: 'ST107', detail: /X-RateLimit-Remaining/i },
  'wrong-enum': { code: 'ST108', detail: /vlog/ },
  'missing-required-field': { code: 'ST108', detail: /email/ },
  'number-for-string': { code: 'ST108', detail: /42|string/ },
  'ignores-auth': { code: 'ST401' },
  'server-error': { code: 'ST101' },
  'wrong-content-type': { code: 'ST105', detail: /text\/html/ },
  'accepts-out-of-range': { code: 'ST201' },
  'created-not-fetchable': { code: 'ST302' },
};

const labels = new Map(operationFacts().map((f) => [f.operationId, `${f.method} ${f.path}`]));
const describeRun = (r: SuiteResult) =>
  `exit ${r.code} in ${r.seconds.toFixed(1)}s; findings: ${JSON.stringify(r.findings.map((f) => [f.operation, f.code, f.title]))}\n${r.output.slice(-3000)}`;

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
});
afterAll(async () => {
  await upstream?.stop();
});

async function runThroughProxy(fault: string, operations: string[]): Promise<SuiteResult> {
  const proxy = await startFaultProxy(upstream.baseUrl, fault, TOKEN);
  try {
    return await runSuite({
      CONFORMANCE_BASE_URL: proxy.url,
      CONFORMANCE_TOKEN: TOKEN,
      CONFORMANCE_RATE_LIMIT: 'none',
      CONFORMANCE_OPERATIONS: operations.join(','),
      CONFORMANCE_MAX_EXAMPLES: '10',
      CONFORMANCE_SEED: '1',
    });
  } finally {
    await proxy.close();
  }
}

describe('conformance suite against deliberately broken servers', () => {
  it('every fault has an expectation, and every targeted operation exists in the contract', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(FAULTS).sort());
    for (const fault of Object.values(FAULTS)) for (const id of fault.operations) expect(labels.has(id), id).toBe(true);
  });

  for (const [name, fault] of Object.entries(FAULTS)) {
    it(
      `reports ${name}: ${fault.description}`,
      async () => {
        // Control: the same operations and seed through the proxy without the fault report nothing,
        // so what the faulty run reports is the fault's doing, not the mock's.
        const control = await runThroughProxy('none', fault.operations);
        expect(control.findings, `control run\n${describeRun(control)}`).toEqual([]);
        expect(control.code, `control run\n${describeRun(control)}`).toBe(0);

        const result = await runThroughProxy(name, fault.operations);
        const { code, detail } = EXPECTED[name];
        const targeted = fault.operations.map((id) => labels.get(id));
        // Stateful-phase findings are filed under "Stateful tests"; their detail names the operations.
        const names = (f: Finding) =>
          targeted.some((label) => f.operation === label || (f.operation === 'Stateful tests' && f.detail.includes(`${label}\``)));
        const hits = result.findings.filter((f) => f.code === code && names(f) && (!detail || detail.test(`${f.title} ${f.detail}`)));
        expect(result.code, describeRun(result)).toBe(1);
        expect(hits.length, describeRun(result)).toBeGreaterThan(0);
        console.log(`[conformance-faults] ${name}: reported as ${code} on ${fault.operations.join(' + ')} (${result.seconds.toFixed(1)}s)`);
      },
      TIMEOUT,
    );
  }
});
