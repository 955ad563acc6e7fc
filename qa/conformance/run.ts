// `npm run conformance`: property-based conformance of a deployment (or the local mock) against the
// bundled contract, with Schemathesis, then the flows phase (flows.ts): the lifecycles of the
// contract's state machines walked end to end through the validating proxy's checker.
// Settings: CONFORMANCE_* (see settings.ts and docs/conformance.md).
// Exit code: 0 when nothing was found, 1 on any failure, 2 when the run could not start.
import { mkdirSync, mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { buildSchemathesisArgs, hasLinkBetween, selectedOperations } from './args.js';
import { operationFacts, SCHEMA_YAML } from './contract-facts.js';
import { FLOWS, FLOWS_PHASE, runFlows } from './flows.js';
import { Contract } from '../../lib/contract/index.js';
import { belowThreshold, CoverageRecorder, coverageLine, writeCoverage } from '../checker/coverage.js';
import { recordHar } from '../checker/har.js';
import { junit } from '../proxy/report.js';
import { startLocalServer, type LocalServer } from './local-mock.js';
import { resolveRuntime } from './runtime.js';
import { describeRelaxations, effectiveConfig, loadDoc, operationsToml, relaxations } from './relaxations.js';
import { NO_SUCH_ID, seed, type Seeded } from './seed.js';
import { readSettings } from './settings.js';
import { formatSummary, parseJUnit, type Finding } from './summary.js';
import { startThrottle, type Throttle } from './throttle.js';
import { runSchemathesisProcess, signalAll } from './schemathesis-process.js';
import { maskToken, mergeJUnit, planUnits, PER_OPERATION_PHASES, runOnLanes, spread, STATEFUL_PHASE, type Unit } from './lanes.js';

const CONFIG = path.join(ROOT, 'schemathesis.toml');

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

// SIGTERM/SIGINT (to this process, or to `npm run conformance`, whose script is `exec node --import
// tsx`): Schemathesis gets the signal too (runSchemathesis), the flows stop at their next request,
// and the run ends as usual: reports and summary written, the local mock stopped, exit 1 if
// anything was found so far, else 0.
let interrupted: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (!interrupted) log(`${signal}: stopping; the reports and the summary cover what ran so far`);
    interrupted ??= signal;
    signalAll(signal);
  });

