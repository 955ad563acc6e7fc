// The Python sample of an operation: plain `requests`, the token from the API_TOKEN environment
// variable, the same plan as the curl and TypeScript samples (scripts/docs/sample-plan.ts).
import { type Document, type ContractOperation, substituteParams } from '../../lib/contract/index.js';
import {
  expectation,
  POLL_LIMIT_SECONDS,
  type PollPlan,
  pollNote,
  type SampleContext,
  type SamplePlan,
  samplePlan,
} from './sample-plan.js';

/** A Python literal for a JSON value, indented like black would. */
export function pyLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => inner + pyLiteral(v, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(v, inner)}`).join(',\n')},\n${indent}}`;
}

/** `body["data"]["video"]["status"]` */
const pyPath = (root: string, keys: string[]) => `${root}${keys.map((k) => `[${JSON.stringify(k)}]`).join('')}`;

/** An f-string URL: the route with each parameter from `values` (Python expressions). */
/** `body.get("data", {}).get("status")`: a state that may not be there yet prints None. */
const getChain = (root: string, keys: string[]) =>
  `${root}${keys.map((k, i) => `.get(${JSON.stringify(k)}${i < keys.length - 1 ? ', {}' : ''})`).join('')}`;

function fUrl(route: string, values: Record<string, string>): string {
  return `f"{BASE_URL}${substituteParams(route, (name) => `{${values[name]}}`)}"`;
}

function pyValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : pyLiteral(value);
}

function pyPoll(plan: SamplePlan, poll: PollPlan): string[] {
  const values: Record<string, string> = {};
  const fromAnswer: string[] = [];
  for (const [name, p] of Object.entries(poll.params)) {
    values[name] = p.from === 'request' ? pyValue(plan.request.path[p.name]) : name;
    if (p.from === 'response') fromAnswer.push(`${name} = ${pyPath('body', p.pointer)}`);
  }
  const tuple = (states: string[]) => `(${states.map((s) => JSON.stringify(s)).join(', ')}${states.length === 1 ? ',' : ''})`;
  const success = poll.terminal.filter((s) => poll.success.includes(s));
  const failure = poll.terminal.filter((s) => !poll.success.includes(s));
  return [
    '',
    ...fromAnswer,
    `# Poll until ${poll.statusText} is ${poll.terminal.join(' or ')}, every ${poll.intervalSeconds} seconds, for at most ${POLL_LIMIT_SECONDS} seconds.`,
    `deadline = time.monotonic() + ${POLL_LIMIT_SECONDS}`,
    'while True:',
    `    poll = requests.get(${fUrl(poll.operation.path, values)}, headers=HEADERS, timeout=30)`,
    '    if not poll.ok:',
    '        sys.exit(f"HTTP {poll.status_code}: {poll.text}")',
    `    state = ${pyPath('poll.json()', poll.status)}`,
    '    print("status:", state)',
    ...(success.length ? [`    if state in ${tuple(success)}:`, '        break'] : []),
    ...(failure.length ? [`    if state in ${tuple(failure)}:`, '        sys.exit(f"ended in {state}")'] : []),
    '    if time.monotonic() > deadline:',
    `        sys.exit(f"still {state} after ${POLL_LIMIT_SECONDS} seconds")`,
    `    time.sleep(${poll.intervalSeconds})`,
  ];
}

function callArguments(plan: SamplePlan, url: string): string[] {
  const req = plan.request;
  const args = [url, 'headers=HEADERS'];
  if (Object.keys(req.query).length) args.push(`params=${pyLiteral(req.query, '    ')}`);
  if (req.body !== undefined && req.mediaType === 'multipart/form-data') {
    const fields = Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]));
    if (Object.keys(fields).length) args.push(`data=${pyLiteral(fields, '    ')}`);
    const files = req.files.map(
      (f) =>
        `        (${JSON.stringify(f.field)}, (${JSON.stringify(f.fileName)}, open(${JSON.stringify(f.fileName)}, "rb"), ${JSON.stringify(f.mediaType)})),`,
    );
    if (files.length) args.push(`files=[\n${files.join('\n')}\n    ]`);
  } else if (req.body !== undefined) args.push(`json=${pyLiteral(req.body, '    ')}`);
  return args;
}

/** Each input read from its variable, exiting with where to get it when it is not set. */
function pyInputs(plan: SamplePlan): string[] {
  return plan.inputs.flatMap((i) => [
    `# ${i.env}: ${i.source}.`,
    `${i.env.toLowerCase()} = os.environ.get(${JSON.stringify(i.env)}) or sys.exit(${JSON.stringify(`Set ${i.env}: ${i.source}.`)})`,
  ]);
}

export function pythonSample(doc: Document, o: ContractOperation, ctx: SampleContext): string {
  const plan = samplePlan(doc, o, ctx);
  const values = Object.fromEntries(Object.keys(plan.request.path).map((name) => [name, pyValue(plan.request.path[name])]));
  const polls = plan.poll && !plan.pollsItself;
  const call = [...callArguments(plan, fUrl(o.path, values)), 'timeout=30'];
  const text = [
    'import os',
    'import sys',
    ...(polls ? ['import time'] : []),
    '',
    'import requests',
    '',
    `BASE_URL = os.environ.get("API_BASE_URL", ${JSON.stringify(ctx.baseUrl)})`,
    'HEADERS = {"Authorization": f"Bearer {os.environ[\'API_TOKEN\']}"}',
    ...pyInputs(plan),
    '',
    ...(plan.chargeNote ? [`# ${plan.chargeNote}`] : []),
    `# ${expectation(plan)}`,
    `response = requests.${o.method}(`,
    ...call.map((a) => `    ${a},`),
    ')',
    'print(response.status_code, response.text)',
    'response.raise_for_status()',
    'body = response.json()',
    ...(plan.creditsAt ? [`print("credits charged:", ${getChain('body', plan.creditsAt)})`] : []),
    ...(plan.poll && plan.pollsItself ? [`# ${pollNote(plan.poll)}`, `print("status:", ${getChain('body', plan.poll.status)})`] : []),
    ...(polls ? pyPoll(plan, plan.poll!) : []),
  ].join('\n');
  return text.replace(/"\\u0000(\w+)"/g, (_, env: string) =>
    plan.inputs.find((i) => i.env === env)?.numeric ? `int(${env.toLowerCase()})` : env.toLowerCase(),
  );
}
