// How `npm test` runs its steps (scripts/test.ts): one after the other, or in lanes side by side
// where one step leaves the machine's cores idle (the browser tier mostly waits on Chromium and the
// mock). The first lane of a stage prints as it runs; a step of another lane is read into memory and
// printed whole when the stage ends, after a one-line notice when it starts and when it ends, so
// two runners' lines never interleave. SIGTERM or SIGINT reaches every running step; the runner then
// prints what they wrote and its summary.
import { spawn, type ChildProcess } from 'node:child_process';
import { add, NONE, type Count } from './test-count.js';

export interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads what the step ran; absent: the step is one test that passes when it exits 0. */
  count?: (exitCode: number) => Count | undefined;
}

/** Steps one after the other, or lanes of steps side by side (each lane in order). */
export type Stage = Step | { lanes: Step[][] };

export interface StepResult {
  step: Step;
  code: number;
  count: Count;
  ms: number;
}

const running = new Set<ChildProcess>();
let stopping: NodeJS.Signals | undefined;

/** Passes a stop signal to every running step; later steps are not started. */
export function stopSteps(signal: NodeJS.Signals): void {
  stopping = signal;
  for (const child of running) child.kill(signal);
}

/** The signal the run was stopped with, if any. */
export const stoppedBy = (): NodeJS.Signals | undefined => stopping;

/** A duration as the runner prints it: whole seconds. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(0)}s`;

/** Runs one step; its output goes to this terminal (`live`) or into `buffer`. Resolves with its exit code. */
function spawnStep(root: string, step: Step, buffer?: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', buffer ? 'pipe' : 'inherit', buffer ? 'pipe' : 'inherit'],
    });
    running.add(child);
    child.stdout?.on('data', (chunk: Buffer) => buffer?.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => buffer?.push(chunk.toString()));
    // A command that cannot start (not installed) may never emit 'close': its step ends here, as 127.
    child.on('error', (error) => {
      running.delete(child);
      buffer?.push(`test: could not start ${step.command}: ${error.message}\n`);
      if (!buffer) console.error(`test: could not start ${step.command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** The step's count: what its report says, or one test; a non-zero exit with nothing failed is one failure. */
function countOf(step: Step, code: number): Count {
  const count = step.count?.(code) ?? (code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
  return code !== 0 && count.failed === 0 ? { ...count, failed: 1 } : count;
}

/** Runs a lane's steps in order; `buffered` lanes keep each step's output for the end of the stage. */
async function runLane(root: string, lane: Step[], buffered: boolean, beside: string, outputs: string[]): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of lane) {
    if (stopping) break;
    const started = Date.now();
    const buffer = buffered ? [] : undefined;
    if (buffered) console.log(`\n[test] beside ${beside}, started: ${step.name} (its output follows when the stage ends)`);
    else console.log(`\n[test] step: ${step.name}`);
    const code = await spawnStep(root, step, buffer);
    const result = { step, code, count: countOf(step, code), ms: Date.now() - started };
    results.push(result);
    if (buffer) {
      console.log(`\n[test] beside ${beside}, ended: ${step.name}: exit ${code} (${seconds(result.ms)})`);
      outputs.push(`\n[test] step: ${step.name} (ran beside ${beside})\n${buffer.join('')}`);
    }
  }
  return results;
}

/** Runs the stages in order; returns each step's result in the order the stages list them. */
export async function runStages(root: string, stages: Stage[]): Promise<StepResult[]> {
  stopping = undefined;
  const results: StepResult[] = [];
  for (const stage of stages) {
    if (stopping) break;
    const lanes = 'lanes' in stage ? stage.lanes : [[stage]];
    // "vitest, process tier (the mock, …)" is named "vitest, process tier" in the lines of the steps beside it.
    const beside = lanes[0].map((step) => step.name.replace(/ \(.*$/, '')).join(', ');
    const outputs: string[] = [];
    const done = await Promise.all(lanes.map((lane, i) => runLane(root, lane, i > 0, beside, outputs)));
    for (const output of outputs) process.stdout.write(output);
    results.push(...done.flat());
  }
  return results;
}

/** The total of every step's count. */
export const totalOf = (results: StepResult[]): Count => results.map((r) => r.count).reduce(add, NONE);
