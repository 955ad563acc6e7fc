// The proxy's run (qa/proxy/run.ts) in process, in front of the mock started here: the lines it
// prints when it starts and stops (the mock as its target), the files it writes, and the exit code stop() gives, for the
// settings that change them (PROXY_MIN_COVERAGE, PROXY_FAIL_ON_REQUEST_ERRORS, PROXY_RECORD,
// PROXY_MAX_RESPONSE_BYTES, GITHUB_STEP_SUMMARY).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { mockContract } from '../../mock/contract.js';
import { createMock } from '../../mock/server.js';
import { runProxy } from '../../qa/proxy/run.js';
import { testTempDir } from '../support/temp-dirs.js';

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** The mock, in this process, as the deployment in front of which the proxy runs. */
const stops = new Map<string, () => Promise<void>>();
async function target(): Promise<string> {
  const mock = await createMock({ MOCK_QUIET: '1' }, mockContract());
  const server = await mock.listen(0, '127.0.0.1');
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= server.close());
  closing.push(stop);
  stops.set(server.url, stop);
  return server.url;
}

/** The target gone: its port closed. */
const closed = (url: string) => stops.get(url)!();

async function run(env: Record<string, string>) {
  const lines: string[] = [];
  const dir = testTempDir('proxy-run-');
  const proxy = await runProxy({ PROXY_PORT: '0', PROXY_REPORT_DIR: dir, ...env }, (line) => lines.push(line));
  let stopped = false;
  closing.unshift(async () => {
    if (!stopped) await proxy.stop('SIGTERM');
  });
  // Every answer here comes in milliseconds: silence is a failure, not a wait for the test's timeout.
  const get = (url: string, token = 'run-token-1') =>
    fetch(`${proxy.url}${url}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3_000) });
  const stop = async (signal: string) => {
    stopped = true;
    return proxy.stop(signal);
  };
  return { proxy, lines, dir, get, stop };
}

describe('starting', () => {
  it('says where it forwards, where the report is, what it relaxes, and each setting that changes a verdict', async () => {
    const t = await target();
    const r = await run({ PROXY_TARGET: `${t}/`, PROXY_FAIL_ON_REQUEST_ERRORS: '1', PROXY_BLOCK_CHARGES: '1' });
    expect(r.lines[0]).toBe(`[proxy] forwarding ${r.proxy.url} -> ${t}`);
    expect(r.lines[1]).toBe(
      `[proxy] report: GET http://127.0.0.1:${r.proxy.port}/__proxy/report; on Ctrl-C (SIGINT) or SIGTERM: JUnit + JSON in ${r.dir}`,
    );
    expect(r.lines[2]).toMatch(/^\[proxy\] \d+ operations relaxed where the contract says the source is silent \(x-unspecified\)/);
    expect(r.lines).toContain(
      "[proxy] PROXY_FAIL_ON_REQUEST_ERRORS=1: requests the contract rejects (the client's fault) fail the run too",
    );
    expect(r.lines).toContain(
      '[proxy] PROXY_BLOCK_CHARGES=1: operations marked x-credits.charges are answered here (403 PROXY-CHARGE-BLOCKED), never forwarded',
    );
  });

  it('without those settings, says nothing of them', async () => {
    const r = await run({ PROXY_TARGET: await target() });
    expect(r.lines.filter((line) => /PROXY_FAIL_ON_REQUEST_ERRORS=1:|PROXY_BLOCK_CHARGES=1:/.test(line))).toEqual([]);
  });
});

