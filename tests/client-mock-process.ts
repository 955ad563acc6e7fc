// Starts the real mock (`mock/start.ts`, what `npm start` runs) on a free port for client flow
// tests, and stops it. MOCK_PORT=0 lets the OS pick; the URL is read from the mock's first line.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface MockProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

export function startMock(env: Record<string, string> = {}): Promise<MockProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'mock', 'start.ts')], {
    cwd: root,
    env: { ...process.env, MOCK_PORT: '0', MOCK_STEP_MS: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error(`mock did not start in 60 s:\n${output}`)); }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({
        baseUrl: match[1],
        stop: () => new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => { output += chunk; });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`mock exited with ${code}:\n${output}`)); });
  });
}
