// Long-running commands stop cleanly on a signal sent to the one process a user (or CI) started:
// `npm start` (the mock) and `npm run conformance`. The npm scripts are `exec node --import tsx …`,
// so npm forwards SIGTERM/SIGINT to the command and exits with its code. (`npm run proxy` is proven
// the same way in proxy.test.ts.) Each child binds a port it reports, and the port is free after.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';

/** `npm run <script>` with env; resolves once `ready` matches the output (its first group returned). */
function npmRun(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const seen = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = ready.exec(output);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`npm run ${script} exited with ${code} before ${ready}:\n${output}`)));
  });
  return { seen, exited, output: () => output, signal: (s: NodeJS.Signals) => child.kill(s) };
}

async function portFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('npm start (the mock)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process: exit 0, the port is free`, async () => {
      const run = npmRun('start', { MOCK_PORT: '0', MOCK_QUIET: '1' }, /mock: listening on (http:\/\/\S+)/);
      const url = await run.seen;
      // An open keep-alive connection must not hold the stop.
      const res = await fetch(`${url}/me`, { headers: { authorization: 'Bearer signals' } });
      expect(res.status).toBe(200);
      run.signal(signal);
      expect(await run.exited, run.output()).toBe(0);
      expect(run.output()).toContain(`mock: ${signal}: stopped`);
      expect(await portFree(Number(new URL(url).port))).toBe(true);
    }, 120_000);
  }
});

describe('npm run conformance', () => {
  it('SIGTERM to the npm process during the flows: summary and flows-junit.xml written, exit 0 with nothing found, mock port free', async () => {
    const reportDir = testTempDir('conformance-signal-');
    const run = npmRun(
      'conformance',
      { CONFORMANCE_PHASES: 'flows', CONFORMANCE_ALLOW_CHARGES: '1', CONFORMANCE_REPORT_DIR: reportDir },
      /\[conformance\] target (http:\/\/\S+)/,
    );
    const target = await run.seen;
    await new Promise<void>((resolve) => {
      const wait = () => (/flows phase:/.test(run.output()) ? resolve() : setTimeout(wait, 50));
      wait();
    });
    run.signal('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toMatch(/SIGTERM: stopping/);
    expect(run.output()).toMatch(/interrupted by SIGTERM: a partial run/);
    const junit = path.join(reportDir, 'flows-junit.xml');
    expect(existsSync(junit)).toBe(true);
    expect(readFileSync(junit, 'utf8')).not.toContain('<failure');
    expect(await portFree(Number(new URL(target).port))).toBe(true);
  }, 180_000);
  it('SIGTERM during a run over several tokens: every lane stops, the merged JUnit and the coverage are written, exit 0 with nothing found', async () => {
    const reportDir = testTempDir('conformance-signal-lanes-');
    const run = npmRun(
      'conformance',
      { CONFORMANCE_TOKENS: 'signal-lane-a,signal-lane-b', CONFORMANCE_REPORT_DIR: reportDir },
      /\[conformance\] target (http:\/\/\S+)/,
    );
    const target = await run.seen;
    await new Promise<void>((resolve) => {
      const wait = () => (/lane 2: unit-\d+ started/.test(run.output()) ? setTimeout(resolve, 1_500) : setTimeout(wait, 50));
      wait();
    });
    run.signal('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toMatch(/lane \d: unit-\d+ stopped \(SIGTERM\)/);
    expect(run.output()).toMatch(/interrupted by SIGTERM: a partial run/);
    expect(existsSync(path.join(reportDir, 'conformance-junit.xml'))).toBe(true);
    expect(existsSync(path.join(reportDir, 'coverage.json'))).toBe(true);
    expect(await portFree(Number(new URL(target).port))).toBe(true);
  }, 180_000);
});