/** One token's share of the run: its throttle (its own rate budget), its URL and its seeded ids. */
interface Lane {
  index: number;
  token: string;
  url: string;
  throttle?: Throttle;
  seeded?: Seeded;
  configPath?: string;
  /** Flows against the local mock use an account of their own (what Schemathesis spent is not theirs). */
  flowsToken: string;
}

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
  const many = settings.tokens.length > 1;
  const laneLog = (lane: Lane) => (line: string) => log(many ? `lane ${lane.index + 1}: ${line}` : line);

  let local: LocalServer | undefined;
  const lanes: Lane[] = [];
  const started = Date.now();
  try {
    let baseUrl = settings.baseUrl;
    if (!baseUrl) {
      log('CONFORMANCE_BASE_URL not set: starting the local mock');
      local = await startLocalServer();
      baseUrl = local.baseUrl;
    }
    const target = baseUrl;
    for (const [index, token] of settings.tokens.entries()) {
      const lane: Lane = { index, token, url: target, flowsToken: remote ? token : `${token}-flows` };
      if (settings.rateLimit) {
        lane.throttle = await startThrottle(target, settings.rateLimit, laneLog(lane), { token });
        lane.url = lane.throttle.url;
      }
      lanes.push(lane);
    }
    log(
      `target ${target}${settings.rateLimit ? ` at most ${settings.rateLimit}${many ? ' per token' : ''}, 429s waited out` : ', no rate limit'}; profile ${settings.profile}`,
    );
    if (many)
      log(
        `CONFORMANCE_TOKENS: ${lanes.length} tokens, one lane each (${lanes.map((l) => `lane ${l.index + 1} ${maskToken(l.token)}`).join(', ')})`,
      );
    if (remote && settings.rateLimit && settings.profile === 'full' && !settings.operationIds.length) {
      log(
        `the full profile sends thousands of requests (about 7,000; about 1,300 with CONFORMANCE_MAX_EXAMPLES=1): hours at 30/m${many ? '' : ' (CONFORMANCE_TOKENS spreads them over several accounts)'}. CONFORMANCE_PROFILE=smoke sends about 110 (about 4 minutes)`,
      );
    }
    describePlan(settings, remote);
    const sent = () => lanes.reduce((n, l) => n + (l.throttle?.stats.requests ?? 0), 0);
    const waited = () => lanes.reduce((n, l) => n + (l.throttle?.stats.waited429 ?? 0), 0);
    const progress = () => (settings.rateLimit ? `, ${sent()} requests sent, ${waited()} 429s waited out` : '');

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
      // per-resource operations get real ids created with free calls (seed.ts), on every token.
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
      // Each lane seeds its own account (at its own pace), all at once.
      await Promise.all(
        lanes.map(async (lane) => {
          const say = laneLog(lane);
          lane.seeded = await seed({
            baseUrl: lane.url,
            token: lane.token,
            allowCharges: settings.allowCharges,
            operationIds: selectedIds,
            doc,
            log: say,
          });
          for (const c of lane.seeded.created) say(`seeded ${c.label} -> id ${c.id}`);
          for (const s of lane.seeded.skipped) {
            say(
              `not seeded ${s.collection}${s.forDelete ? ` for ${s.forDelete}` : ''}: ${s.why} (${s.forDelete ? `${s.forDelete} gets the id "${NO_SUCH_ID}", which names nothing, so it cannot delete what the other operations use` : 'its operations get generated ids'})`,
            );
          }
          lane.configPath = path.join(reportDir, many ? `schemathesis-effective-${lane.index + 1}.toml` : 'schemathesis-effective.toml');
          writeFileSync(lane.configPath, effectiveConfig(readFileSync(CONFIG, 'utf8'), operationsToml(relaxed, lane.seeded.parameters)));
          say(`effective Schemathesis config: ${lane.configPath}`);
        }),
      );

      /** One Schemathesis process for a unit of work on a lane; its findings and coverage are the run's. */
      const runUnit = async (unit: Unit, lane: Lane, files: { junit: string; har: string; log?: string }) => {
        const unitSettings = { ...st, operationIds: unit.operationIds, phases: unit.phases };
        const args = buildSchemathesisArgs({
          settings: unitSettings,
          target: { url: lane.url, remote },
          schemaPath: SCHEMA_YAML,
          configPath: lane.configPath!,
          reportDir,
          junitPath: files.junit,
          harPath: files.har,
          linkless,
        });
        if (!many) log(`running Schemathesis (${runtime.kind}): schemathesis ${args.join(' ')}`);
        const code = await runSchemathesisProcess({
          command: runtime.command,
          args: [...runtime.prefix, ...args],
          cwd: ROOT,
          env: { ...process.env, CONFORMANCE_TOKEN: lane.token },
          logFile: files.log,
          heartbeat: many
            ? undefined
            : (elapsed) => log(`still running: ${Math.floor(elapsed / 60)}m${String(elapsed % 60).padStart(2, '0')}s elapsed${progress()}`),
        });
        if (!existsSync(files.junit)) {
          log(
            `Schemathesis exited with ${code} and wrote no report (${((Date.now() - started) / 1000).toFixed(1)}s): see ${files.log ?? 'its output above'}`,
          );
          if (local && code !== 0) console.error(local.log());
          return { code, wrote: false, found: 0, exchanges: 0 };
        }
        const found = parseJUnit(readFileSync(files.junit, 'utf8')).map((f) =>
          lane.throttle && settings.baseUrl && f.curl ? { ...f, curl: f.curl.split(lane.throttle.url).join(settings.baseUrl) } : f,
        );
        findings.push(...found);
        // A process stopped mid-run (SIGTERM) leaves its HAR cut short: its exchanges are then left
        // out of the coverage, and the run still writes everything else.
        let exchanges = 0;
        try {
          exchanges = recordHar(files.har, contract, coverage, new URL(lane.url).pathname.replace(/\/+$/, ''));
        } catch (error) {
          laneLog(lane)(`${files.har} could not be read (${(error as Error).message}): its exchanges are left out of the coverage`);
        }
        return { code, wrote: true, found: found.length, exchanges };
      };

      if (!many) {
        const unit: Unit = { label: 'all', operationIds: st.operationIds, phases: st.phases };
        const result = await runUnit(unit, lanes[0], { junit: junitPath, har: harPath });
        if (!result.wrote) {
          if (!flowsSelected) return result.code === 0 ? 2 : result.code;
          failed = true;
        } else {
          log(`JUnit report: ${junitPath}`);
          log(`coverage: ${result.exchanges} Schemathesis exchanges matched to operations (${harPath})`);
          if (result.code !== 0) {
            failed = true;
            log(`Schemathesis exited with ${result.code}`);
          }
        }
      } else {
        const phases = st.phases.length
          ? st.phases
          : st.profile === 'smoke'
            ? ['examples']
            : [...PER_OPERATION_PHASES, ...(linkless ? [] : [STATEFUL_PHASE])];
        const units = planUnits(selected, phases, lanes.length);
        const unitDir = path.join(reportDir, 'units');
        mkdirSync(unitDir, { recursive: true });
        log(
          `${units.length} units of work (per-operation phases in batches, the stateful phase per group of linked operations) over ${lanes.length} lanes; each unit's output: ${unitDir}`,
        );
        const parts: { name: string; xml: string }[] = [];
        let done = 0;
        const heartbeat = setInterval(() => {
          const elapsed = Math.round((Date.now() - started) / 1000);
          log(
            `still running: ${Math.floor(elapsed / 60)}m${String(elapsed % 60).padStart(2, '0')}s elapsed, ${done}/${units.length} units done${progress()}`,
          );
        }, 30_000);
        try {
          await runOnLanes(
            units,
            lanes,
            async (unit, lane, index) => {
              const name = `unit-${String(index + 1).padStart(2, '0')}`;
              const files = {
                junit: path.join(unitDir, `${name}.xml`),
                har: path.join(unitDir, `${name}.har`),
                log: path.join(unitDir, `${name}.log`),
              };
              const unitStarted = Date.now();
              laneLog(lane)(`${name} started: ${unit.label}`);
              const result = await runUnit(unit, lane, files);
              done++;
              if (result.wrote)
                parts.push({ name: `lane ${lane.index + 1}, ${name}: ${unit.label}`, xml: readFileSync(files.junit, 'utf8') });
              // A unit the run's own SIGTERM/SIGINT stopped has found what it found; its exit code is ours.
              if ((!result.wrote || result.code !== 0) && !interrupted) failed = true;
              const verdict = interrupted
                ? `stopped (${interrupted})${result.found ? ` after ${result.found} failure(s)` : ''}`
                : !result.wrote
                  ? `no report (exit ${result.code})`
                  : result.found
                    ? `${result.found} failure(s)`
                    : result.code
                      ? `exit ${result.code}`
                      : 'passed';
              laneLog(lane)(
                `${name} ${verdict} in ${((Date.now() - unitStarted) / 1000).toFixed(0)}s, ${result.exchanges} exchanges (${done}/${units.length} units done)`,
              );
            },
            () => interrupted !== undefined,
          );
        } finally {
          clearInterval(heartbeat);
        }
        writeFileSync(junitPath, mergeJUnit(parts));
        log(`JUnit report (every unit): ${junitPath}`);
      }
    }

    if (flowsSelected && interrupted) log(`flows phase not run (${interrupted})`);
    else if (flowsSelected) {
      log(
        `flows phase: the contract's lifecycles through the validating proxy's checker${settings.allowCharges ? '' : ' (charging flows skipped: CONFORMANCE_ALLOW_CHARGES is not set)'}; a poll stops when its status is missing, not a state of the machine, or unchanged for ${settings.pollTimeoutSeconds}s (CONFORMANCE_POLL_TIMEOUT)`,
      );
      const flowsStarted = Date.now();
      // Each lane walks its share of the flows on its own token (one lane: all of them).
      const shares = spread(FLOWS, lanes.length);
      const runs = await Promise.all(
        lanes.map((lane, i) =>
          runFlows({
            baseUrl: lane.url,
            token: lane.flowsToken,
            allowCharges: settings.allowCharges,
            localMock: !remote,
            pollTimeoutSeconds: settings.pollTimeoutSeconds,
            stopped: () => interrupted !== undefined,
            log: laneLog(lane),
            coverage,
            flows: shares[i],
          }),
        ),
      );
      const results = runs.flatMap((r) => r.results);
      const xml = junit(
        'flows',
        runs.flatMap((r) => r.cases),
      );
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
    console.log(formatSummary(findings));
    log(
      `${findings.length || failed ? 'FAILED' : 'passed'} in ${seconds}s${progress()}${interrupted ? ` (interrupted by ${interrupted}: a partial run)` : ''}`,
    );
    return findings.length || failed ? 1 : 0;
  } finally {
    for (const lane of lanes) {
      if (remote && lane.seeded?.created.length) {
        log(`created on ${settings.baseUrl}${many ? ` with lane ${lane.index + 1}'s token` : ''} for this run (delete them when done):`);
        for (const c of lane.seeded.created) log(`  ${c.label} -> id ${c.id}`);
      }
      await lane.throttle?.close();
    }
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
