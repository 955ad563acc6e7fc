// One Schemathesis process: started, its output passed through the banner filter (to the console,
// or to a log file when several run at once), stopped with the run. Every live process is known
// here, so SIGTERM/SIGINT to the runner reaches each of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { pipeNeutralized } from './output-filter.js';

const HEARTBEAT_MS = 30_000;
const live = new Set<ChildProcess>();

/** Passes a signal on to every Schemathesis process still running. */
export function signalAll(signal: NodeJS.Signals): void {
  for (const child of live) child.kill(signal);
}

export interface ProcessOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where the output goes: the console (one process), or a file (several at once). */
  logFile?: string;
  /** A heartbeat line every 30 s (console runs only: lanes report per unit instead). */
  heartbeat?: (elapsedSeconds: number) => void;
}

/** Resolves to the exit code. */
export function runSchemathesisProcess(options: ProcessOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    // Piped through a filter: Schemathesis's pytest-style banners must not read as another runner's closing line.
    const child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    const file = options.logFile ? createWriteStream(options.logFile) : undefined;
    const piped = Promise.all([
      pipeNeutralized(child.stdout, file ?? process.stdout),
      pipeNeutralized(child.stderr, file ?? process.stderr),
    ]);
    const beat = options.heartbeat;
    const heartbeat = beat ? setInterval(() => beat(Math.round((Date.now() - started) / 1000)), HEARTBEAT_MS) : undefined;
    const done = () => {
      clearInterval(heartbeat);
      live.delete(child);
    };
    child.on('error', (e) => {
      done();
      file?.end();
      reject(e);
    });
    child.on('close', (code) => {
      done();
      void piped.then(() => {
        if (file) file.end(() => resolve(code ?? 1));
        else resolve(code ?? 1);
      });
    });
  });
}
