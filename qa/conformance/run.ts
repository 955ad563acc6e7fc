// `npm run conformance`: property-based conformance of a deployment (or the local mock) against the
// bundled contract, with Schemathesis, then the flows phase (flows.ts): the lifecycles of the
// contract's state machines walked end to end through the validating proxy's checker.
// Settings: CONFORMANCE_* (see settings.ts and docs/conformance.md).
// Exit code: 0 when nothing was found, 1 on any failure, 2 when the run could not start.
// First: one clear line on an unsupported Node (lib/node-support.ts), before any other module runs
// (unbundled, as npm run runs it; the packaged command enters through bin.ts).
import '../../lib/node-support.js';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContractModel, statedRules } from '../../lib/contract/index.js';
import { belowThreshold, CoverageRecorder, coverageLine, writeCoverage } from '../checker/coverage.js';
import { operationFacts } from './contract-facts.js';
import { FLOWS, FLOWS_PHASE } from './flows.js';
import { runFlowsPhase } from './flows-phase.js';
import { selectedOperations } from './args.js';
import { runMerge } from './merge.js';
import { runReplay } from './replay.js';
import { dealByName, dealOperations } from './shard.js';
import { RULES_PHASE, runRulesPhase } from './rules-phase.js';
import { writeConformanceReport } from './run-report.js';
import { maskToken } from './lanes.js';
import { startLocalServer, type LocalServer } from './local-mock.js';
import type { Lane, RunContext, Settings } from './run-context.js';
import { runSchemathesisPhase } from './schemathesis-phase.js';
import { signalAll } from './schemathesis-process.js';
import { fastPollNotice, readSettings } from './settings.js';
import { formatSummary } from './summary.js';
import { startThrottle } from './throttle.js';
import { onStopSignal } from '../../lib/stop-signals.js';
import { concludeRules, DEFAULT_UNREACHED, judge429s, runAccountChecks } from './rules/checks-phase.js';
import { RulesTable } from './rules/table.js';
import { answeredInfo } from '../cli.js';
import { CONFORMANCE_USAGE } from './usage.js';

const log = (line: string) => console.log(`[conformance] ${line}`);

function describePlan(settings: Settings, remote: boolean): void {
  const facts = operationFacts();
  const charging = facts.filter((f) => f.charges);
  const deleting = facts.filter((f) => f.method === 'DELETE');
  if (settings.allowCharges)
    log(`CONFORMANCE_ALLOW_CHARGES=1: the ${charging.length} charging operations are called too and WILL spend credits`);
  else
    log(
      `never called (x-credits.charges: true; set CONFORMANCE_ALLOW_CHARGES=1 to include): ${charging.map((f) => f.operationId).join(', ')}`,
    );
  if (remote && !settings.allowDestructive)
    log(
      `never called against a remote URL (DELETE; set CONFORMANCE_ALLOW_DESTRUCTIVE=1 to include): ${deleting.map((f) => f.operationId).join(', ')}`,
    );
  if (settings.operationIds.length) log(`restricted to: ${settings.operationIds.join(', ')}`);
}

// SIGTERM/SIGINT (to this process, or to `npm run conformance`, whose script is `exec node --import
// tsx`; started by npm any other way, the end of npm counts as SIGTERM: lib/stop-signals.ts): Schemathesis gets the signal too (runSchemathesis), the flows stop at their next request,
// and the run ends as usual: reports and summary written, the local mock stopped, exit 1 if
// anything was found so far, else 0.
let interrupted: NodeJS.Signals | undefined;
onStopSignal((signal) => {
  if (!interrupted) log(`${signal}: stopping; the reports and the summary cover what ran so far`);
  interrupted ??= signal;
  signalAll(signal);
});

/** `--shard <i>/<n>` on the command line, as CONFORMANCE_SHARD. */
function shardArgument(argv: readonly string[]): Record<string, string> {
  const at = argv.indexOf('--shard');
  return at >= 0 ? { CONFORMANCE_SHARD: argv[at + 1] ?? '' } : {};
}

/** A shard's part: its operations (narrowing the requested ones) and its flows. */
function shardPlan(requested: Settings, remote: boolean) {
  if (!requested.shard) return { settings: requested, flows: FLOWS, noOperations: false };
  const { index, count } = requested.shard;
  const mine = dealOperations(selectedOperations(requested, operationFacts(), remote), count)[index - 1];
  const flows = dealByName(FLOWS, (f) => f.name, requested.shard);
  log(`shard ${index}/${count}: ${mine.length} operation(s) (${mine.join(', ') || 'none'}), ${flows.length} flow(s)`);
  return { settings: { ...requested, operationIds: mine }, flows, noOperations: mine.length === 0 };
}

