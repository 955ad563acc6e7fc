// Refunds confirmed, not guessed (issue #34, point 1): the proxy in front of a staging stand-in that
// never refunds a failed text-to-video clip (tests/servers/lifecycle-faults.ts, token
// fault-no-refund), with traffic that never reads the balance, reads the balance and the ledger
// itself on stop with the charged token, and reports the missing refund as a violation (exit 1).
// In front of the real mock the same traffic ends clean, the refund confirmed by those reads.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel, readPointer } from '../../lib/contract/index.js';
import type { Report } from '../../qa/checker/types.js';
import { requestExample } from '../support/contract.js';
import { startMock, type RunningMock } from '../support/mock-harness.js';
import { startLifecycleFaults, type FaultLayer } from '../servers/lifecycle-faults.js';
import { startProxyProcess } from '../support/proxy-process.js';

const contract = ContractModel.load();
let mock: RunningMock;
let layer: FaultLayer;
beforeAll(async () => {
  mock = await startMock();
  layer = await startLifecycleFaults(mock.base);
}, 120_000);
afterAll(async () => {
  await layer?.close();
  await mock?.stop();
});

/** A client that starts a clip that fails, polls it to its end, and never reads the balance or ledger. */
async function failedClipWithoutBalance(base: string, token: string): Promise<string> {
  const create = contract.operation('createTextToVideo');
  const example = { value: requestExample<{ prompt: string }>('createTextToVideo') };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}${create.path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...example.value, prompt: `${example.value.prompt} mock:fail` }),
  });
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const machine = contract.stateMachines().find((m) => m.pollOperationIds.includes('getTextToVideo'))!;
  const poll = contract.operation('getTextToVideo').path.replace('{id}', String(id));
  for (let i = 0; i < 200; i++) {
    const state = readPointer(await (await fetch(`${base}${poll}`, { headers })).json(), machine.statusLocation) as string;
    if (machine.terminal.includes(state)) return state;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('the clip never ended');
}

async function session(target: string, token: string, env: Record<string, string> = {}) {
  const proxy = await startProxyProcess(target, env);
  const end = await failedClipWithoutBalance(proxy.base, token);
  const code = await proxy.stop('SIGTERM');
  const report = JSON.parse(readFileSync(path.join(proxy.reportDir, 'proxy-report.json'), 'utf8')) as Report;
  return { end, code, report, output: proxy.output(), reportDir: proxy.reportDir };
}

describe('refunds the traffic never showed are confirmed by the proxy itself', () => {
  it('a staging that skips the refund: the missing refund is a violation, exit 1', async () => {
    const { end, code, report, output, reportDir } = await session(layer.url, 'fault-no-refund');
    const machine = contract.stateMachines().find((m) => m.pollOperationIds.includes('getTextToVideo'))!;
    expect(machine.failure).toContain(end);
    const refunds = report.violations.filter((v) => v.kind === 'refund');
    expect(refunds, output).toHaveLength(1);
    expect(refunds[0].message).toMatch(/refund of \d+ after createTextToVideo failed/);
    expect(report.unconfirmed, output).toEqual([]);
    expect(code, output).toBe(1);
    // Its own calls: read-only, with the charged token, said on the console.
    expect(output).toMatch(/refund check: GET \/me with the charged account's token answered 200/);
    expect(output).toMatch(/refund check: \d+ read-only call\(s\) of the proxy's own \(PROXY_CONFIRM_REFUNDS=0 turns them off\)/);
    expect(JSON.stringify(report)).not.toContain('fault-no-refund');
    // The person's report (report.html) shows it too, as a failure of its own.
    const page = readFileSync(path.join(reportDir, 'report.html'), 'utf8');
    expect(page).toContain('<h3>REFUND · GET /me</h3>');
    expect(page).not.toContain('fault-no-refund');
  }, 120_000);

  it('PROXY_CONFIRM_REFUNDS=0: no call of its own, the refund stays unconfirmed, exit 0', async () => {
    const { code, report, output } = await session(layer.url, 'fault-no-refund', { PROXY_CONFIRM_REFUNDS: '0' });
    expect(report.violations.filter((v) => v.kind === 'refund')).toEqual([]);
    expect(report.unconfirmed).toHaveLength(1);
    expect(output).not.toMatch(/refund check/);
    expect(output).toContain(`unconfirmed: ${report.unconfirmed[0].message}`);
    expect(code, output).toBe(0);
  }, 120_000);

  it('the real mock: the refund is confirmed by the reads, no violation, exit 0', async () => {
    const { code, report, output } = await session(mock.base, 'refunds-clean');
    expect(report.violations, output).toEqual([]);
    expect(report.unconfirmed, output).toEqual([]);
    expect(report.coverage.charging.refundsSeen, output).toBe(1);
    expect(code, output).toBe(0);
  }, 120_000);

  it('a target gone by the time of the check: the refund stays unconfirmed, the failed read is a target error, the report is written', async () => {
    const own = await startLifecycleFaults(mock.base);
    const proxy = await startProxyProcess(own.url);
    await failedClipWithoutBalance(proxy.base, 'fault-no-refund');
    await own.close();
    const code = await proxy.stop('SIGTERM');
    const report = JSON.parse(readFileSync(path.join(proxy.reportDir, 'proxy-report.json'), 'utf8')) as Report;
    expect(report.unconfirmed, proxy.output()).toHaveLength(1);
    expect(report.targetErrors.map((e) => e.path)).toContain('/me');
    expect(code, proxy.output()).toBe(1);
    expect(readFileSync(path.join(proxy.reportDir, 'report.html'), 'utf8')).toContain('TARGET-ERROR');
  }, 120_000);
});
