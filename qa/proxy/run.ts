// The validating proxy as a function: `npm run proxy` (main.ts) runs it with the process's
// environment and console, and ends the process with the exit code stop() gives. The settings come
// from the PROXY_* variables (settings.ts); every line it prints starts with `[proxy] `.
import { ContractModel, describeRelaxations } from '../../lib/contract/index.js';
import { belowThreshold, coverageLine, writeCoverage } from '../checker/coverage.js';
import { type Checker, formatRequestError, formatViolation } from '../checker/checker.js';
import { confirmRefunds } from '../checker/confirm-refunds.js';
import { RecordingChecker, ScenarioRecorder } from './record.js';
import { REPORT_PATH, startProxy } from './forward.js';
import { writeReport } from './report.js';
import { type ProxySettings, readProxySettings } from './settings.js';
import { runReportFromProxy } from '../report/from-proxy.js';
import { writeRunReport } from '../report/write.js';

/** A running proxy. */
export interface ProxyRun {
  url: string;
  port: number;
  /**
   * Stops it as SIGINT/SIGTERM do: stops listening, confirms refunds, writes the reports, and gives
   * the exit code (1: the API violated the contract or an exchange never completed, else 0). A second
   * call while the first runs cuts the refund check short and gives the same code.
   */
  stop(signal: string): Promise<number>;
}

/** Starts the proxy with these PROXY_* settings; `print` gets each line (default: the console). */
export async function runProxy(env: NodeJS.ProcessEnv, print: (line: string) => void = console.log): Promise<ProxyRun> {
  const log = (line: string) => print(`[proxy] ${line}`);
  const contract = ContractModel.load();
  // The base path every contract path lives under: the path of the contract's server URLs (/v2).
  const basePath = contract.basePath();
  const settings = readProxySettings(env, basePath);
  const checker = new RecordingChecker({
    contract,
    refundGraceMs: settings.refundGraceMs,
    onViolation: (v) => log(formatViolation(v)),
    onRequestError: (e) => log(formatRequestError(e)),
  });
  if (settings.record) checker.recorder = new ScenarioRecorder(checker);
  const proxy = await startProxy({
    target: settings.target,
    basePath,
    port: settings.port,
    checker,
    blockCharges: settings.blockCharges,
    maxBodyBytes: settings.maxBodyBytes,
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    log,
  });
  let stopped: Promise<number> | undefined;
  let signals = 0;
  const started = new Date();
  const stop = async (signal: string): Promise<number> => {
    await proxy.close();
    // Refunds the traffic never showed: read for them with the charged token (confirm-refunds.ts).
    if (settings.confirmRefunds && checker.credits.awaited().length) {
      const calls = await confirmRefunds({
        checker,
        target: settings.target,
        log,
        stopped: () => signals > 1,
        timeoutMs: settings.timeoutMs,
      });
      log(`refund check: ${calls} read-only call(s) of the proxy's own (PROXY_CONFIRM_REFUNDS=0 turns them off)`);
    }
    if (checker.recorder && settings.record) {
      const { accounts, resources } = checker.recorder.write(settings.record);
      log(
        `PROXY_RECORD: wrote ${settings.record}: ${accounts} account(s), ${resources} resource(s); serve it with video-api-mock --scenario ${settings.record}`,
      );
    }
    return closeRun(signal, checker, settings, started, log, env) ? 1 : 0;
  };
  startLines(proxy, settings, checker, log);
  return {
    url: proxy.url,
    port: proxy.port,
    stop: (signal) => {
      signals++;
      stopped ??= stop(signal);
      return stopped;
    },
  };
}