async function main(argv: readonly string[] = []): Promise<number> {
  const requested = readSettings({ ...process.env, ...shardArgument(argv) });
  const plan = shardPlan(requested, requested.baseUrl !== undefined);
  const settings = plan.settings;
  const remote = settings.baseUrl !== undefined;
  const reportDir = path.resolve(settings.reportDir ?? mkdtempSync(path.join(os.tmpdir(), 'conformance-')));
  mkdirSync(reportDir, { recursive: true });
  // What the run covered (Schemathesis's exchanges from its HAR, the flows through the checker).
  const contract = ContractModel.load();
  const many = settings.tokens.length > 1;
  const laneLog = (lane: Lane) => (line: string) => log(many ? `lane ${lane.index + 1}: ${line}` : line);
  let local: LocalServer | undefined;
  const lanes: Lane[] = [];
  const started = Date.now();
  try {
    let target = settings.baseUrl;
    if (!target) {
      log('CONFORMANCE_BASE_URL not set: starting the local mock');
      local = await startLocalServer();
      target = local.baseUrl;
    }
    lanes.push(...(await openLanes(settings, target, remote, laneLog)));
    describeTarget(settings, target, lanes, remote);
    const fastPolls = fastPollNotice(settings.pollIntervalSeconds, remote, contract.limits().pollIntervalSeconds);
    if (fastPolls) log(fastPolls);
    describePlan(settings, remote);
    const run: RunContext = {
      settings,
      remote,
      lanes,
      many,
      reportDir,
      files: {
        junit: path.join(reportDir, 'conformance-junit.xml'),
        flowsJunit: path.join(reportDir, 'flows-junit.xml'),
        har: path.join(reportDir, 'schemathesis.har'),
      },
      contract,
      coverage: new CoverageRecorder(contract),
      findings: [],
      started,
      local,
      log,
      laneLog,
      progress: paceProgress(settings, lanes),
      interrupted: () => interrupted,
      flows: plan.flows,
      rules: new RulesTable(statedRules(contract), DEFAULT_UNREACHED),
    };
    return await runPhases(run, selectPhases(settings, requested, plan.noOperations), target);
  } finally {
    await closeLanes(settings, lanes, remote);
    await local?.stop();
  }
}

/** One lane per token, each behind its own throttle when requests are paced. */
async function openLanes(settings: Settings, target: string, remote: boolean, laneLog: RunContext['laneLog']): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (const [index, token] of settings.tokens.entries()) {
    const lane: Lane = { index, token, url: target, flowsToken: remote ? token : `${token}-flows` };
    if (settings.rateLimit) {
      lane.throttle = await startThrottle(target, settings.rateLimit, laneLog(lane), { token });
      lane.url = lane.throttle.url;
    }
    lanes.push(lane);
  }
  return lanes;
}

function describeTarget(settings: Settings, target: string, lanes: Lane[], remote: boolean): void {
  const many = lanes.length > 1;
  const pace = settings.rateLimit ? ` at most ${settings.rateLimit}${many ? ' per token' : ''}, 429s waited out` : ', no rate limit';
  log(`target ${target}${pace}; profile ${settings.profile}`);
  if (many)
    log(
      `CONFORMANCE_TOKENS: ${lanes.length} tokens, one lane each (${lanes.map((l) => `lane ${l.index + 1} ${maskToken(l.token)}`).join(', ')})`,
    );
  if (remote && settings.rateLimit && settings.profile === 'full' && !settings.operationIds.length) {
    const spread = many
      ? `, at least ${Math.ceil(260 / lanes.length)} minutes over ${lanes.length}`
      : ' (CONFORMANCE_TOKENS spreads them over several accounts)';
    log(
      `the full profile sends about 10,600 requests (measured against the mock; about 7,800 carry the token): over 4 hours at 30/m on one token${spread}. CONFORMANCE_PROFILE=smoke sends about 110 (about 4 minutes)`,
    );
  }
}

/** ", N requests sent, N 429s waited out" when requests are paced, else "". */
function paceProgress(settings: Settings, lanes: Lane[]): () => string {
  const sent = () => lanes.reduce((n, l) => n + (l.throttle?.stats.requests ?? 0), 0);
  const waited = () => lanes.reduce((n, l) => n + (l.throttle?.stats.waited429 ?? 0), 0);
  return () => (settings.rateLimit ? `, ${sent()} requests sent, ${waited()} 429s waited out` : '');
}

