// Writes a run's report.html and run-report.json (the same content as data, read by replay and
// merge) into its report directory.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderReportHtml } from './html.js';
import type { RunReport } from './model.js';

export const REPORT_HTML = 'report.html';
export const REPORT_JSON = 'run-report.json';

export function writeRunReport(dir: string, report: RunReport): { html: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const html = path.join(dir, REPORT_HTML);
  const json = path.join(dir, REPORT_JSON);
  writeFileSync(html, renderReportHtml(report));
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  return { html, json };
}

export function readRunReport(dir: string): RunReport {
  return JSON.parse(readFileSync(path.join(dir, REPORT_JSON), 'utf8')) as RunReport;
}