/** What the proxy says when it starts: where it forwards, where the report is, what it relaxes. */
function startLines(proxy: { url: string; port: number }, settings: ProxySettings, checker: Checker, log: (line: string) => void): void {
  log(`forwarding ${proxy.url} -> ${settings.target.href.replace(/\/+$/, '')}`);
  log(`report: GET http://127.0.0.1:${proxy.port}${REPORT_PATH}; on Ctrl-C (SIGINT) or SIGTERM: JUnit + JSON in ${settings.reportDir}`);
  // The same leniency as conformance (lib/contract/leniency.ts): what is relaxed where, and why.
  const relaxed = [...checker.relaxed.values()];
  log(
    `${relaxed.length} operations relaxed where the contract says the source is silent (x-unspecified), as in conformance; every other check is strict; the list is also in GET ${REPORT_PATH} (relaxed), and what they spare is listed there as unverified:`,
  );
  for (const line of describeRelaxations(relaxed)) log(`  ${line}`);
  if (settings.failOnRequestErrors)
    log("PROXY_FAIL_ON_REQUEST_ERRORS=1: requests the contract rejects (the client's fault) fail the run too");
  if (settings.blockCharges)
    log('PROXY_BLOCK_CHARGES=1: operations marked x-credits.charges are answered here (403 PROXY-CHARGE-BLOCKED), never forwarded');
}

/** Writes every report file and prints the closing lines; true when the run failed. */
function closeRun(
  signal: string,
  checker: Checker,
  settings: ProxySettings,
  started: Date,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv,
): boolean {
  const report = checker.report();
  const files = writeReport(settings.reportDir, report, { failOnRequestErrors: settings.failOnRequestErrors });
  log(
    `${signal}: ${report.exchanges} exchanges, ${report.violations.length} violation(s) by the API, ${report.requestErrors.length} request error(s) by clients (${settings.failOnRequestErrors ? 'counted: PROXY_FAIL_ON_REQUEST_ERRORS=1' : 'not counted; PROXY_FAIL_ON_REQUEST_ERRORS=1 counts them'}), ${report.unconfirmed.length} unconfirmed refund(s), ${report.unverified.length} unverified (a guess, not counted), ${report.blocked} blocked`,
  );
  for (const u of report.unconfirmed) log(`unconfirmed: ${u.message}`);
  for (const u of report.unjudged)
    log(`unjudged: ${u.operationId ?? '(no operation)'} ${u.method} ${u.path}: ${u.reason} (up to ${u.bytes} bytes)`);
  if (report.targetErrors.length) {
    const total = report.targetErrors.reduce((n, e) => n + 1 + (e.repeats ?? 0), 0);
    log(`${total} exchange(s) the target never completed (refused, reset or over PROXY_TIMEOUT_MS): the run fails`);
    for (const e of report.targetErrors) log(`target error: ${e.message}${e.repeats ? ` (seen ${e.repeats + 1} times)` : ''}`);
  }
  for (const d of report.dropped) log(`${d.count} more ${d.list} for ${d.group} not listed (at most ${report.findingsCap} per operation)`);
  const coverageFiles = writeCoverage(settings.reportDir, report.coverage, 'Validating proxy: coverage of the traffic it saw');
  log(`coverage: ${coverageLine(report.coverage)}`);
  const short = belowThreshold(report.coverage, settings.minCoverage);
  if (short) log(`PROXY_MIN_COVERAGE: ${short}`);
  const because = [
    `${report.violations.length} violation(s) by the API`,
    ...(report.targetErrors.length ? [`${report.targetErrors.length} kind(s) of exchange the target never completed`] : []),
    ...(settings.failOnRequestErrors && report.requestErrors.length ? [`${report.requestErrors.length} request error(s), counted`] : []),
    ...(short ? [`PROXY_MIN_COVERAGE: ${short}`] : []),
  ];
  const failed =
    report.violations.length > 0 ||
    report.targetErrors.length > 0 ||
    report.dropped.some((d) => d.list === 'violations') ||
    (settings.failOnRequestErrors && report.requestErrors.length > 0) ||
    short !== undefined;
  const page = writeRunReport(
    settings.reportDir,
    runReportFromProxy(report, {
      target: settings.target.href.replace(/\/+$/, ''),
      startedAt: started.toISOString(),
      seconds: (Date.now() - started.getTime()) / 1000,
      reportDir: settings.reportDir,
      failed,
      because,
    }),
    env,
  );
  log(`wrote ${files.junit}, ${files.json}, ${coverageFiles.json}, ${coverageFiles.page} and ${page.html}`);
  if (page.summary) log(`summary appended to ${page.summary} (GITHUB_STEP_SUMMARY)`);
  return failed;
}
