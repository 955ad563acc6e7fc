// The proxy's report as files: JSON (the same object GET /__proxy/report answers) and JUnit XML,
// one test case per operation seen, one <failure> per violation (message = kind), so CI shows
// which operation broke what. Unconfirmed refunds, and what a guess in the contract left unjudged
// (unverified), are listed as skipped test cases, not failures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../checker/types.js';

export const xmlEscape = (s: string) =>
  s
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
    // XML 1.0 cannot carry most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export interface JUnitCase {
  name: string;
  failures: { type: string; text: string }[];
  skipped?: string;
  time?: number;
}

/** A JUnit document of one suite. Each failure's body starts "- TYPE text" so the conformance summary parses it. */
export function junit(suite: string, cases: JUnitCase[]): string {
  return junitSuites([{ name: suite, cases }]);
}

/** A JUnit document of several suites. */
export function junitSuites(suites: { name: string; cases: JUnitCase[] }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.map((s) => suiteXml(s.name, s.cases)).join('')}</testsuites>\n`;
}

function suiteXml(suite: string, cases: JUnitCase[]): string {
  const failures = cases.reduce((n, c) => n + c.failures.length, 0);
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const body = cases.map((c) => {
    const inner = [
      ...c.failures.map(
        (f) => `      <failure type="failure" message="${xmlEscape(f.type)}">${xmlEscape(`- ${f.type} ${f.text}`)}</failure>`,
      ),
      ...(c.skipped !== undefined ? [`      <skipped message="${xmlEscape(c.skipped)}"/>`] : []),
    ];
    const time = (c.time ?? 0).toFixed(3);
    return inner.length
      ? `    <testcase name="${xmlEscape(c.name)}" classname="${xmlEscape(suite)}" time="${time}">\n${inner.join('\n')}\n    </testcase>`
      : `    <testcase name="${xmlEscape(c.name)}" classname="${xmlEscape(suite)}" time="${time}"/>`;
  });
  return `  <testsuite name="${xmlEscape(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}">\n${body.join('\n')}\n  </testsuite>\n`;
}

/**
 * Three suites: `proxy` (the API's violations, one case per operation), `proxy request errors`
 * (one case per request the contract rejects: the client's fault; skipped, or failed when
 * PROXY_FAIL_ON_REQUEST_ERRORS=1 makes them count) and `proxy target errors` (one failed case per
 * operation and kind of exchange the target never completed).
 */
export function reportJUnit(report: Report, options: { failOnRequestErrors?: boolean } = {}): string {
  const names = new Set([...Object.keys(report.operations), ...report.violations.map((v) => v.operationId ?? 'undocumented requests')]);
  const cases: JUnitCase[] = [...names].sort().map((name) => ({
    name,
    failures: report.violations
      .filter((v) => (v.operationId ?? 'undocumented requests') === name)
      .map((v) => ({ type: v.kind.toUpperCase(), text: v.message })),
  }));
  for (const u of report.unconfirmed) cases.push({ name: `refund ${u.resource}`, failures: [], skipped: u.message });
  for (const u of report.unverified)
    cases.push({ name: `unverified ${u.operationId}`, failures: [], skipped: `${u.kind} ${u.message} (not judged: ${u.why})` });
  for (const u of report.unjudged)
    cases.push({
      name: `unjudged ${u.operationId ?? 'unknown route'} ${u.method} ${u.path}`,
      failures: [],
      skipped: `${u.reason} (up to ${u.bytes} bytes)`,
    });
  const requestCases: JUnitCase[] = report.requestErrors.map((e) => {
    const text = `${e.message}${e.repeats ? ` (seen ${e.repeats + 1} times)` : ''}`;
    const type = e.kind === 'unknown-route' ? 'UNKNOWN-ROUTE' : 'REQUEST';
    return options.failOnRequestErrors
      ? { name: `${e.operationId ?? e.kind} ${e.method} ${e.path}`, failures: [{ type, text }] }
      : { name: `${e.operationId ?? e.kind} ${e.method} ${e.path}`, failures: [], skipped: `client's fault, not counted: ${text}` };
  });
  // Exchanges the target never completed: the API was not there to answer, which fails the run.
  const targetCases: JUnitCase[] = report.targetErrors.map((e) => ({
    name: `${e.operationId ?? 'unknown route'} ${e.kind}`,
    failures: [{ type: 'TARGET-ERROR', text: `${e.message}${e.repeats ? ` (seen ${e.repeats + 1} times)` : ''}` }],
  }));
  for (const d of report.dropped.filter((d) => d.list === 'violations')) {
    const named = cases.find((c) => c.name === (d.group === 'unknown routes' ? 'undocumented requests' : d.group));
    named?.failures.push({ type: 'MORE', text: `${d.count} more violation(s) not listed (at most ${report.findingsCap} per operation)` });
  }
  return junitSuites([
    { name: 'proxy', cases },
    { name: 'proxy request errors', cases: requestCases },
    { name: 'proxy target errors', cases: targetCases },
  ]);
}

/** Writes proxy-report.json and proxy-junit.xml into `dir`; returns their paths. */
export function writeReport(dir: string, report: Report, options: { failOnRequestErrors?: boolean } = {}): { json: string; junit: string } {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'proxy-report.json');
  const xml = path.join(dir, 'proxy-junit.xml');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(xml, reportJUnit(report, options));
  return { json, junit: xml };
}
