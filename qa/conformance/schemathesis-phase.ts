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
import { resolveRuntime } from './runtime.js';
import { runSchemathesisProcess } from './schemathesis-process.js';
import { NO_SUCH_ID, seed } from './seed.js';
import { parseJUnit } from './summary.js';

const CONFIG = path.join(ROOT, 'schemathesis.toml');

/**
 * Runs Schemathesis's `phases` (none named: all of them). `failed` when a process failed or wrote
 * no report; `exitCode` when the run should end here (no report, and no flows phase to follow).
 */
export async function runSchemathesisPhase(
  run: RunContext,
  phases: string[],
  flowsSelected: boolean,
): Promise<{ failed: boolean; exitCode?: number }> {
  const {
    settings,
    remote,
    lanes,
    many,
    reportDir,
    files,
    contract,
    coverage,
    findings,
    started,
    local,
    log,
    laneLog,
    progress,
    interrupted,
  } = run;
  let failed = false;
  const st = { ...settings, phases };
  const runtime = await resolveRuntime(settings.runner, [reportDir], ['CONFORMANCE_TOKEN'], log);
  const selected = selectedOperations(st, operationFacts(), remote);
  if (!selected.length) throw new Error('no operation left to test: check CONFORMANCE_OPERATIONS against the charging and DELETE filters');
  const linkless = !hasLinkBetween(selected);
  if (linkless && !st.phases.length && st.profile === 'full')
    log('no OpenAPI link between the selected operations: the stateful phase is skipped');

  // What the contract leaves open is not checked as if it were stated (relaxations.ts), and
  // per-resource operations get real ids created with free calls (seed.ts), on every token.
  const doc = loadDoc();
  const selectedIds = new Set(selected.map((f) => f.operationId));
  const relaxed = settings.relaxGuesses ? relaxations(doc).filter((r) => selectedIds.has(r.operationId)) : [];
  if (!settings.relaxGuesses)
    log('CONFORMANCE_RELAX=0: every guess (x-unspecified) is checked as if the source stated it; failures may be guesses, not departures');
  else
    log(`${relaxed.length} operations relaxed where the contract says the source is silent (x-unspecified); every other check is strict:`);
  for (const line of describeRelaxations(relaxed)) log(`  ${line}`);
  // Refusals the source allows on the deployment's own data (x-data-refusals): stated, never relaxed away.
  const refusals = new Map([...dataRefusalStatuses(contract)].filter(([id]) => selectedIds.has(id)));
  for (const [id, statuses] of refusals)
    log(
      `  ${id}: ${statuses.join(', ')} accepted as an answer to valid input (x-data-refusals: ${contract
        .op(id)
        .dataRefusals.map((r) => r.condition)
        .join('; ')})`,
    );
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
      writeFileSync(
        lane.configPath,
        effectiveConfig(readFileSync(CONFIG, 'utf8'), operationsToml(relaxed, lane.seeded.parameters, refusals)),
      );
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
    const result = await runUnit(unit, lanes[0], { junit: files.junit, har: files.har });
    if (!result.wrote) {
      if (!flowsSelected) return { failed: true, exitCode: result.code === 0 ? 2 : result.code };
      failed = true;
    } else {
      log(`JUnit report: ${files.junit}`);
      log(`coverage: ${result.exchanges} Schemathesis exchanges matched to operations (${files.har})`);
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
          if (result.wrote) parts.push({ name: `lane ${lane.index + 1}, ${name}: ${unit.label}`, xml: readFileSync(files.junit, 'utf8') });
          // A unit the run's own SIGTERM/SIGINT stopped has found what it found; its exit code is ours.
          if ((!result.wrote || result.code !== 0) && !interrupted()) failed = true;
          const verdict = interrupted()
            ? `stopped (${interrupted()})${result.found ? ` after ${result.found} failure(s)` : ''}`
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
        () => interrupted() !== undefined,
      );
    } finally {
      clearInterval(heartbeat);
    }
    writeFileSync(files.junit, mergeJUnit(parts));
    log(`JUnit report (every unit): ${files.junit}`);
  }
  return { failed };
}
