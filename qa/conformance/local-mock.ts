// Start the project's mock (mock/launch.ts: `mock/start.ts` on a free port) for one conformance run,
// and stop it afterwards. CONFORMANCE_LOCAL_SERVER=prism runs plain Prism on the bundle instead (it
// serves paths at the root, without /v2): a development aid, not what `npm test` runs.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../lib/free-port.js';
import { startMockProcess } from '../../mock/launch.js';
import { BIN, ROOT } from '../paths.js';

export interface LocalServer {
  baseUrl: string;
  /** Last lines the server printed, for error messages. */
  log(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
const MAX_RESOURCES = 50_000;

const tail = (text: string) => text.split('\n').filter(Boolean).slice(-40).join('\n');

export async function startLocalServer(kind: string | undefined = process.env.CONFORMANCE_LOCAL_SERVER): Promise<LocalServer> {
  if (kind !== 'prism') {
    // One token creates a few thousand resources in a full run, and the seeded ones (seed.ts) must
    // outlive them all: the mock's default of 100 per account would drop the seeds first. Each step
    // of a job lasts 600 ms: long enough for the rules checks to read a state and act in it.
    const mock = await startMockProcess(
      { MOCK_STEP_MS: process.env.MOCK_STEP_MS ?? '600', MOCK_MAX_RESOURCES: process.env.MOCK_MAX_RESOURCES ?? String(MAX_RESOURCES) },
      { startTimeoutMs: START_TIMEOUT_MS },
    );
    return { baseUrl: mock.baseUrl, log: () => tail(mock.logs()), stop: mock.stop };
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    BIN('prism'),
    ['mock', path.join(ROOT, 'generated', 'openapi.yaml'), '-h', '127.0.0.1', '-p', String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;

  const lines: string[] = [];
  const keep = (d: Buffer) => {
    lines.push(...d.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited !== undefined || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`local server exited (${exited}) before answering:\n${lines.join('\n')}`);
    try {
      await fetch(`${baseUrl}/me`, { signal: AbortSignal.timeout(1_000) });
      return { baseUrl, log: () => lines.join('\n'), stop };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop();
  throw new Error(`local server did not answer on ${baseUrl} within ${START_TIMEOUT_MS / 1000}s:\n${lines.join('\n')}`);
}
