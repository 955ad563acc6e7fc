// `npm run conformance`: property-based conformance of a deployment (or the local mock) against the
// bundled contract, with Schemathesis, then the flows phase (flows.ts): the lifecycles of the
// contract's state machines walked end to end through the validating proxy's checker.
// Settings: CONFORMANCE_* (see settings.ts and docs/conformance.md).
// Exit code: 0 when nothing was found, 1 on any failure, 2 when the run could not start.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { buildSchemathesisArgs, hasLinkBetween, selectedOperations } from './args.js';
import { operationFacts, SCHEMA_YAML } from './contract-facts.js';
import { FLOWS_PHASE, runFlows } from './flows.js';
import { Contract } from '../../lib/contract/index.js';
import { belowThreshold, CoverageRecorder, coverageLine, writeCoverage } from '../checker/coverage.js';
import { recordHar } from '../checker/har.js';
import { junit } from '../proxy/report.js';
import { startLocalServer, type LocalServer } from './local-mock.js';
import { resolveRuntime } from './runtime.js';
import { describeRelaxations, effectiveConfig, loadDoc, operationsToml, relaxations } from './relaxations.js';
import { seed, type Seeded } from './seed.js';
import { readSettings } from './settings.js';
import { formatSummary, parseJUnit, type Finding } from './summary.js';
import { startThrottle, type Throttle } from './throttle.js';
import { pipeNeutralized } from './output-filter.js';

const CONFIG = path.join(ROOT, 'schemathesis.toml');
const HEARTBEAT_MS = 30_000;

const log = (line: string) => console.log(`[conformance] ${line}`);

function describePlan(settings: ReturnType<typeof readSettings>, remote: boolean): void {
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

function runSchemathesis(command: string, args: string[], env: NodeJS.ProcessEnv, progress: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    // Piped through a filter: Schemathesis's pytest-style banners must not read as another runner's closing line.
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const piped = Promise.all([pipeNeutralized(child.stdout, process.stdout), pipeNeutralized(child.stderr, process.stderr)]);
    const heartbeat = setInterval(() => {
      const elapsed = Math.round((Date.now() - started) / 1000);
      log(`still running: ${Math.floor(elapsed / 60)}m${String(elapsed % 60).padStart(2, '0')}s elapsed${progress()}`);
    }, HEARTBEAT_MS);
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    process.once('SIGINT', forward('SIGINT'));
    process.once('SIGTERM', forward('SIGTERM'));
    child.on('error', (e) => {
      clearInterval(heartbeat);
      reject(e);
    });
    child.on('close', (code) => {
      clearInterval(heartbeat);
      void piped.then(() => resolve(code ?? 1));
    });
  });
}

