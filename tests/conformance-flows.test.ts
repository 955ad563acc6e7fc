// The flows phase of `npm run conformance` (qa/conformance/flows.ts): it walks every lifecycle
// against the real mock with zero failures, reports into flows-junit.xml and the summary, never
// calls a charging operation without CONFORMANCE_ALLOW_CHARGES, fails loudly on an operationId the
// contract lacks, and catches lifecycle faults (tests/servers/lifecycle-faults.ts) through the
// proxy's checker. A poll ends: at once on a missing status, and when the status stays unchanged
// for longer than CONFORMANCE_POLL_TIMEOUT.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockContract } from '../mock/contract.js';
import { charges, checkFlows, FLOWS, runFlows } from '../qa/conformance/flows.js';
import { parseJUnit } from '../qa/conformance/summary.js';
import { BIN, ROOT } from '../scripts/lib/project.js';
import { startLifecycleFaults, type FaultLayer } from './servers/lifecycle-faults.js';
import { operationMatcher } from '../qa/checker/match.js';
import { send, serve } from '../qa/http-forward.js';
import { startMock, type RunningMock } from './mock-harness.js';
import { parsePointer } from '../lib/contract/pointer.js';
import { testTempDir } from './support/temp-dirs.js';

const contract = mockContract();
const quiet = () => undefined;

let mock: RunningMock;
let layer: FaultLayer;
beforeAll(async () => {
  mock = await startMock({ MOCK_STEP_MS: '40', MOCK_QUIET: '1' });
  layer = await startLifecycleFaults(mock.base, contract);
});
afterAll(async () => {
  await layer?.close();
  await mock?.stop();
});

describe('the flow table', () => {
  it('names only operations of the contract, with every path parameter; a renamed operation fails loudly', () => {
    expect(() => checkFlows(contract)).not.toThrow();
    const renamed = [{ name: 'renamed', steps: [{ op: 'getMeRenamed' }] }];
    expect(() => checkFlows(contract, renamed)).toThrow(/renamed: getMeRenamed/);
    expect(() => checkFlows(contract, [{ name: 'p', steps: [{ op: 'getLaunchClip' }] }])).toThrow(/path parameter/);
  });

  it('covers every state machine the contract has, free and charging flows alike', () => {
    const touched = new Set(FLOWS.flatMap((f) => f.steps.map((s) => s.op)));
    const missing = contract.stateMachines().filter((m) => !m.pollOperationIds.some((id) => touched.has(id)));
    expect(missing.map((m) => m.name)).toEqual([]);
    expect(FLOWS.some((f) => charges(contract, f))).toBe(true);
    expect(FLOWS.some((f) => !charges(contract, f))).toBe(true);
  });
});

describe('flows against the mock', () => {
  it('every flow passes against a clean mock, charging ones included; failed clips are refunded', async () => {
    const { results, checker } = await runFlows({
      baseUrl: layer.url,
      token: 'flows-clean',
      allowCharges: true,
      localMock: true,
      log: quiet,
    });
    expect(
      results.filter((r) => r.state !== 'passed'),
      JSON.stringify(results, null, 1),
    ).toEqual([]);
    expect(checker.violations).toEqual([]);
    expect(checker.report().unconfirmed).toEqual([]);
  }, 60_000);

  it('without CONFORMANCE_ALLOW_CHARGES no charging operation reaches the target', async () => {
    const before = layer.recorded.length;
    const { results } = await runFlows({ baseUrl: layer.url, token: 'flows-free', allowCharges: false, localMock: true, log: quiet });
    const match = operationMatcher(contract);
    const sent = layer.recorded.slice(before).map((r) => match(r.method, r.url.split('?')[0].replace(/^\/v2/, ''))?.op);
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((o) => o?.credits?.charges).map((o) => o!.id)).toEqual([]);
    expect(results.filter((r) => r.state === 'skipped').every((r) => /CONFORMANCE_ALLOW_CHARGES/.test(r.reason ?? ''))).toBe(true);
    expect(results.filter((r) => r.state === 'passed').length).toBeGreaterThan(0);
  }, 60_000);

  it('the auto top-up flow puts an enabled preference back as it found it', async () => {
    const token = 'flows-topup-enabled';
    const put = contract.operation('updateAutoTopup');
    const get = contract.operation('getAutoTopup');
    const examples = Object.values<any>(contract.deref(put.operation.requestBody)!.content['application/json'].examples!).map(
      (e) => contract.deref(e).value,
    );
    const enabling = examples.find((e) => e.enabled === true);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    expect((await fetch(mock.base + put.path, { method: 'PUT', headers, body: JSON.stringify(enabling) })).status).toBe(200);
    const before = (await (await fetch(mock.base + get.path, { headers })).json()).data;
    const flows = FLOWS.filter((f) => f.steps.some((s) => s.op === put.id));
    const { results } = await runFlows({ baseUrl: layer.url, token, allowCharges: false, localMock: true, log: quiet, flows });
    expect(results.map((r) => r.state)).toEqual(['passed']);
    const after = (await (await fetch(mock.base + get.path, { headers })).json()).data;
    expect(after).toMatchObject({ enabled: true, type: before.type, plan_id: before.plan_id, units: before.units });
  }, 60_000);

  it('catches a clip reporting a state its machine does not name, and a refund that never comes', async () => {
    const clip = FLOWS.filter((f) => f.steps.some((s) => s.op === 'getTextToVideo'));
    const unknown = await runFlows({
      baseUrl: layer.url,
      token: 'fault-unknown-state',
      allowCharges: true,
      localMock: true,
      log: quiet,
      flows: clip.filter((f) => !f.refund),
    });
    expect(unknown.results[0].state).toBe('failed');
    expect(unknown.results[0].failures.map((f) => f.type)).toContain('STATE');
    // Each failure says how to run that flow again alone (its Arazzo file and workflow).
    const flow = clip.filter((f) => !f.refund)[0];
    for (const f of unknown.results[0].failures)
      expect(f.text).toContain(`npx redocly respect openapi/flows/${flow.file?.split('/').pop()} --workflow ${flow.workflowId}`);
    const refund = await runFlows({
      baseUrl: layer.url,
      token: 'fault-no-refund',
      allowCharges: true,
      localMock: true,
      log: quiet,
      flows: clip.filter((f) => f.refund),
    });
    expect(refund.results[0].state).toBe('failed');
    expect(refund.results[0].failures.map((f) => f.type)).toEqual(expect.arrayContaining(['REFUND']));
  }, 60_000);
});

