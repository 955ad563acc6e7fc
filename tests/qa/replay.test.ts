// Replay (issue #34, point 3): `video-api-conformance replay <report dir> [--case <id>]
// [--base-url <url>]` sends a run's failing requests again with CONFORMANCE_TOKEN and says per case
// whether it still fails. A failure found on a faulty stand-in replays as failing there and as
// passing against the mock, with the exit code to match; both a rules-phase case (units: 7
// accepted) and a Schemathesis one (a required header missing) are replayed.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import { ContractModel } from '../../lib/contract/index.js';
import { CoverageRecorder } from '../../qa/checker/coverage.js';
import type { ReportFailure, RunReport } from '../../qa/report/model.js';
import { readRunReport, writeRunReport } from '../../qa/report/write.js';
import { BIN, ROOT } from '../../scripts/lib/project.js';
import { runSuite } from './conformance-helpers.js';
import { startAutoTopupStaging } from '../servers/auto-topup-staging.js';
import { startFaultProxy } from '../servers/fault-proxy.js';
import { testTempDir } from '../support/temp-dirs.js';

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
      const there = await replay([run.reportDir, '--case', seven!.id, '--base-url', staging.url]);
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
      expect((await replay([run.reportDir, '--base-url', upstream.baseUrl], {})).code).toBe(2);
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
      const there = await replay([run.reportDir, '--case', st107!.id, '--base-url', proxy.url]);
      expect(there.code, there.output).toBe(1);
      const mock = await replay([run.reportDir, '--case', st107!.id, '--base-url', upstream.baseUrl]);
      expect(mock.code, mock.output).toBe(0);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});

/** A report directory holding these failures, recorded against `target`. */
function reportWith(failures: ReportFailure[], target: string): string {
  const dir = testTempDir('replay-made-');
  const report: RunReport = {
    tool: 'proxy',
    title: 'made for the test',
    verdict: 'failed',
    because: [],
    target,
    startedAt: new Date(0).toISOString(),
    seconds: 0,
    counts: {},
    figures: {},
    coverage: new CoverageRecorder(ContractModel.load()).report(),
    failures,
    notes: [],
    reportDir: dir,
  };
  writeRunReport(dir, report, {});
  return dir;
}

const failure = (id: string, kind: string, request: ReportFailure['request'], operationId?: string): ReportFailure => ({
  id,
  source: 'proxy',
  kind,
  operation: `${request?.method} ${request?.path}`,
  operationId,
  title: id,
  contract: '',
  got: '',
  request,
});

/** A server that answers 200 {} to everything and records what it was sent. */
async function recorder(): Promise<{
  url: string;
  seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}> {
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('replay --shrink', () => {
  it('a case that still fails is printed again without the parts it does not need', async () => {
    const proxy = await startFaultProxy(upstream.baseUrl, 'missing-rate-limit-header', TOKEN);
    try {
      const request = { method: 'GET', path: '/me?verbose=1&lang=en', headers: { Accept: 'application/json' } };
      const dir = reportWith([failure('header-gone', 'ST107', request, 'getMe')], proxy.url);
      const run = await replay([dir, '--base-url', proxy.url, '--shrink']);
      expect(run.output).toContain('✗ still fails header-gone');
      expect(run.output).toMatch(/shrunk \(left out query verbose, query lang\): curl -X GET .*'http:\/\/127\.0\.0\.1:\d+\/v2\/me'/);
      expect(run.code, run.output).toBe(1);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe('replay: what it cannot tell, and what it never sends (issue #50)', () => {
  it('a recorded resource that is gone (404, or missing when read first) cannot tell: never "passes now", exit 3', async () => {
    const dir = reportWith(
      [
        failure(
          'schema-gone',
          'SCHEMA',
          { method: 'GET', path: '/faceless/987654321', headers: { Accept: 'application/json' } },
          'getFacelessVideo',
        ),
        failure(
          'rule-gone',
          'RULE',
          { method: 'PATCH', path: '/faceless/987654321', headers: { 'Content-Type': 'application/json' }, body: '{"script":7}' },
          'updateFacelessVideo',
        ),
      ],
      'https://staging.example.invalid/v2',
    );
    const run = await replay([dir, '--base-url', upstream.baseUrl]);
    expect(run.output).not.toContain('passes now');
    expect(run.output).toContain(
      `? cannot tell schema-gone SCHEMA GET /faceless/987654321: the recorded resource /faceless/987654321 is gone on ${upstream.baseUrl}`,
    );
    expect(run.output).toContain(
      '? cannot tell rule-gone RULE PATCH /faceless/987654321: the recorded resource /faceless/987654321 is gone',
    );
    expect(run.output).toContain('0 of 0 replayed case(s) still fail; 2 could not tell');
    expect(run.code, run.output).toBe(3);
  }, 60_000);

  it('sends only to --base-url or CONFORMANCE_BASE_URL, never a recorded credential, never a path or method out of bounds', async () => {
    const target = await recorder();
    const other = await recorder();
    try {
      const good = failure('good', 'SCHEMA', {
        method: 'GET',
        path: '/me?x=1',
        headers: {
          Accept: 'application/json',
          Authorization: 'Bearer recorded',
          Cookie: 'session=recorded',
          'X-Mock-Control-Token': 'recorded',
        },
      });
      const bad = [
        ['dots', 'GET', '/../me'],
        ['encoded-dots', 'GET', '/%2e%2E/admin'],
        ['absolute', 'GET', 'http://elsewhere.example/v2/me'],
        ['authority', 'GET', '//elsewhere.example/v2/me'],
        ['connect', 'CONNECT', '/me'],
      ].map(([id, method, p]) => failure(id, 'SCHEMA', { method, path: p, headers: {} }));
      bad.push(failure('header', 'SCHEMA', { method: 'GET', path: '/me', headers: { 'X-Evil': 'a\r\nInjected: 1' } }));
      const dir = reportWith([bad[0], good, ...bad.slice(1)], other.url);
      // Neither --base-url nor CONFORMANCE_BASE_URL: refused, and the report's own target gets nothing.
      const refused = await replay([dir]);
      expect([refused.code, other.seen.length]).toEqual([2, 0]);
      expect(refused.output).toMatch(/--base-url <url> or CONFORMANCE_BASE_URL/);
      expect(refused.output).toContain(other.url);
      const run = await replay([dir], { CONFORMANCE_TOKEN: TOKEN, CONFORMANCE_BASE_URL: target.url });
      expect(other.seen).toEqual([]);
      expect(target.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v2/me?x=1']);
      const sent = target.seen[0].headers;
      expect([sent.authorization, sent.cookie, sent['x-mock-control-token'], sent.accept]).toEqual([
        `Bearer ${TOKEN}`,
        undefined,
        undefined,
        'application/json',
      ]);
      for (const id of ['dots', 'encoded-dots', 'absolute', 'authority', 'connect', 'header'])
        expect(run.output).toContain(`! bad case, not sent ${id} `);
      expect(run.output).toContain('6 bad case(s) not sent');
      expect(run.output).not.toContain('Bearer recorded');
      expect(run.code, run.output).toBe(1); // the good case still fails: {} is no getMe answer
    } finally {
      await target.close();
      await other.close();
    }
  }, 60_000);
});
