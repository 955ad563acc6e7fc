// The flows phase of a conformance run: the contract's lifecycles (the Arazzo files, flows.ts)
// walked end to end through the validating proxy's checker, each lane its share on its own token.
import { writeFileSync } from 'node:fs';
import { junit } from '../proxy/report.js';
import { FLOWS, runFlows } from './flows.js';
import { spread } from './lanes.js';
import type { RunContext } from './run-context.js';
import { FlowProbes } from './rules/flow-probes.js';
import { parseJUnit } from './summary.js';

export async function runFlowsPhase(run: RunContext): Promise<void> {
  const { settings, remote, lanes, files, coverage, findings, log, laneLog, interrupted } = run;
  const stoppedBy = interrupted();
  if (stoppedBy) {
    log(`flows phase not run (${stoppedBy})`);
    return;
  }
  log(
    `flows phase: the contract's lifecycles through the validating proxy's checker${settings.allowCharges ? '' : ' (charging flows skipped: CONFORMANCE_ALLOW_CHARGES is not set)'}; a poll stops when its status is missing, not a state of the machine, or unchanged for ${settings.pollTimeoutSeconds}s (CONFORMANCE_POLL_TIMEOUT)`,
  );
  const flowsStarted = Date.now();
  // Each lane walks its share of the flows on its own token (one lane: all of them).
  const shares = spread(run.flows ?? FLOWS, lanes.length);
  const runs = await Promise.all(
    lanes.map((lane, i) =>
      runFlows({
        baseUrl: lane.url,
        token: lane.flowsToken,
        allowCharges: settings.allowCharges,
        localMock: !remote,
        pollTimeoutSeconds: settings.pollTimeoutSeconds,
        pollIntervalSeconds: settings.pollIntervalSeconds,
        stopped: () => interrupted() !== undefined,
        log: laneLog(lane),
        coverage,
        flows: shares[i],
        probes: new FlowProbes(run.contract, run.rules, settings.allowCharges, laneLog(lane)),
        rules: run.rules,
      }),
    ),
  );
  const results = runs.flatMap((r) => r.results);
  const xml = junit(
    'flows',
    runs.flatMap((r) => r.cases),
  );
  writeFileSync(files.flowsJunit, xml);
  findings.push(...parseJUnit(xml));
  const count = (state: string) => results.filter((r) => r.state === state).length;
  log(
    `flows: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped in ${((Date.now() - flowsStarted) / 1000).toFixed(1)}s; JUnit report: ${files.flowsJunit}`,
  );
}
