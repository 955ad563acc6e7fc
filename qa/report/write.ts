// Writes a run's report.html and run-report.json (the same content as data, read by replay and
// merge) into its report directory.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderReportHtml } from './html.js';
import { appendStepSummary } from './markdown.js';
import type { RunReport } from './model.js';

export const REPORT_HTML = 'report.html';
export const REPORT_JSON = 'run-report.json';

/** Writes report.html and run-report.json; with GITHUB_STEP_SUMMARY set, appends the Markdown summary there too. */
export function writeRunReport(
  dir: string,
  report: RunReport,
  env: NodeJS.ProcessEnv = process.env,
): { html: string; json: string; summary?: string } {
  mkdirSync(dir, { recursive: true });
  const html = path.join(dir, REPORT_HTML);
  const json = path.join(dir, REPORT_JSON);
  writeFileSync(html, renderReportHtml(report));
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  return { html, json, summary: appendStepSummary(report, env) };
}

export function readRunReport(dir: string): RunReport {
  return JSON.parse(readFileSync(path.join(dir, REPORT_JSON), 'utf8')) as RunReport;
}