interface PhaseChoice {
  schemathesis?: string[];
  rules: boolean;
  flows: boolean;
}

/**
 * CONFORMANCE_PHASES may name `flows` beside (or instead of) Schemathesis's phases. Unset: every
 * Schemathesis phase and the flows; CONFORMANCE_OPERATIONS alone narrows to Schemathesis. The
 * targeted cases of stated rules run in the full profile, or when CONFORMANCE_PHASES names them.
 */
function selectPhases(settings: Settings, requested: Settings, noOperations: boolean): PhaseChoice {
  const named = settings.phases.length > 0;
  const schemathesisPhases = settings.phases.filter((p) => p !== FLOWS_PHASE && p !== RULES_PHASE);
  return {
    schemathesis: !noOperations && (!named || schemathesisPhases.length > 0) ? schemathesisPhases : undefined,
    rules: !noOperations && (named ? settings.phases.includes(RULES_PHASE) : settings.profile === 'full'),
    flows: named ? settings.phases.includes(FLOWS_PHASE) : !requested.operationIds.length,
  };
}

async function runPhases(run: RunContext, phases: PhaseChoice, target: string): Promise<number> {
  let failed = false;
  if (phases.schemathesis) {
    const result = await runSchemathesisPhase(run, phases.schemathesis, phases.flows);
    if (result.exitCode !== undefined) return result.exitCode;
    failed ||= result.failed;
  }
  if (phases.rules && !interrupted) await runRulesPhase(run);
  if (phases.flows) await runFlowsPhase(run);
  if (phases.rules && !interrupted) await runAccountChecks(run, run.rules);
  judge429s(run, run.rules);
  concludeRules(run, run.rules);
  return conclude(run, target, failed);
}

/** Lists what the run created on a deployment (for the user to delete), and stops the throttles. */
async function closeLanes(settings: Settings, lanes: Lane[], remote: boolean): Promise<void> {
  const many = lanes.length > 1;
  for (const lane of lanes) {
    if (remote && lane.seeded?.created.length) {
      log(`created on ${settings.baseUrl}${many ? ` with lane ${lane.index + 1}'s token` : ''} for this run (delete them when done):`);
      for (const c of lane.seeded.created) log(`  ${c.label} -> id ${c.id}`);
    }
    await lane.throttle?.close();
  }
}

/** The end of a run: coverage, the summary, report.html (and the CI summary); the exit code. */
function conclude(run: RunContext, target: string, phaseFailed: boolean): number {
  const { coverage, reportDir, settings, findings, started, progress } = run;
  let failed = phaseFailed;
  const covered = coverage.report();
  const coverageFiles = writeCoverage(reportDir, covered, 'Conformance: coverage of the run');
  log(`coverage: ${coverageLine(covered)}; ${coverageFiles.json}, ${coverageFiles.page}`);
  const short = belowThreshold(covered, settings.minCoverage);
  if (short) {
    log(`CONFORMANCE_MIN_COVERAGE: ${short}`);
    failed = true;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log('\n[conformance] summary:');
  console.log(formatSummary(findings));
  const because = [
    `${findings.length} failure(s)`,
    ...(short ? [`CONFORMANCE_MIN_COVERAGE: ${short}`] : []),
    ...(failed && !short ? ['a phase did not complete or Schemathesis exited non-zero (see the console)'] : []),
  ];
  const page = writeConformanceReport(run, settings.baseUrl ?? target, covered, because, findings.length > 0 || failed);
  log(`report: ${page.html}${page.summary ? `; summary appended to ${page.summary} (GITHUB_STEP_SUMMARY)` : ''}`);
  log(
    `${findings.length || failed ? 'FAILED' : 'passed'} in ${seconds}s${progress()}${interrupted ? ` (interrupted by ${interrupted}: a partial run)` : ''}`,
  );
  return findings.length || failed ? 1 : 0;
}

// Subcommands: `replay <report dir>` (replay.ts), `merge <dir>...` (merge.ts); anything else is a
// run. --help and --version are answered first, and nothing starts.
const [command, ...rest] = process.argv.slice(2);
if (answeredInfo('video-api-conformance', CONFORMANCE_USAGE, process.argv.slice(2))) process.exit(0);
const entry =
  command === 'replay'
    ? () => runReplay(rest, process.env, () => interrupted !== undefined)
    : command === 'merge'
      ? () => runMerge(rest)
      : () => main(process.argv.slice(2));
entry().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[conformance] could not ${command === 'replay' ? 'replay' : 'run'}: ${error.message}`);
    process.exit(2);
  },
);