// SIGTERM/SIGINT (to this process, or to `npm run conformance`, whose script is `exec node --import
// tsx`): Schemathesis gets the signal too (runSchemathesis), the flows stop at their next request,
// and the run ends as usual: reports and summary written, the local mock stopped, exit 1 if
// anything was found so far, else 0.
let interrupted: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!interrupted) log(`${signal}: stopping; the reports and the summary cover what ran so far`);
    interrupted ??= signal;
  });

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const remote = settings.baseUrl !== undefined;
  const reportDir = path.resolve(settings.reportDir ?? mkdtempSync(path.join(os.tmpdir(), 'conformance-')));
  mkdirSync(reportDir, { recursive: true });
  const junitPath = path.join(reportDir, 'conformance-junit.xml');
  const flowsJunitPath = path.join(reportDir, 'flows-junit.xml');
  const harPath = path.join(reportDir, 'schemathesis.har');
  // What the run covered (Schemathesis's exchanges from its HAR, the flows through the checker).
  const contract = Contract.load();
  const coverage = new CoverageRecorder(contract);

  let local: LocalServer | undefined;
  let throttle: Throttle | undefined;
  let seeded: Seeded | undefined;
  const started = Date.now();
  try {
    let baseUrl = settings.baseUrl;
    if (!baseUrl) {
      log('CONFORMANCE_BASE_URL not set: starting the local mock');
      local = await startLocalServer();
      baseUrl = local.baseUrl;
    }
    let url = baseUrl;
    if (settings.rateLimit) {
      throttle = await startThrottle(baseUrl, settings.rateLimit, log);
      url = throttle.url;
    }
    log(
      `target ${baseUrl}${settings.rateLimit ? ` at most ${settings.rateLimit}, 429s waited out` : ', no rate limit'}; profile ${settings.profile}`,
    );
    if (remote && settings.rateLimit && settings.profile === 'full' && !settings.operationIds.length) {
      log(
        'the full profile sends thousands of requests (about 7,000; about 1,300 with CONFORMANCE_MAX_EXAMPLES=1): hours at 30/m. CONFORMANCE_PROFILE=smoke sends about 110 (about 4 minutes)',
      );
    }
    describePlan(settings, remote);
    const progress = () => (throttle ? `, ${throttle.stats.requests} requests sent, ${throttle.stats.waited429} 429s waited out` : '');

    // CONFORMANCE_PHASES may name `flows` beside (or instead of) Schemathesis's phases. Unset: every
    // Schemathesis phase and the flows; CONFORMANCE_OPERATIONS alone narrows to Schemathesis.
    const flowsSelected = settings.phases.length ? settings.phases.includes(FLOWS_PHASE) : !settings.operationIds.length;
    const schemathesisPhases = settings.phases.filter((p) => p !== FLOWS_PHASE);
    const schemathesisSelected = !settings.phases.length || schemathesisPhases.length > 0;
    const findings: Finding[] = [];
    let failed = false;

    if (schemathesisSelected) {
      const st = { ...settings, phases: schemathesisPhases };
      const runtime = await resolveRuntime(settings.runner, [reportDir], ['CONFORMANCE_TOKEN'], log);
      const selected = selectedOperations(st, operationFacts(), remote);
      if (!selected.length)
        throw new Error('no operation left to test: check CONFORMANCE_OPERATIONS against the charging and DELETE filters');
      const linkless = !hasLinkBetween(selected);
      if (linkless && !st.phases.length && st.profile === 'full')
        log('no OpenAPI link between the selected operations: the stateful phase is skipped');

      // What the contract leaves open is not checked as if it were stated (relaxations.ts), and
      // per-resource operations get real ids created with free calls (seed.ts).
      const doc = loadDoc();
      const selectedIds = new Set(selected.map((f) => f.operationId));
      const relaxed = settings.relaxGuesses ? relaxations(doc).filter((r) => selectedIds.has(r.operationId)) : [];
      if (!settings.relaxGuesses)
        log(
          'CONFORMANCE_RELAX=0: every guess (x-unspecified) is checked as if the source stated it; failures may be guesses, not departures',
        );
      else
        log(
          `${relaxed.length} operations relaxed where the contract says the source is silent (x-unspecified); every other check is strict:`,
        );
      for (const line of describeRelaxations(relaxed)) log(`  ${line}`);
      seeded = await seed({
        baseUrl: url,
        token: settings.token,
        allowCharges: settings.allowCharges,
        operationIds: selectedIds,
        doc,
        log,
      });
      for (const c of seeded.created) log(`seeded ${c.label} -> id ${c.id}`);
      for (const s of seeded.skipped) {
        log(
          `not seeded ${s.collection}${s.forDelete ? ` for ${s.forDelete}` : ''}: ${s.why} (${s.forDelete ?? 'its operations'} get${s.forDelete ? 's' : ''} generated ids)`,
        );
      }
      const configPath = path.join(reportDir, 'schemathesis-effective.toml');
      writeFileSync(configPath, effectiveConfig(readFileSync(CONFIG, 'utf8'), operationsToml(relaxed, seeded.parameters)));
      log(`effective Schemathesis config: ${configPath}`);

      const args = buildSchemathesisArgs({
        settings: st,
        target: { url, remote },
        schemaPath: SCHEMA_YAML,
        configPath,
        reportDir,
        junitPath,
        harPath,
        linkless,
      });
      log(`running Schemathesis (${runtime.kind}): schemathesis ${args.join(' ')}`);
      const code = await runSchemathesis(
        runtime.command,
        [...runtime.prefix, ...args],
        { ...process.env, CONFORMANCE_TOKEN: settings.token },
        progress,
      );
      if (!existsSync(junitPath)) {
        log(`Schemathesis exited with ${code} and wrote no report (${((Date.now() - started) / 1000).toFixed(1)}s): see its output above`);
        if (local && code !== 0) console.error(local.log());
        if (!flowsSelected) return code === 0 ? 2 : code;
        failed = true;
      } else {
        findings.push(...parseJUnit(readFileSync(junitPath, 'utf8')));
        log(`JUnit report: ${junitPath}`);
        const seen = recordHar(harPath, contract, coverage, new URL(url).pathname.replace(/\/+$/, ''));
        log(`coverage: ${seen} Schemathesis exchanges matched to operations (${harPath})`);
        if (code !== 0) {
          failed = true;
          log(`Schemathesis exited with ${code}`);
        }
      }
    }

    if (flowsSelected && interrupted) log(`flows phase not run (${interrupted})`);
    else if (flowsSelected) {
      log(
        `flows phase: the contract's lifecycles through the validating proxy's checker${settings.allowCharges ? '' : ' (charging flows skipped: CONFORMANCE_ALLOW_CHARGES is not set)'}; a poll stops when its status is missing, not a state of the machine, or unchanged for ${settings.pollTimeoutSeconds}s (CONFORMANCE_POLL_TIMEOUT)`,
      );
      const flowsStarted = Date.now();
      // Against the local mock the flows use an account of their own, so what Schemathesis spent
      // before (credits, voice-clone slots) does not change what the flows see.
      const { results, cases } = await runFlows({
        baseUrl: url,
        token: remote ? settings.token : `${settings.token}-flows`,
        allowCharges: settings.allowCharges,
        localMock: !remote,
        pollTimeoutSeconds: settings.pollTimeoutSeconds,
        stopped: () => interrupted !== undefined,
        log,
        coverage,
      });
      const xml = junit('flows', cases);
      writeFileSync(flowsJunitPath, xml);
      findings.push(...parseJUnit(xml));
      const count = (state: string) => results.filter((r) => r.state === state).length;
      log(
        `flows: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped in ${((Date.now() - flowsStarted) / 1000).toFixed(1)}s; JUnit report: ${flowsJunitPath}`,
      );
    }

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
    console.log(formatSummary(findings, { rewriteOrigin: throttle && settings.baseUrl ? [throttle.url, settings.baseUrl] : undefined }));
    log(
      `${findings.length || failed ? 'FAILED' : 'passed'} in ${seconds}s${progress()}${interrupted ? ` (interrupted by ${interrupted}: a partial run)` : ''}`,
    );
    return findings.length || failed ? 1 : 0;
  } finally {
    if (remote && seeded?.created.length) {
      log(`created on ${settings.baseUrl} for this run (delete them when done):`);
      for (const c of seeded.created) log(`  ${c.label} -> id ${c.id}`);
    }
    await throttle?.close();
    await local?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[conformance] could not run: ${error.message}`);
    process.exit(2);
  },
);
