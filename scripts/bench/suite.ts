// `npm run bench:suite`: a benchmark, not a test. Runs `npm run test:fast` and `npm test` one after
// the other and prints the wall time of each, with its closing `tests:` line; each run's whole output
// goes to reports/bench/suite-<command>.log, and each time is held to its goal (2 and 10 minutes).
// `-- fast` or `-- full` runs one of them. The machine's
// load average is printed too: on a shared machine the times say as much about it as about the suite.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/project.js';

const RUNS = { fast: ['run', 'test:fast'], full: ['test'] } as const;
/** The wall-time goals, in seconds: the inner loop within 2 minutes, the whole suite within 10 (docs/testing.md). */
const GOALS = { fast: 120, full: 600 } as const;
type Run = keyof typeof RUNS;

interface Timed {
  run: Run;
  seconds: number;
  code: number;
  closing: string;
}

/** Runs `npm <args>`, its output into the log file; the exit code, the wall time and the closing line. */
function timed(run: Run, log: string): Promise<Timed> {
  const started = Date.now();
  const out = createWriteStream(log);
  let tail = '';
  return new Promise((resolve) => {
    const child = spawn('npm', [...RUNS[run]], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      out.end();
      const closing = tail.match(/^tests: .*$/m)?.[0] ?? '(no closing line)';
      resolve({ run, seconds: (Date.now() - started) / 1000, code: code ?? 1, closing });
    });
  });
}

async function main(): Promise<number> {
  const chosen = process.argv.slice(2).filter((a): a is Run => a in RUNS);
  const runs: Run[] = chosen.length ? chosen : ['fast', 'full'];
  const dir = path.join(ROOT, 'reports', 'bench');
  mkdirSync(dir, { recursive: true });
  const results: Timed[] = [];
  for (const run of runs) {
    const command = `npm ${RUNS[run].join(' ')}`;
    console.log(`bench:suite: ${command} (load average ${os.loadavg()[0].toFixed(1)} at the start)`);
    const result = await timed(run, path.join(dir, `suite-${run}.log`));
    console.log(`bench:suite: ${command}: ${result.seconds.toFixed(0)} s, exit ${result.code}; ${result.closing}`);
    results.push(result);
  }
  console.log(`\nbench:suite on ${os.cpus().length} cores, Node ${process.version}:`);
  for (const r of results) {
    const goal = `goal at most ${GOALS[r.run] / 60} min: ${r.seconds <= GOALS[r.run] ? 'met' : 'not met'}`;
    console.log(
      `  ${`npm ${RUNS[r.run].join(' ')}`.padEnd(18)} ${Math.floor(r.seconds / 60)} min ${(r.seconds % 60).toFixed(0)} s (${goal})`,
    );
  }
  console.log(`logs: ${path.relative(ROOT, dir)}/suite-<run>.log`);
  return results.some((r) => r.code !== 0) ? 1 : 0;
}

main().then((code) => process.exit(code));
