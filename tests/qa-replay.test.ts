// Replay (issue #34, point 3): `video-api-conformance replay <report dir> [--case <id>]
// [--base-url <url>]` sends a run's failing requests again with CONFORMANCE_TOKEN and says per case
// whether it still fails. A failure found on a faulty stand-in replays as failing there and as
// passing against the mock, with the exit code to match; both a rules-phase case (units: 7
// accepted) and a Schemathesis one (a required header missing) are replayed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../qa/conformance/local-mock.js';
import { readRunReport } from '../qa/report/write.js';
import { BIN, ROOT } from '../scripts/lib/project.js';
import { runSuite } from './conformance-helpers.js';
import { startAutoTopupStaging } from './servers/auto-topup-staging.js';
import { startFaultProxy } from './servers/fault-proxy.js';

const TOKEN = 'replay-token';
let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
}, 120_000);
afterAll(async () => {
  await upstream?.stop();
});

function replay(args: string[], env: Record<string, string> = { CONFORMANCE_TOKEN: TOKEN }): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN('tsx'), [path.join(ROOT, 'qa', 'conformance', 'run.ts'), 'replay', ...args], {
      cwd: ROOT,
      env: { ...process.env, CONFORMANCE_TOKEN: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('video-api-conformance replay', () => {
  it('a rules-phase failure (units: 7 accepted) still fails on the stand-in and passes against the mock', async () => {
    const staging = await startAutoTopupStaging(upstream.baseUrl, { acceptAnyUnits: true });
    try {
      const run = await runSuite({
        CONFORMANCE_BASE_URL: staging.url,
        CONFORMANCE_TOKEN: TOKEN,
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_PHASES: 'rules',
      });
      expect(run.code, run.output).toBe(1);
      const seven = readRunReport(run.reportDir).failures.find((f) => f.request?.body?.includes('"units":7}'));
      expect(seven, run.output).toBeDefined();
      const there = await replay([run.reportDir, '--case', seven!.id]);
      expect(there.output).toContain(`✗ still fails ${seven!.id}`);
      expect(there.code, there.output).toBe(1);
      const mock = await replay([run.reportDir, '--case', seven!.id, '--base-url', upstream.baseUrl]);
      expect(mock.output).toContain(`✓ passes now ${seven!.id}`);
      expect(mock.code, mock.output).toBe(0);
      // Every case at once, against the mock: all pass now.
      const all = await replay([run.reportDir, '--base-url', upstream.baseUrl]);
      expect(all.output).toContain(`0 of ${run.findings.length} replayed case(s) still fail`);
      expect(all.code, all.output).toBe(0);
      // No token, an unknown case: the replay cannot run (exit 2), and says why.
      expect((await replay([run.reportDir], {})).code).toBe(2);
      const unknown = await replay([run.reportDir, '--case', 'rule-00000000']);
      expect(unknown.output).toContain('no such case');
      expect(unknown.code).toBe(2);
    } finally {
      await staging.close();
    }
  }, 180_000);

  it('a Schemathesis failure (a required header missing) still fails on the faulty server and passes against the mock', async () => {
    const proxy = await startFaultProxy(upstream.baseUrl, 'missing-rate-limit-header', TOKEN);
    try {
      const run = await runSuite({
        CONFORMANCE_BASE_URL: proxy.url,
        CONFORMANCE_TOKEN: TOKEN,
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_OPERATIONS: 'getMe',
        CONFORMANCE_PHASES: 'examples',
        CONFORMANCE_MAX_EXAMPLES: '1',
        CONFORMANCE_SEED: '1',
      });
      const st107 = readRunReport(run.reportDir).failures.find((f) => f.kind === 'ST107' && f.request);
      expect(st107, run.output).toBeDefined();
      expect(st107!.request).toMatchObject({ method: 'GET', path: '/me' });
      const there = await replay([run.reportDir, '--case', st107!.id]);
      expect(there.code, there.output).toBe(1);
      const mock = await replay([run.reportDir, '--case', st107!.id, '--base-url', upstream.baseUrl]);
      expect(mock.code, mock.output).toBe(0);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
