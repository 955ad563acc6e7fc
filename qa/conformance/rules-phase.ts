// The `rules` phase of a conformance run: the targeted cases of stated-rules.ts (values just outside
// a stated set or range, a field a conditional branch requires left out), each sent once and
// expected to be refused with a 4xx. An acceptance is the deployment breaking a rule the source
// states; it is reported with the request to reproduce it. A case the deployment accepted may have
// changed a setting (auto top-up switched on): the phase reads the resource before and writes it
// back after, where the operation is a PUT with a GET on the same path.
import { writeFileSync } from 'node:fs';
import { junit, type JUnitCase } from '../proxy/report.js';
import { selectedOperations } from './args.js';
import { operationFacts } from './contract-facts.js';
import type { RunContext } from './run-context.js';
import { type RuleCase, ruleCases } from './stated-rules.js';
import { parseJUnit } from './summary.js';

/** The name CONFORMANCE_PHASES uses for this phase. */
export const RULES_PHASE = 'rules';

interface Sent {
  status: number;
  text: string;
}

async function send(url: string, token: string, method: string, body?: unknown): Promise<Sent> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The reproduction, with the token as a placeholder (the report never holds it). */
export function curlOf(base: string, c: { method: string; path: string; body?: unknown }): string {
  const body = c.body === undefined ? '' : ` -H 'Content-Type: application/json' -d '${JSON.stringify(c.body).replaceAll("'", "'\\''")}'`;
  return `curl -X ${c.method} -H "Authorization: Bearer $CONFORMANCE_TOKEN"${body} '${base}${c.path}'`;
}

function judge(c: RuleCase, answer: Sent): string | undefined {
  if (answer.status >= 400 && answer.status < 500) return undefined;
  const what = answer.status < 400 ? 'accepted input the contract refuses' : 'answered a server error to input the contract refuses';
  return `${c.method} ${c.path} ${what} (${answer.status}): ${JSON.stringify(c.body)}. The contract: ${c.rule} Got: ${answer.text.slice(0, 200)}`;
}

/** Reads what a PUT may change (the GET on its path), to write it back if a case was accepted. */
async function snapshot(run: RunContext, base: string, token: string, c: RuleCase): Promise<unknown> {
  const reader = run.contract.operations().find((o) => o.path === c.path && o.method === 'get');
  if (c.method !== 'PUT' || !reader) return undefined;
  const answer = await send(`${base}${c.path}`, token, 'GET');
  const data = (parse(answer.text) as { data?: unknown } | undefined)?.data;
  return answer.status < 300 ? data : undefined;
}

async function restore(run: RunContext, base: string, token: string, c: RuleCase, before: unknown): Promise<void> {
  const schema = run.contract.deref(run.contract.operation(c.operationId).operation.requestBody)?.content?.['application/json']?.schema;
  const keys = new Set(Object.keys(run.contract.deref(schema)?.properties ?? {}));
  const body = Object.fromEntries(Object.entries(before as object).filter(([k, v]) => keys.has(k) && v !== null));
  const answer = await send(`${base}${c.path}`, token, c.method, body);
  run.log(`rules: ${c.operationId} accepted a case; wrote back what it read before (${answer.status})`);
}

export async function runRulesPhase(run: RunContext): Promise<void> {
  const { settings, remote, lanes, contract, coverage, findings, reportDir, log } = run;
  const ids = new Set(selectedOperations(settings, operationFacts(), remote).map((f) => f.operationId));
  // Only operations without path parameters: a targeted case is about the body's rules.
  const cases = ruleCases(contract, ids).filter((c) => !c.path.includes('{'));
  const lane = lanes[0];
  log(`rules phase: ${cases.length} targeted case(s) for rules the contract states where Schemathesis draws no negative case`);
  const byOperation = new Map<string, RuleCase[]>();
  for (const c of cases) byOperation.set(c.operationId, [...(byOperation.get(c.operationId) ?? []), c]);
  const junitCases: JUnitCase[] = [];
  for (const [operationId, list] of byOperation) {
    if (run.interrupted()) break;
    const started = Date.now();
    const before = await snapshot(run, lane.url, lane.token, list[0]);
    const failures: JUnitCase['failures'] = [];
    for (const c of list) {
      if (run.interrupted()) break;
      const answer = await send(`${lane.url}${c.path}`, lane.token, c.method, c.body);
      coverage.exchange(operationId, answer.status, parse(answer.text));
      const problem = judge(c, answer);
      if (problem)
        failures.push({ type: 'RULE', text: `${problem}\n\nReproduce with:\n\n    ${curlOf(settings.baseUrl ?? lane.url, c)}\n` });
    }
    if (failures.length && before !== undefined) await restore(run, lane.url, lane.token, list[0], before);
    junitCases.push({ name: `${list[0].method} ${list[0].path}`, failures, time: (Date.now() - started) / 1000 });
    log(`rules: ${operationId}: ${list.length - failures.length} of ${list.length} refused as the contract states`);
  }
  const xml = junit('stated rules', junitCases);
  const file = `${reportDir}/rules-junit.xml`;
  writeFileSync(file, xml);
  findings.push(...parseJUnit(xml));
  log(`rules: JUnit report: ${file}`);
}
