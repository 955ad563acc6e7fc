// The Schemathesis part of a conformance run: every lane seeds its own account and writes its
// effective config, then Schemathesis runs, as one process (one token) or as units of work that
// the lanes take from one queue (several tokens, lanes.ts). Findings and coverage go into the run's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { recordHar } from '../checker/har.js';
import { buildSchemathesisArgs, hasLinkBetween, selectedOperations } from './args.js';
import { operationFacts, SCHEMA_YAML } from './contract-facts.js';
import { mergeJUnit, PER_OPERATION_PHASES, planUnits, runOnLanes, STATEFUL_PHASE, type Unit } from './lanes.js';
import { dataRefusalStatuses, describeRelaxations, effectiveConfig, loadDoc, operationsToml, relaxations } from './relaxations.js';
import type { Lane, RunContext } from './run-context.js';
import { resolveRuntime, type Runtime } from './runtime.js';
import { runSchemathesisProcess } from './schemathesis-process.js';
import { NO_SUCH_ID, seed, type Seeded } from './seed.js';
import { parseJUnit } from './summary.js';

const CONFIG = path.join(ROOT, 'schemathesis.toml');

type PhaseSettings = RunContext['settings'] & { phases: string[] };
type UnitFiles = { junit: string; har: string; log?: string };
interface UnitResult {
  code: number;
  wrote: boolean;
  found: number;
  exchanges: number;
}
type UnitRunner = (unit: Unit, lane: Lane, files: UnitFiles) => Promise<UnitResult>;

/**
 * Runs Schemathesis's `phases` (none named: all of them). `failed` when a process failed or wrote
 * no report; `exitCode` when the run should end here (no report, and no flows phase to follow).
 */
export async function runSchemathesisPhase(
  run: RunContext,
  phases: string[],
  flowsSelected: boolean,
): Promise<{ failed: boolean; exitCode?: number }> {
  const { settings, remote, reportDir, log } = run;
  const st: PhaseSettings = { ...settings, phases };
  const runtime = await resolveRuntime(settings.runner, [reportDir], ['CONFORMANCE_TOKEN'], log);
  const selected = selectedOperations(st, operationFacts(), remote);
  if (!selected.length) throw new Error('no operation left to test: check CONFORMANCE_OPERATIONS against the charging and DELETE filters');
  const linkless = !hasLinkBetween(selected);
  if (linkless && !st.phases.length && st.profile === 'full')
    log('no OpenAPI link between the selected operations: the stateful phase is skipped');
  await prepareLanes(run, new Set(selected.map((f) => f.operationId)));
  const runUnit = unitRunner(run, st, runtime, linkless);
  if (!run.many) return runAsOneProcess(run, st, runUnit, flowsSelected);
  const unitPhases = st.phases.length
    ? st.phases
    : st.profile === 'smoke'
      ? ['examples']
      : [...PER_OPERATION_PHASES, ...(linkless ? [] : [STATEFUL_PHASE])];
  return { failed: await runUnitsOnLanes(run, planUnits(selected, unitPhases, run.lanes.length), runUnit) };
}

/**
 * What the contract leaves open is not checked as if it were stated (relaxations.ts), and
 * per-resource operations get real ids created with free calls (seed.ts), on every token; each lane
 * then writes its effective Schemathesis config.
 */
