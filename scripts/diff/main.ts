// npm run diff [-- --base <ref|file|version>] [--head <bundle file>] [--json] [--gate]
// Compares the contract (openapi/, bundled afresh; or --head) with the last release (or --base) and
// lists every change: breaking, non-breaking or docs. Exit 1 on a breaking change no change-log entry
// acknowledges; with --gate (npm test) also on a behaviour change with no change-log entry at all.
// With GITHUB_STEP_SUMMARY set, a Markdown summary is appended to that file.
import { parseArgs } from 'node:util';
import { diffContracts, gateProblems } from './diff.js';
import { bundleSource, latestBase, loadBase } from './releases.js';
import { writeStepSummary } from './summary.js';
import type { Change } from './types.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string' },
    json: { type: 'boolean', default: false },
    gate: { type: 'boolean', default: false },
  },
});

function print(changes: Change[], baseLabel: string): void {
  if (!changes.length) {
    console.log(`diff: no changes against ${baseLabel}`);
    return;
  }
  const count = (c: Change['class']) => changes.filter((x) => x.class === c).length;
  console.log(`diff: against ${baseLabel}: ${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('docs')} docs`);
  for (const c of changes) {
    const mark = c.class === 'breaking' ? (c.acknowledged ? 'breaking (acknowledged)' : 'BREAKING') : c.class;
    console.log(`  ${mark}: ${c.message}\n      at ${c.pointer}`);
  }
}

function main(): number {
  const base = values.base ? loadBase(values.base) : latestBase();
  if (!base) {
    console.log('diff: no release in releases/ to compare with (npm run release -- <version> writes one)');
    return 0;
  }
  const head = values.head ? loadBase(values.head).doc : bundleSource();
  const result = diffContracts(base.doc, head);
  const problems = values.gate ? gateProblems(result) : gateProblems(result).filter((p) => p.includes('breaking change'));
  if (values.json) console.log(JSON.stringify({ changes: result.changes }, null, 2));
  else print(result.changes, base.label);
  for (const p of problems) console.error(`diff: ${p}`);
  writeStepSummary(result.changes, base.label, problems);
  return problems.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`diff failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 2;
}
