// `x-codeSamples` for every operation, generated from the contract: a curl command, a call with the
// published typed client (`video-api-v2-client`, an openapi-fetch client) and a Python call with
// requests. Each spells out the same plan (scripts/docs/sample-plan.ts): the request with the
// contract's example values, the status the docs show for it, the charge, and the poll to a
// terminal state for an operation that starts or reads a state machine.
import { type Document, type ContractOperation, substituteParams } from '../../lib/contract/index.js';
import { SAMPLE_LANGUAGES } from './redoc-options.js';
import {
  expectation,
  type PollPlan,
  POLL_LIMIT_SECONDS,
  pollNote,
  type SampleContext,
  type SamplePlan,
  type SampleRequest,
  samplePlan,
} from './sample-plan.js';
import { pythonSample } from './python-sample.js';

export { sampleContext, type SampleContext } from './sample-plan.js';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The query string of a request, percent-encoded (`?a=1&b=x,y`, or ''). */
function queryString(req: SampleRequest): string {
  const query = Object.entries(req.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');
  return query ? `?${query}` : '';
}

/** A marker's environment variable, if `value` is one. */
const markerEnv = (value: unknown) => (typeof value === 'string' && value.startsWith('\u0000') ? value.slice(1) : undefined);

/** The shell URL in double quotes: the base URL and ids from variables, the rest percent-encoded. */
function shellUrl(route: string, req: SampleRequest, value: (name: string) => string | undefined = () => undefined): string {
  const path = substituteParams(route, (name) => {
    const env = markerEnv(req.path[name]);
    return value(name) ?? (env ? `$${env}` : encodeURIComponent(String(req.path[name])));
  });
  return `"$API_BASE_URL${path}${queryString(req)}"`;
}

/** jq's path to a value: `.data.video.status`. */
const jqPath = (keys: string[]) => keys.map((k) => (/^[A-Za-z_]\w*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join('');

/** Shell pattern of states, for `case`: `"completed"|"ready"`. */
const casePattern = (states: string[]) => states.map((s) => JSON.stringify(s)).join('|');

function curlPoll(plan: SamplePlan, poll: PollPlan): string[] {
  const url = shellUrl(poll.operation.path, plan.request, (name) => {
    const p = poll.params[name];
    return p.from === 'response' ? `$${name}` : undefined;
  });
  const failure = poll.terminal.filter((s) => !poll.success.includes(s));
  const success = poll.terminal.filter((s) => poll.success.includes(s));
  return [
    '',
    `# Poll until ${poll.statusText} is ${poll.terminal.join(' or ')}, every ${poll.intervalSeconds} s, for at most ${POLL_LIMIT_SECONDS} s (jq reads the state):`,
    `deadline=$((SECONDS + ${POLL_LIMIT_SECONDS}))`,
    'while :; do',
    `  curl -sS --fail-with-body ${url} -H "Authorization: Bearer $API_TOKEN" -o poll.json || { cat poll.json >&2; exit 1; }`,
    `  state=$(jq -r '${jqPath(poll.status)}' poll.json)`,
    '  echo "status: $state"',
    `  case "$state" in`,
    ...(success.length ? [`    ${casePattern(success)}) break ;;`] : []),
    ...(failure.length ? [`    ${casePattern(failure)}) echo "ended in $state" >&2; exit 1 ;;`] : []),
    '  esac',
    `  [ "$SECONDS" -lt "$deadline" ] || { echo "still $state after ${POLL_LIMIT_SECONDS} s" >&2; exit 1; }`,
    `  sleep ${poll.intervalSeconds}`,
    'done',
  ];
}

/** The lines every shell sample starts with: stop on the first failure, the base URL, the inputs. */
function curlPrelude(ctx: SampleContext, plan: SamplePlan): string[] {
  return [
    'set -euo pipefail  # run it with bash: it stops at the first failed call',
    `API_BASE_URL="\${API_BASE_URL:-${ctx.baseUrl}}"`,
    `: "\${API_TOKEN:?set API_TOKEN}"`,
    ...plan.inputs.flatMap((i) => [`# ${i.env}: ${i.source}.`, `: "\${${i.env}:?set ${i.env} (see the comment above)}"`]),
  ];
}

/** A JSON body in single quotes, each input spliced in from its variable. */
function shellJson(plan: SamplePlan, body: unknown): string {
  return shellQuote(JSON.stringify(body)).replace(/"\\u0000(\w+)"/g, (_, env: string) =>
    plan.inputs.find((i) => i.env === env)?.numeric ? `'"$${env}"'` : `"'"$${env}"'"`,
  );
}

function curlCall(o: ContractOperation, plan: SamplePlan, chained: boolean): string {
  const req = plan.request;
  const lines = [
    `curl -sS --fail-with-body -X ${o.method.toUpperCase()} ${shellUrl(o.path, req)}`,
    `-H "Authorization: Bearer $API_TOKEN"`,
  ];
  if (req.body !== undefined && req.mediaType === 'multipart/form-data') {
    for (const [name, value] of Object.entries(req.body))
      lines.push(`-F ${shellQuote(`${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)}`);
    for (const f of req.files) lines.push(`-F ${shellQuote(`${f.field}=@${f.fileName};type=${f.mediaType}`)}`);
  } else if (req.body !== undefined) {
    lines.push(`-H "Content-Type: ${req.mediaType}"`, `-d ${shellJson(plan, req.body)}`);
  }
  // The body, then the status on a line of its own (or, to read ids from it, the body kept in a file).
  lines.push(chained ? `-o answer.json -w 'HTTP %{http_code}\\n' || { cat answer.json >&2; exit 1; }` : `-w '\\nHTTP %{http_code}\\n'`);
  return lines.join(' \\\n  ');
}

export function curlSample(doc: Document, o: ContractOperation, ctx: SampleContext): string {
  const plan = samplePlan(doc, o, ctx);
  // The answer is kept in a file when the sample reads from it: the charge, or an id for the poll.
  const chained =
    !!plan.creditsAt || (plan.poll && !plan.pollsItself && Object.values(plan.poll.params).some((p) => p.from === 'response'));
  const out = [
    ...curlPrelude(ctx, plan),
    '',
    ...(plan.chargeNote ? [`# ${plan.chargeNote}`] : []),
    `# ${expectation(plan)}`,
    curlCall(o, plan, !!chained),
  ];
  if (chained) {
    out.push('jq . answer.json');
    if (plan.creditsAt) out.push(`echo "credits charged: $(jq -c '${jqPath(plan.creditsAt)}' answer.json)"`);
    for (const [name, p] of Object.entries(plan.poll && !plan.pollsItself ? plan.poll.params : {}))
      if (p.from === 'response')
        out.push(
          `${name}=$(jq -r '${jqPath(p.pointer)} // empty' answer.json)`,
          `[ -n "$${name}" ] || { echo "no ${jqPath(p.pointer)} in the answer" >&2; exit 1; }`,
        );
  }
  if (plan.poll && !plan.pollsItself) out.push(...curlPoll(plan, plan.poll));
  if (plan.poll && plan.pollsItself) out.push(`# ${pollNote(plan.poll)}`);
  return out.join('\n');
}

/** A single-quoted TypeScript string literal. */
function sq(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : sq(name);
}

/** A JavaScript literal, indented; `raw` maps object keys to source text put in as it is. */
function literal(value: unknown, indent: string, raw: Map<string, string> = new Map()): string {
  if (typeof value === 'string') return sq(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => inner + literal(v, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${raw.get(k) ?? literal(v, inner)}`).join(',\n')},\n${indent}}`;
}

const oneLine = (value: unknown) => literal(value, '    ').replace(/\n\s*/g, ' ').replace(/, \}/, ' }');

/** Optional chaining into a parsed body: `data.data?.video?.status`. */
const tsPath = (root: string, keys: string[]) => `${root}.${keys.map(key).join('?.')}`;

function tsPoll(plan: SamplePlan, poll: PollPlan): string[] {
  const path: Record<string, string> = {};
  for (const [name, p] of Object.entries(poll.params))
    path[name] = p.from === 'request' ? literal(plan.request.path[p.name], '') : `String(${tsPath('data', p.pointer)})`;
  const params = `{ params: { path: { ${Object.entries(path)
    .map(([k, v]) => `${key(k)}: ${v}`)
    .join(', ')} } } }`;
  const either = (states: string[]) => states.map((s) => `state === ${sq(s)}`).join(' || ');
  const success = poll.terminal.filter((s) => poll.success.includes(s));
  const failure = poll.terminal.filter((s) => !poll.success.includes(s));
  return [
    '',
    `// Poll until ${poll.statusText} is ${poll.terminal.join(' or ')}, every ${poll.intervalSeconds} s, for at most ${POLL_LIMIT_SECONDS} s.`,
    `const deadline = Date.now() + ${POLL_LIMIT_SECONDS * 1000};`,
    'for (;;) {',
    `  const poll = await api.GET(${sq(poll.operation.path)}, ${params});`,
    `  if (poll.error) throw new Error(\`HTTP \${poll.response.status}: \${JSON.stringify(poll.error)}\`);`,
    `  const state = ${tsPath('poll.data', poll.status)};`,
    "  console.log('status:', state);",
    ...(success.length ? [`  if (${either(success)}) break;`] : []),
    ...(failure.length ? [`  if (${either(failure)}) throw new Error(\`ended in \${state}\`);`] : []),
    `  if (Date.now() > deadline) throw new Error(\`still \${state} after ${POLL_LIMIT_SECONDS} s\`);`,
    `  await new Promise((resolve) => setTimeout(resolve, ${poll.intervalSeconds * 1000}));`,
    '}',
  ];
}

/** `FACELESS_ID` -> `facelessId`. */
const camel = (env: string) => env.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Each input read from its variable, failing with where to get it when it is not set. */
function tsInputs(plan: SamplePlan): string[] {
  return plan.inputs.flatMap((i) => [
    `// ${i.env}: ${i.source}.`,
    `const ${camel(i.env)} = process.env.${i.env};`,
    `if (!${camel(i.env)}) throw new Error(${sq(`Set ${i.env}: ${i.source}.`)});`,
  ]);
}

/** The call's second argument: path and query parameters, the body (files read from disk). */
function tsCallArgs(req: SampleRequest): { args: string; emptyForm: boolean; files: boolean } {
  const files = new Map<string, string>();
  for (const f of req.files) {
    const file = `new File([await readFile(${sq(f.fileName)})], ${sq(f.fileName)}, { type: ${sq(f.mediaType)} })`;
    files.set(f.field, f.array ? `[${file}]` : file);
  }
  const init: Record<string, string> = {};
  const params: string[] = [];
  if (Object.keys(req.path).length) params.push(`path: ${oneLine(req.path)}`);
  if (Object.keys(req.query).length) params.push(`query: ${oneLine(req.query)}`);
  if (params.length) init.params = `{ ${params.join(', ')} }`;
  // A multipart body without files: the client would send {} as JSON, so it is made a form.
  const emptyForm = req.mediaType === 'multipart/form-data' && !files.size;
  if (req.body !== undefined)
    init.body = literal({ ...req.body, ...Object.fromEntries([...files.keys()].map((k) => [k, null])) }, '  ', files);
  if (emptyForm) init.bodySerializer = '(body) => toFormData(body ?? {})';
  const args = Object.keys(init).length
    ? `, {\n${Object.entries(init)
        .map(([k, v]) => `  ${k}: ${v},`)
        .join('\n')}\n}`
    : '';
  return { args, emptyForm, files: files.size > 0 };
}

export function typescriptSample(doc: Document, o: ContractOperation, ctx: SampleContext): string {
  const plan = samplePlan(doc, o, ctx);
  const { args, emptyForm, files } = tsCallArgs(plan.request);
  const self = plan.poll && plan.pollsItself ? plan.poll : undefined;
  const text = [
    ...(files ? [`import { readFile } from 'node:fs/promises';`] : []),
    `import { createVideoApiClient${emptyForm ? ', toFormData' : ''} } from ${sq(ctx.packageName)};`,
    '',
    'const api = createVideoApiClient({',
    `  baseUrl: process.env.API_BASE_URL ?? ${sq(ctx.baseUrl)},`,
    '  token: process.env.API_TOKEN,',
    '});',
    ...tsInputs(plan),
    '',
    ...(plan.chargeNote ? [`// ${plan.chargeNote}`] : []),
    `// ${expectation(plan)}`,
    `const { data, error, response } = await api.${o.method.toUpperCase()}(${sq(o.path)}${args});`,
    `if (error) throw new Error(\`HTTP \${response.status}: \${JSON.stringify(error)}\`);`,
    'console.log(response.status, data);',
    ...(plan.creditsAt ? [`console.log('credits charged:', ${tsPath('data', plan.creditsAt)});`] : []),
    ...(self ? [`// ${pollNote(self)}`, `console.log('status:', ${tsPath('data', self.status)});`] : []),
    ...(plan.poll && !plan.pollsItself ? tsPoll(plan, plan.poll) : []),
  ].join('\n');
  return text.replace(/'\\u0000(\w+)'/g, (_, env: string) =>
    plan.inputs.find((i) => i.env === env)?.numeric ? `Number(${camel(env)})` : camel(env),
  );
}

export function codeSamples(doc: Document, o: ContractOperation, ctx: SampleContext): CodeSample[] {
  return [
    { ...SAMPLE_LANGUAGES.curl, source: curlSample(doc, o, ctx) },
    { ...SAMPLE_LANGUAGES.typescript, source: typescriptSample(doc, o, ctx) },
    { ...SAMPLE_LANGUAGES.python, source: pythonSample(doc, o, ctx) },
  ];
}
