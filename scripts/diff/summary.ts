// The diff as a Markdown summary for a CI run's page (GitHub Actions reads GITHUB_STEP_SUMMARY):
// the verdict, the count per class, and each breaking change.
import { appendFileSync } from 'node:fs';
import type { Change } from './types.js';

export function summaryMarkdown(changes: readonly Change[], baseLabel: string, problems: readonly string[]): string {
  const count = (c: Change['class']) => changes.filter((x) => x.class === c).length;
  const breaking = changes.filter((c) => c.class === 'breaking');
  const verdict = problems.length ? 'fails' : 'passes';
  const lines = [
    `## Contract diff against ${baseLabel}`,
    '',
    `The gate ${verdict}: ${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('docs')} docs.`,
    '',
    '| class | changes |',
    '| --- | --- |',
    ...(['breaking', 'non-breaking', 'docs'] as const).map((c) => `| ${c} | ${count(c)} |`),
  ];
  if (breaking.length) {
    lines.push('', '### Breaking changes', '');
    for (const c of breaking) lines.push(`- ${c.acknowledged ? '(acknowledged) ' : ''}${c.message} (at \`${c.pointer}\`)`);
  }
  if (problems.length) lines.push('', '### What the gate asks', '', ...problems.map((p) => `- ${p}`));
  return `${lines.join('\n')}\n`;
}

/** Appends the summary when the run has a step summary file. */
export function writeStepSummary(
  changes: readonly Change[],
  baseLabel: string,
  problems: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file) appendFileSync(file, summaryMarkdown(changes, baseLabel, problems));
}
