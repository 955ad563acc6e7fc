// The stated rules of a conformance run, after the flows: the checks on the account's own resources
// (ownership with a second token, list orders, refused URLs), the 429s the throttles met, then the
// rules table itself: rules-table.json, stated-rules-junit.xml (one case per rule: a failure with its
// evidence, a skip saying why it was not reachable) and the console lines. A failed rule fails the run.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { junit } from '../../proxy/report.js';
import type { RunContext } from '../run-context.js';
import { type Seeded, seed } from '../seed.js';
import { pollIntervalMs } from '../settings.js';
import { parseJUnit } from '../summary.js';
import {
  type AccountProbeOptions,
  type AccountSide,
  checkInsufficientCredits,
  checkOrders,
  checkOwnership,
  checkRefusedUrls,
} from './account-probes.js';
import { probeUnreachedCharges, probeUnreachedFree } from './charge-probes.js';
import { FlowProbes } from './flow-probes.js';
import { formatRules, type RulesTable } from './table.js';

export const RULES_TABLE_JSON = 'rules-table.json';
/** Why a rule no part of the run reached is not reachable, until a part says otherwise. */
export const DEFAULT_UNREACHED = 'no part of this run reached it (CONFORMANCE_PHASES, CONFORMANCE_OPERATIONS or a shard left it out)';
export const RULES_TABLE_JUNIT = 'stated-rules-junit.xml';

/** The second account ownership is checked with: the second token, or on the local mock any other token. */
function otherAccount(run: RunContext): AccountSide | undefined {
  const [first, second] = run.lanes;
  if (second) return { base: second.url, token: second.token, parameters: new Map() };
  return run.remote ? undefined : { base: first.url, token: `${first.token}-other-account`, parameters: new Map() };
}

/** One account's side of the checks: its seeded ids, and what it created itself. */
function sideOf(base: string, token: string, seeded: Seeded): AccountSide {
  const created = new Set(seeded.created.map((c) => `${c.label.replace(/^POST /, '')}/${c.id}`));
  return { base, token, parameters: seeded.parameters, created };
}

/**
 * The checks on resources the run seeds for them (Schemathesis may have changed the others): on the
 * first account, then on the flows' account (on the local mock an account of its own, whose credits
 * Schemathesis did not spend): ownership where the first could not, refused URLs, the charging calls
 * no flow made, then list orders (those charges and the flows' made its ledger entries).
 */
export async function runAccountChecks(run: RunContext, table: RulesTable): Promise<void> {
  const { settings, remote, lanes, contract, log } = run;
  const lane = lanes[0];
  log('rules: seeding resources of the first account for the ownership and refusal checks');
  const seeded = await seed({ baseUrl: lane.url, token: lane.token, allowCharges: settings.allowCharges, log });
  const options: AccountProbeOptions = {
    contract,
    table,
    allowCharges: settings.allowCharges,
    allowDelete: !remote || settings.allowDestructive,
    only: settings.operationIds.length ? new Set(settings.operationIds) : undefined,
    log,
  };
  const other = otherAccount(run);
  await checkOwnership(options, sideOf(lane.url, lane.token, seeded), other);
  const flowsSeeded =
    lane.flowsToken === lane.token
      ? seeded
      : await seed({ baseUrl: lane.url, token: lane.flowsToken, allowCharges: settings.allowCharges, log });
  const flows = sideOf(lane.url, lane.flowsToken, flowsSeeded);
  if (flows.token !== lane.token) await checkOwnership(options, flows, other);
  await checkRefusedUrls(options, flows);
  await runChargeProbes(run, options, flows);
  // After the charges: the ledger and the lists they fill (ideas) have entries to compare.
  await checkOrders(options, { ...flows, parameters: new Map() });
  await runBrokeChecks(run, options);
}

/** The charging calls and the free calls no flow made, on the flows' account. */
async function runChargeProbes(run: RunContext, options: AccountProbeOptions, flows: AccountSide): Promise<void> {
  const { settings, remote, contract, log } = run;
  const probing = {
    ...options,
    probes: new FlowProbes(contract, options.table, options.allowCharges, log),
    pollIntervalMs: pollIntervalMs(settings.pollIntervalSeconds, !remote, contract.limits().pollIntervalSeconds) ?? 5000,
    pollTimeoutMs: settings.pollTimeoutSeconds * 1000,
  };
  await probeUnreachedCharges(probing, flows);
  await probeUnreachedFree(probing, flows);
}

/** The 402 rule with an account without credits (CONFORMANCE_BROKE_TOKEN; the local mock's own by default). */
async function runBrokeChecks(run: RunContext, options: Parameters<typeof checkInsufficientCredits>[0]): Promise<void> {
  const token = run.settings.brokeToken;
  if (!token) return;
  const base = run.lanes[0].url;
  const seeded = await seed({ baseUrl: base, token, allowCharges: false, log: () => undefined });
  await checkInsufficientCredits(options, { base, token, parameters: seeded.parameters });
}

/** The 429s the throttles met: each must carry Retry-After in whole seconds. */
export function judge429s(run: RunContext, table: RulesTable): void {
  const met = run.lanes.flatMap((l) => l.throttle?.met429 ?? []);
  const id = 'limit:429-headers';
  if (!run.lanes.some((l) => l.throttle)) table.unreachable(id, 'requests were not paced, so no 429 was met (CONFORMANCE_RATE_LIMIT)');
  else if (!met.length) table.unreachable(id, 'no 429 was met');
  for (const m of met) {
    if (m.retryAfter !== null && /^\d+$/.test(m.retryAfter.trim())) table.pass(id);
    else
      table.fail(
        id,
        `${m.request} -> 429 with Retry-After ${m.retryAfter === null ? 'missing' : JSON.stringify(m.retryAfter)} (X-RateLimit-Reset ${m.reset ?? 'missing'})`,
      );
  }
}

/** What no part of the run reached, said per family: which part of the run would have reached it. */
const UNREACHED: Record<string, string> = {
  'refused in state': 'no flow of this run brought a resource of that surface into that state',
  'charge = meta.credits': 'no flow of this run made this charge',
  'estimate = charge': 'no flow of this run called the estimate and then the call it prices',
  free: 'no flow of this run made this call',
};

/** Writes the table (JSON and JUnit), prints it, and files its failures among the run's findings. */
export function concludeRules(run: RunContext, table: RulesTable): void {
  for (const row of table.list())
    if (row.verdict === 'not reachable' && row.why === DEFAULT_UNREACHED && UNREACHED[row.family])
      table.unreachable(row.id, `${UNREACHED[row.family]} (the flows phase, with CONFORMANCE_ALLOW_CHARGES=1)`);
  table.unreachable(
    'limit:402-fields',
    run.settings.brokeToken
      ? 'the account without credits met another refusal first on every charging call'
      : 'needs an account without credits (CONFORMANCE_BROKE_TOKEN); any 402 the run meets is checked against its schema instead',
  );
  const json = path.join(run.reportDir, RULES_TABLE_JSON);
  writeFileSync(json, `${JSON.stringify({ rules: table.list(), counts: table.counts() }, null, 2)}\n`);
  const xml = junit('stated rules table', table.junitCases());
  writeFileSync(path.join(run.reportDir, RULES_TABLE_JUNIT), xml);
  run.findings.push(...parseJUnit(xml));
  for (const line of formatRules(table)) run.log(line);
  run.log(`rules: table in ${json}`);
}
