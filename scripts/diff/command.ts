// `npm run diff` as a function (main.ts runs it with the process's arguments, console and
// environment): compares the contract (openapi/, bundled afresh; or --head) with the last release
// (or --base) and lists every change. Exit code 0 clean, 1 on a breaking change no change-log entry
// acknowledges (with --gate also on a behaviour change with no entry at all), 2 when it cannot run.
import { parseArgs } from 'node:util';
import { diffContracts, gateProblems } from './diff.js';
import { bundleSource, latestBase, loadBase } from './releases.js';
import { writeStepSummary } from './summary.js';
import type { Change } from './types.js';

/** Where the command writes: its report (log) and what the gate asks (error). */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** The human report: the count per class, then each change with where it is. */
export function changeReport(changes: readonly Change[], baseLabel: string): string[] {
  if (!changes.length) return [`diff: no changes against ${baseLabel}`];
  const count = (c: Change['class']) => changes.filter((x) => x.class === c).length;
  const lines = [`diff: against ${baseLabel}: ${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('docs')} docs`];
  for (const c of changes) {
    const mark = c.class === 'breaking' ? (c.acknowledged ? 'breaking (acknowledged)' : 'BREAKING') : c.class;
    lines.push(`  ${mark}: ${c.message}\n      at ${c.pointer}`);
  }
  return lines;
}

/** Runs `npm run diff -- <argv>`; gives the exit code. */
export function diffCommand(argv: string[], out: CommandOutput = console, env: NodeJS.ProcessEnv = process.env): number {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        json: { type: 'boolean', default: false },
        gate: { type: 'boolean', default: false },
      },
    });
    const base = values.base ? loadBase(values.base) : latestBase();
    if (!base) {
      out.log('diff: no release in releases/ to compare with (npm run release -- <version> writes one)');
      return 0;
    }
    const head = values.head ? loadBase(values.head).doc : bundleSource();
    const result = diffContracts(base.doc, head);
    const problems = values.gate ? gateProblems(result) : gateProblems(result).filter((p) => p.includes('breaking change'));
    if (values.json) out.log(JSON.stringify({ changes: result.changes }, null, 2));
    else for (const line of changeReport(result.changes, base.label)) out.log(line);
    for (const p of problems) out.error(`diff: ${p}`);
    writeStepSummary(result.changes, base.label, problems, env);
    return problems.length ? 1 : 0;
  } catch (error) {
    out.error(`diff failed: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}