async function prepareLanes(run: RunContext, selectedIds: Set<string>): Promise<void> {
  const { settings, contract, log } = run;
  const doc = loadDoc();
  const relaxed = settings.relaxGuesses ? relaxations(doc).filter((r) => selectedIds.has(r.operationId)) : [];
  if (!settings.relaxGuesses)
    log('CONFORMANCE_RELAX=0: every guess (x-unspecified) is checked as if the source stated it; failures may be guesses, not departures');
  else
    log(`${relaxed.length} operations relaxed where the contract says the source is silent (x-unspecified); every other check is strict:`);
  for (const line of describeRelaxations(relaxed)) log(`  ${line}`);
  // Refusals the source allows on the deployment's own data (x-data-refusals): stated, never relaxed away.
  const refusals = new Map([...dataRefusalStatuses(contract)].filter(([id]) => selectedIds.has(id)));
  for (const [id, statuses] of refusals) {
    const conditions = contract
      .operation(id)
      .dataRefusals.map((r) => r.condition)
      .join('; ');
    log(`  ${id}: ${statuses.join(', ')} accepted as an answer to valid input (x-data-refusals: ${conditions})`);
  }
  // Each lane seeds its own account (at its own pace), all at once.
  await Promise.all(
    run.lanes.map(async (lane) => {
      const say = run.laneLog(lane);
      lane.seeded = await seed({
        baseUrl: lane.url,
        token: lane.token,
        allowCharges: settings.allowCharges,
        operationIds: selectedIds,
        doc,
        log: say,
      });
      logSeeded(lane.seeded, say);
      lane.configPath = path.join(
        run.reportDir,
        run.many ? `schemathesis-effective-${lane.index + 1}.toml` : 'schemathesis-effective.toml',
      );
      writeFileSync(
        lane.configPath,
        effectiveConfig(readFileSync(CONFIG, 'utf8'), operationsToml(relaxed, lane.seeded.parameters, refusals)),
      );
      say(`effective Schemathesis config: ${lane.configPath}`);
    }),
  );
}

function logSeeded(seeded: Seeded, say: (line: string) => void): void {
  for (const c of seeded.created) say(`seeded ${c.label} -> id ${c.id}`);
  for (const s of seeded.skipped) {
    const instead = s.forDelete
      ? `${s.forDelete} gets the id "${NO_SUCH_ID}", which names nothing, so it cannot delete what the other operations use`
      : 'its operations get generated ids';
    say(`not seeded ${s.collection}${s.forDelete ? ` for ${s.forDelete}` : ''}: ${s.why} (${instead})`);
  }
}

/** One Schemathesis process for a unit of work on a lane; its findings and coverage are the run's. */
function unitRunner(run: RunContext, st: PhaseSettings, runtime: Runtime, linkless: boolean): UnitRunner {
  const { remote, many, reportDir, log, progress } = run;
  return async (unit, lane, files) => {
    const args = buildSchemathesisArgs({
      settings: { ...st, operationIds: unit.operationIds, phases: unit.phases },
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
      heartbeat: many ? undefined : (elapsed) => log(`still running: ${minutesSeconds(elapsed)} elapsed${progress()}`),
    });
    if (!existsSync(files.junit)) {
      log(
        `Schemathesis exited with ${code} and wrote no report (${((Date.now() - run.started) / 1000).toFixed(1)}s): see ${files.log ?? 'its output above'}`,
      );
      if (run.local && code !== 0) console.error(run.local.log());
      return { code, wrote: false, found: 0, exchanges: 0 };
    }
    return { code, wrote: true, ...recordUnitOutput(run, lane, files) };
  };
}

/** A unit's findings (curl lines pointed at the deployment, not the lane's throttle) and its HAR's coverage. */
function recordUnitOutput(run: RunContext, lane: Lane, files: UnitFiles): { found: number; exchanges: number } {
  const { settings } = run;
  const found = parseJUnit(readFileSync(files.junit, 'utf8')).map((f) =>
    lane.throttle && settings.baseUrl && f.curl ? { ...f, curl: f.curl.split(lane.throttle.url).join(settings.baseUrl) } : f,
  );
  run.findings.push(...found);
  // A process stopped mid-run (SIGTERM) leaves its HAR cut short: its exchanges are then left
  // out of the coverage, and the run still writes everything else.
  let exchanges = 0;
  try {
    exchanges = recordHar(files.har, run.contract, run.coverage, new URL(lane.url).pathname.replace(/\/+$/, ''));
  } catch (error) {
    run.laneLog(lane)(`${files.har} could not be read (${(error as Error).message}): its exchanges are left out of the coverage`);
  }
  return { found: found.length, exchanges };
}

