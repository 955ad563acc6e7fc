// `npm run proxy`: the validating proxy in front of a deployment (PROXY_TARGET, ending in /v2),
// on http://127.0.0.1:4020/v2 (PROXY_PORT). Each violation prints one line as it happens;
// GET /__proxy/report answers the report; SIGINT/SIGTERM (to this process, or to `npm run proxy`,
// whose script is `exec node --import tsx`: npm forwards the signal) write proxy-junit.xml and proxy-report.json to PROXY_REPORT_DIR and
// exit 1 if the API violated the contract or an exchange never completed (target errors), else 0. Requests the contract rejects are the client's
// fault: listed (requestErrors), and counted in the exit code only with PROXY_FAIL_ON_REQUEST_ERRORS=1.
import { ContractModel, describeRelaxations } from '../../lib/contract/index.js';
import { onStopSignal } from '../../lib/stop-signals.js';
import { belowThreshold, coverageLine, writeCoverage } from '../checker/coverage.js';
import { type Checker, formatRequestError, formatViolation } from '../checker/checker.js';
import { confirmRefunds } from '../checker/confirm-refunds.js';
import { RecordingChecker, ScenarioRecorder } from './record.js';
import { REPORT_PATH, startProxy } from './forward.js';
import { writeReport } from './report.js';
import { type ProxySettings, readProxySettings } from './settings.js';
import { runReportFromProxy } from '../report/from-proxy.js';
import { writeRunReport } from '../report/write.js';

const log = (line: string) => console.log(`[proxy] ${line}`);

async function main(): Promise<void> {
  const contract = ContractModel.load();
  // The base path every contract path lives under: the path of the contract's server URLs (/v2).
  const basePath = contract.basePath();
  const settings = readProxySettings(process.env, basePath);
  const checker = new RecordingChecker({
    contract,
    refundGraceMs: settings.refundGraceMs,
    onViolation: (v) => console.log(`[proxy] ${formatViolation(v)}`),
    onRequestError: (e) => console.log(`[proxy] ${formatRequestError(e)}`),
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
  // Handlers first: whoever waits for the "forwarding" line may signal at once.
  let stopping = false;
  let signals = 0;
  const started = new Date();
  const stop = async (signal: string) => {
    signals++;
    if (stopping) return;
    stopping = true;
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
    process.exit(finish(signal, checker, settings, started) ? 1 : 0);
  };
  onStopSignal((signal) => void stop(signal));
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
function finish(signal: string, checker: Checker, settings: ProxySettings, started: Date): boolean {
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
  );
  log(`wrote ${files.junit}, ${files.json}, ${coverageFiles.json}, ${coverageFiles.page} and ${page.html}`);
  if (page.summary) log(`summary appended to ${page.summary} (GITHUB_STEP_SUMMARY)`);
  return failed;
}

main().catch((error: Error) => {
  console.error(`[proxy] could not start: ${error.message}`);
  process.exit(2);
});
