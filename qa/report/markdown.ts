// A run's summary as Markdown for CI job summaries (GITHUB_STEP_SUMMARY): the verdict, the counts,
// the coverage and the failures with links into report.html. GitHub renders HTML inside Markdown,
// so every text from the run is escaped; a long list is cut at MAX_LISTED with a count of the rest.
import { appendFileSync } from 'node:fs';
import type { Ratio } from '../checker/coverage.js';
import { anchor } from './html.js';
import type { RunReport } from './model.js';

const MAX_LISTED = 30;

/** Text safe in Markdown, in a table cell too: no HTML, no table breaks, no link or code syntax. */
export const md = (value: unknown) =>
  String(value ?? '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/([\\`*_[\]|#!])/g, '\\$1')
    .replace(/\s+/g, ' ')
    .trim();

const pct = (r: Ratio) => (r.total ? ((100 * r.covered) / r.total).toFixed(0) : '100');

export function summaryMarkdown(report: RunReport, reportUrl = 'report.html'): string {
  const c = report.coverage;
  const lines = [
    `### ${md(report.title)}: ${report.verdict === 'passed' ? '✅ PASSED' : '❌ FAILED'}${report.shard ? ` (shard ${md(report.shard)})` : ''}`,
    '',
    `Target \`${report.target.replace(/`/g, '')}\`, ${report.seconds.toFixed(0)} s. ${report.because.map(md).join('; ')}.`,
    '',
    '| failures by kind | count |',
    '| --- | ---: |',
    ...(Object.entries(report.counts).length ? Object.entries(report.counts).map(([k, n]) => `| ${md(k)} | ${n} |`) : ['| none | 0 |']),
    '',
    `**Coverage:** operations ${c.operations.covered}/${c.operations.total} (${pct(c.operations)}%), responses ${c.responses.covered}/${c.responses.total} (${pct(c.responses)}%), transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions)}%), terminal states ${c.terminalStates.covered}/${c.terminalStates.total}, error codes ${c.errorCodes.covered}/${c.errorCodes.total}, charging ${c.charging.called}/${c.charging.total} (refunds seen ${c.charging.refundsSeen}).`,
    '',
  ];
  if (report.failures.length) {
    lines.push('**Failures** (each links to its section of the report):', '');
    for (const f of report.failures.slice(0, MAX_LISTED))
      lines.push(`- [${md(f.kind)} ${md(f.operation)}](${reportUrl}#${anchor(f.id)}): ${md(f.title).slice(0, 240)}`);
    if (report.failures.length > MAX_LISTED)
      lines.push(`- … and ${report.failures.length - MAX_LISTED} more in [the report](${reportUrl}#failures)`);
    lines.push('');
  }
  lines.push(`Full report: \`${md(report.reportDir)}/report.html\``, '', '');
  return lines.join('\n');
}

/**
 * Appends the summary where CI shows it, when GITHUB_STEP_SUMMARY names a file. Links point at
 * QA_REPORT_URL (where the pipeline publishes report.html) when set, else at report.html beside it.
 */
export function appendStepSummary(report: RunReport, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = env.GITHUB_STEP_SUMMARY?.trim();
  if (!file) return undefined;
  appendFileSync(file, summaryMarkdown(report, env.QA_REPORT_URL?.trim() || 'report.html'));
  return file;
}