/** One token: every selected operation and phase in one Schemathesis process. */
async function runAsOneProcess(
  run: RunContext,
  st: PhaseSettings,
  runUnit: UnitRunner,
  flowsSelected: boolean,
): Promise<{ failed: boolean; exitCode?: number }> {
  const { files, log } = run;
  const unit: Unit = { label: 'all', operationIds: st.operationIds, phases: st.phases };
  const result = await runUnit(unit, run.lanes[0], { junit: files.junit, har: files.har });
  if (!result.wrote) {
    if (!flowsSelected) return { failed: true, exitCode: result.code === 0 ? 2 : result.code };
    return { failed: true };
  }
  log(`JUnit report: ${files.junit}`);
  log(`coverage: ${result.exchanges} Schemathesis exchanges matched to operations (${files.har})`);
  if (result.code === 0) return { failed: false };
  log(`Schemathesis exited with ${result.code}`);
  return { failed: true };
}

/** Several tokens: the units of work taken by the lanes from one queue; their JUnit files merged. Returns whether any failed. */
async function runUnitsOnLanes(run: RunContext, units: Unit[], runUnit: UnitRunner): Promise<boolean> {
  const { lanes, reportDir, files, started, log, progress, interrupted } = run;
  const unitDir = path.join(reportDir, 'units');
  mkdirSync(unitDir, { recursive: true });
  log(
    `${units.length} units of work (per-operation phases in batches, the stateful phase per group of linked operations) over ${lanes.length} lanes; each unit's output: ${unitDir}`,
  );
  const parts: { name: string; xml: string }[] = [];
  let done = 0;
  let failed = false;
  const heartbeat = setInterval(() => {
    log(
      `still running: ${minutesSeconds(Math.round((Date.now() - started) / 1000))} elapsed, ${done}/${units.length} units done${progress()}`,
    );
  }, 30_000);
  try {
    await runOnLanes(
      units,
      lanes,
      async (unit, lane, index) => {
        const name = `unit-${String(index + 1).padStart(2, '0')}`;
        const unitFiles = {
          junit: path.join(unitDir, `${name}.xml`),
          har: path.join(unitDir, `${name}.har`),
          log: path.join(unitDir, `${name}.log`),
        };
        const unitStarted = Date.now();
        run.laneLog(lane)(`${name} started: ${unit.label}`);
        const result = await runUnit(unit, lane, unitFiles);
        done++;
        if (result.wrote)
          parts.push({ name: `lane ${lane.index + 1}, ${name}: ${unit.label}`, xml: readFileSync(unitFiles.junit, 'utf8') });
        // A unit the run's own SIGTERM/SIGINT stopped has found what it found; its exit code is ours.
        if ((!result.wrote || result.code !== 0) && !interrupted()) failed = true;
        const seconds = ((Date.now() - unitStarted) / 1000).toFixed(0);
        run.laneLog(lane)(
          `${name} ${unitVerdict(result, interrupted())} in ${seconds}s, ${result.exchanges} exchanges (${done}/${units.length} units done)`,
        );
      },
      () => interrupted() !== undefined,
    );
  } finally {
    clearInterval(heartbeat);
  }
  writeFileSync(files.junit, mergeJUnit(parts));
  log(`JUnit report (every unit): ${files.junit}`);
  return failed;
}

function unitVerdict(result: UnitResult, stoppedBy: NodeJS.Signals | undefined): string {
  if (stoppedBy) return `stopped (${stoppedBy})${result.found ? ` after ${result.found} failure(s)` : ''}`;
  if (!result.wrote) return `no report (exit ${result.code})`;
  if (result.found) return `${result.found} failure(s)`;
  return result.code ? `exit ${result.code}` : 'passed';
}

/** 75 -> "1m15s". */
function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}
