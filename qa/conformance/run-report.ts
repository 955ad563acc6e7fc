// The conformance run's report.html and run-report.json (qa/report/): the verdict, the counts by
// kind, the coverage and every failure of every phase with its reproduction.
import { failuresFromFindings } from '../report/from-findings.js';
import { countByKind, type RunReport } from '../report/model.js';
import { writeRunReport } from '../report/write.js';
import type { CoverageReport } from '../checker/coverage.js';
import type { RunContext } from './run-context.js';

export function conformanceReport(run: RunContext, target: string, covered: CoverageReport, because: string[], failed: boolean): RunReport {
  const failures = failuresFromFindings(run.findings, run.contract);
  return {
    tool: 'conformance',
    title: 'Conformance',
    verdict: failed ? 'failed' : 'passed',
    because,
    target,
    startedAt: new Date(run.started).toISOString(),
    seconds: (Date.now() - run.started) / 1000,
    counts: countByKind(failures),
    figures: {},
    coverage: covered,
    failures,
    notes: run.interrupted() ? [`interrupted by ${run.interrupted()}: a partial run`] : [],
    reportDir: run.reportDir,
    shard: run.settings.shard ? `${run.settings.shard.index}/${run.settings.shard.count}` : undefined,
    rules: run.rules.list(),
  };
}

export function writeConformanceReport(run: RunContext, target: string, covered: CoverageReport, because: string[], failed: boolean) {
  return writeRunReport(run.reportDir, conformanceReport(run, target, covered, because, failed));
}