describe('stopping', () => {
  it('clean traffic: exit 0, every file written, the closing lines', async () => {
    const r = await run({ PROXY_TARGET: await target() });
    expect((await r.get('/me')).status).toBe(200);
    expect(await r.stop('SIGINT')).toBe(0);
    expect(r.lines).toContain(
      '[proxy] SIGINT: 1 exchanges, 0 violation(s) by the API, 0 request error(s) by clients (not counted; PROXY_FAIL_ON_REQUEST_ERRORS=1 counts them), 0 unconfirmed refund(s), 0 unverified (a guess, not counted), 0 blocked',
    );
    for (const file of ['proxy-junit.xml', 'proxy-report.json', 'coverage.json', 'coverage.md', 'report.html', 'run-report.json'])
      expect(existsSync(path.join(r.dir, file)), file).toBe(true);
    const report = JSON.parse(readFileSync(path.join(r.dir, 'run-report.json'), 'utf8'));
    expect({ verdict: report.verdict, because: report.because }).toEqual({ verdict: 'passed', because: ['0 violation(s) by the API'] });
    expect(r.lines.some((line) => line.startsWith('[proxy] summary appended'))).toBe(false);
  });

  it('a second stop gives the same code without stopping twice', async () => {
    const r = await run({ PROXY_TARGET: await target() });
    const [first, second] = await Promise.all([r.stop('SIGTERM'), r.stop('SIGTERM')]);
    expect([first, second]).toEqual([0, 0]);
    expect(r.lines.filter((line) => line.startsWith('[proxy] SIGTERM:'))).toHaveLength(1);
  });

  it('PROXY_MIN_COVERAGE not reached: exit 1, the shortfall printed and given as the reason', async () => {
    const r = await run({ PROXY_TARGET: await target(), PROXY_MIN_COVERAGE: '90' });
    await r.get('/me');
    expect(await r.stop('SIGTERM')).toBe(1);
    const short = r.lines.find((line) => line.startsWith('[proxy] PROXY_MIN_COVERAGE: coverage of documented responses'));
    expect(short).toMatch(/is below the minimum 90%/);
    const report = JSON.parse(readFileSync(path.join(r.dir, 'run-report.json'), 'utf8'));
    expect(report.verdict).toBe('failed');
    expect(report.because).toEqual(['0 violation(s) by the API', short?.replace('[proxy] ', '')]);
  });

  it('request errors fail the run only when PROXY_FAIL_ON_REQUEST_ERRORS=1 counts them, and say so', async () => {
    const counted = await run({ PROXY_TARGET: await target(), PROXY_FAIL_ON_REQUEST_ERRORS: '1' });
    await counted.get('/voices?page=not-a-number');
    expect(await counted.stop('SIGTERM')).toBe(1);
    expect(counted.lines.find((line) => line.startsWith('[proxy] SIGTERM:'))).toContain(
      '1 request error(s) by clients (counted: PROXY_FAIL_ON_REQUEST_ERRORS=1)',
    );
    const because = JSON.parse(readFileSync(path.join(counted.dir, 'run-report.json'), 'utf8')).because;
    expect(because).toEqual(['0 violation(s) by the API', '1 request error(s), counted']);
    const none = await run({ PROXY_TARGET: await target(), PROXY_FAIL_ON_REQUEST_ERRORS: '1' });
    await none.get('/me');
    expect(await none.stop('SIGTERM')).toBe(0);
    const free = await run({ PROXY_TARGET: await target() });
    await free.get('/voices?page=not-a-number');
    expect(await free.stop('SIGTERM')).toBe(0);
  });

  it('an answer over PROXY_MAX_RESPONSE_BYTES is listed as unjudged when it stops', async () => {
    const r = await run({ PROXY_TARGET: await target(), PROXY_MAX_RESPONSE_BYTES: '100' });
    const size = (await (await r.get('/me')).arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(100);
    expect(await r.stop('SIGTERM')).toBe(0);
    expect(r.lines).toContain(`[proxy] unjudged: getMe GET /me: body over PROXY_MAX_RESPONSE_BYTES=100 (up to ${size} bytes)`);
  });

  it('an unjudged answer on a path the contract lacks is listed without an operation', async () => {
    const r = await run({ PROXY_TARGET: await target(), PROXY_MAX_RESPONSE_BYTES: '10' });
    const size = (await (await r.get('/no-such-path')).arrayBuffer()).byteLength;
    await r.stop('SIGTERM');
    expect(r.lines).toContain(
      `[proxy] unjudged: (no operation) GET /no-such-path: body over PROXY_MAX_RESPONSE_BYTES=10 (up to ${size} bytes)`,
    );
  });

  it('a target that never answered: exit 1, each target error printed with how often it was seen', async () => {
    const down = await target();
    const r = await run({ PROXY_TARGET: down });
    await closed(down);
    for (let i = 0; i < 3; i += 1) await r.get('/me');
    expect(await r.stop('SIGTERM')).toBe(1);
    expect(r.lines).toContain('[proxy] 3 exchange(s) the target never completed (refused, reset or over PROXY_TIMEOUT_MS): the run fails');
    expect(r.lines.find((line) => line.startsWith('[proxy] target error: '))).toMatch(
      /^\[proxy\] target error: getMe GET \/me: .* \(seen 3 times\)$/,
    );
    const because = JSON.parse(readFileSync(path.join(r.dir, 'run-report.json'), 'utf8')).because;
    expect(because).toEqual(['0 violation(s) by the API', '1 kind(s) of exchange the target never completed']);
  });

  it('PROXY_RECORD: the scenario written, with what it holds, and how to serve it', async () => {
    const file = path.join(testTempDir('proxy-run-record-'), 'world.yaml');
    const r = await run({ PROXY_TARGET: await target(), PROXY_RECORD: file });
    await r.get('/me');
    expect(await r.stop('SIGTERM')).toBe(0);
    expect(r.lines).toContain(
      `[proxy] PROXY_RECORD: wrote ${file}: 1 account(s), 0 resource(s); serve it with video-api-mock --scenario ${file}`,
    );
    expect(YAML.parse(readFileSync(file, 'utf8')).accounts).toHaveLength(1);
  });

  it('GITHUB_STEP_SUMMARY set: the summary is appended there, and the run says so', async () => {
    const summary = path.join(testTempDir('proxy-run-summary-'), 'summary.md');
    const r = await run({ PROXY_TARGET: await target(), GITHUB_STEP_SUMMARY: summary });
    expect(await r.stop('SIGTERM')).toBe(0);
    expect(r.lines).toContain(`[proxy] summary appended to ${summary} (GITHUB_STEP_SUMMARY)`);
    expect(readFileSync(summary, 'utf8')).toMatch(/proxy/i);
  });
});
