// The validating proxy as a user starts it (`npm run proxy` on PROXY_PORT=0, the port it prints),
// and a check that its port is free again: shared by the proxy's test files.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from './temp-dirs.js';

export interface ProxyProcess {
  base: string;
  root: string;
  port: number;
  reportDir: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The PROXY_* settings the proxy's tests start it with: a report folder of its own, port 0, no grace. */
export function proxyTestSettings(target: string, env: Record<string, string>): { reportDir: string; settings: NodeJS.ProcessEnv } {
  const reportDir = testTempDir('proxy-test-');
  const settings = {
    ...process.env,
    PROXY_TARGET: target,
    PROXY_PORT: '0',
    PROXY_REPORT_DIR: reportDir,
    PROXY_REFUND_GRACE_MS: '0',
    GITHUB_STEP_SUMMARY: '',
    ...env,
  };
  return { reportDir, settings };
}

/**
 * `npm run proxy` as a user starts it, on port 0 (PROXY_PORT=0): the port is the one it prints, so
 * no other process can take it between choosing and binding. stop() signals the npm process only.
 */
export async function startProxyProcess(target: string, env: Record<string, string> = {}): Promise<ProxyProcess> {
  const { reportDir, settings } = proxyTestSettings(target, env);
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'proxy'], {
    cwd: ROOT,
    env: settings,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`proxy did not start:\n${output}`)), 60_000);
    const check = () => {
      const m = /forwarding http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`proxy exited with ${code}:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}/v2`,
    root: `http://127.0.0.1:${port}`,
    port,
    reportDir,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** True when nothing listens on the port any more (it can be bound again). */
export async function portFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
