// The one way to run the mock as a child process (tests, conformance, benchmarks): the real
// `npm start` entry point (mock/start.ts) in its own Node process, on a port the OS picks unless
// MOCK_PORT is given, ready once it prints its address. stop() ends it (SIGTERM, then SIGKILL).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// In a package (scripts/pack/) the build defines __MOCK_COMMAND__: the compiled command beside this
// code, run by plain node. From a checkout: `npm start`'s entry through tsx.
declare const __MOCK_COMMAND__: string | undefined;
const ENTRY =
  typeof __MOCK_COMMAND__ === 'string'
    ? [fileURLToPath(new URL(__MOCK_COMMAND__, import.meta.url))]
    : ['--import', 'tsx', fileURLToPath(new URL('./start.ts', import.meta.url))];

export interface MockProcess {
  /** e.g. http://127.0.0.1:41234/v2, as the mock printed it. */
  baseUrl: string;
  port: number;
  /** The mock's process id (for measuring it, e.g. its RSS). */
  pid: number;
  /** Everything the mock printed so far (stdout and stderr). */
  logs(): string;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** How long to wait for the mock to listen (it may build stale generated files first). */
  startTimeoutMs?: number;
}

/** Starts the mock with `env` on top of this process's environment (MOCK_PORT defaults to 0: any free port). */
export function startMockProcess(env: Record<string, string> = {}, options: LaunchOptions = {}): Promise<MockProcess> {
  const timeoutMs = options.startTimeoutMs ?? 90_000;
  const child = spawn(process.execPath, ENTRY, {
    cwd: ROOT,
    env: { ...process.env, MOCK_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`mock did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /mock: listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      const baseUrl = match[1];
      resolve({ baseUrl, port: Number(new URL(baseUrl).port), pid: child.pid!, logs: () => output, stop });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`mock exited with ${code ?? signal} before listening:\n${output}`));
    });
  });
}