describe('npm run conformance with CONFORMANCE_PHASES=flows', () => {
  it('runs the flows alone against the local mock it starts: zero failures, flows-junit.xml, summary', async () => {
    const reportDir = testTempDir('conformance-flows-');
    const child = spawn(BIN('tsx'), [path.join(ROOT, 'qa', 'conformance', 'run.ts')], {
      cwd: ROOT,
      env: { ...process.env, CONFORMANCE_PHASES: 'flows', CONFORMANCE_ALLOW_CHARGES: '1', CONFORMANCE_REPORT_DIR: reportDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/running Schemathesis/);
    expect(output).toMatch(/flows: \d+ passed, 0 failed, 0 skipped/);
    expect(output).toContain('No failures.');
    const junit = path.join(reportDir, 'flows-junit.xml');
    expect(existsSync(junit)).toBe(true);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(FLOWS.length);
    expect(parseJUnit(xml)).toEqual([]);
  }, 120_000);
});

/** A staging in front of the mock that rewrites the JSON answers of one poll operation. */
async function rewritingStaging(pollId: string, rewrite: (body: any) => void) {
  const upstream = new URL(mock.base);
  const match = operationMatcher(contract);
  const server = await serve(async (exchange) => {
    const answer = await send(new URL(exchange.url, upstream.origin), exchange);
    const op = match(exchange.method, exchange.url.split('?')[0].replace(/^\/v2/, ''))?.op;
    if (op?.id !== pollId || answer.status >= 300) return answer;
    const body = JSON.parse(answer.body.toString('utf8'));
    rewrite(body);
    const bytes = Buffer.from(JSON.stringify(body));
    return { ...answer, headers: { ...answer.headers, 'content-length': String(bytes.length) }, body: bytes };
  });
  return { url: `http://127.0.0.1:${server.port}/v2`, close: server.close };
}

describe('polling that ends', () => {
  const pollId = 'getFacelessVideo';
  const machine = contract.stateMachines().find((m) => m.pollOperationIds.includes(pollId))!;
  const flows = FLOWS.filter((f) => f.steps.some((s) => s.op === pollId && s.poll));
  // The object that holds the status (data.video for a faceless video).
  const holder = parsePointer(machine.statusLocation).slice(0, -1);

  it('a staging that omits the status holder: the flow stops at once with one line naming the missing status', async () => {
    const staging = await rewritingStaging(pollId, (body) => {
      const parent = holder.slice(0, -1).reduce((node, key) => node?.[key], body);
      if (parent) delete parent[holder.at(-1)!];
    });
    try {
      const lines: string[] = [];
      const { results, checker } = await runFlows({
        baseUrl: staging.url,
        token: 'flows-no-status',
        allowCharges: true,
        localMock: true,
        log: (line) => lines.push(line),
        flows,
      });
      expect(results.map((r) => r.state)).toEqual(flows.map(() => 'failed'));
      const stop = results[0].failures.filter((f) => f.type === 'FLOW');
      expect(stop.map((f) => f.text)).toEqual([expect.stringContaining(`stopped polling: no status at ${machine.statusLocation}`)]);
      // The schema check saw the missing field on the same answer.
      expect(checker.violations.some((v) => v.kind === 'schema' && v.operationId === pollId)).toBe(true);
      expect(lines.some((l) => l.includes(`stopped polling: no status at ${machine.statusLocation}`))).toBe(true);
    } finally {
      await staging.close();
    }
  }, 60_000);

  it('a staging whose status never moves: the flow stops once it stayed unchanged past CONFORMANCE_POLL_TIMEOUT', async () => {
    const stuck = machine.states.find((s) => !machine.terminal.includes(s))!;
    const staging = await rewritingStaging(pollId, (body) => {
      const parent = holder.reduce((node, key) => node?.[key], body);
      if (parent) parent[parsePointer(machine.statusLocation).at(-1)!] = stuck;
    });
    try {
      const { results } = await runFlows({
        baseUrl: staging.url,
        token: 'flows-stuck-status',
        allowCharges: true,
        localMock: true,
        pollTimeoutSeconds: 1,
        log: quiet,
        flows,
      });
      expect(results[0].state).toBe('failed');
      expect(results[0].failures.map((f) => f.text)).toEqual([
        expect.stringMatching(new RegExp(`stopped polling: status "${stuck}" unchanged for \\d+s \\(CONFORMANCE_POLL_TIMEOUT=1s\\)`)),
      ]);
    } finally {
      await staging.close();
    }
  }, 60_000);
});
