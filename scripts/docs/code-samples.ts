// `x-codeSamples` for every operation, generated from the contract: a curl command, a call with the
// published typed client (`video-api-v2-client`, an openapi-fetch client) and a Python call with
// requests. Each spells out the same plan (scripts/docs/sample-plan.ts): the request with the
// contract's example values, the status the docs show for it, the charge, and the poll to a
// terminal state for an operation that starts or reads a state machine.
import { type Document, fillPath, type ContractOperation, substituteParams } from '../../lib/contract/index.js';
import { SAMPLE_LANGUAGES } from './redoc-options.js';
import {
  expectation,
  type PollPlan,
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

export function urlFor(ctx: SampleContext, route: string, req: SampleRequest): string {
  const { path } = fillPath(route, (name) => req.path[name]);
  const query = Object.entries(req.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');
  return `${ctx.baseUrl}${path}${query ? `?${query}` : ''}`;
}

/** jq's path to a value: `.data.video.status`. */
const jqPath = (keys: string[]) => keys.map((k) => (/^[A-Za-z_]\w*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join('');

function curlPoll(ctx: SampleContext, plan: SamplePlan, poll: PollPlan): string[] {
  // Ids read from the answer are shell variables, so the URL is built here, not percent-encoded.
  const fromAnswer = Object.values(poll.params).some((p) => p.from === 'response');
  const url = `${ctx.baseUrl}${substituteParams(poll.operation.path, (name) => {
    const p = poll.params[name];
    return p.from === 'request' ? encodeURIComponent(String(plan.request.path[p.name])) : `$${name}`;
  })}`;
  const quoted = fromAnswer ? `"${url}"` : shellQuote(url);
  const stop = poll.terminal.map((s) => `[ "$state" = ${s} ]`).join(' || ');
  return [
    '',
    `# Poll until ${poll.statusText} is ${poll.terminal.join(' or ')}, every ${poll.intervalSeconds} s (jq reads the state):`,
    'while :; do',
    `  state=$(curl -sS ${quoted} -H "Authorization: Bearer $API_TOKEN" | jq -r '${jqPath(poll.status)}')`,
    '  echo "status: $state"',
    `  { ${stop}; } && break`,
    `  sleep ${poll.intervalSeconds}`,
    'done',
  ];
}

export function curlSample(doc: Document, o: ContractOperation, ctx: SampleContext): string {
  const plan = samplePlan(doc, o, ctx);
  const req = plan.request;
  // The answer is kept in a file when the sample reads from it: the charge, or an id for the poll.
  const chained =
    !!plan.creditsAt || (plan.poll && !plan.pollsItself && Object.values(plan.poll.params).some((p) => p.from === 'response'));
  const lines = [
    `curl -sS --fail-with-body -X ${o.method.toUpperCase()} ${shellQuote(urlFor(ctx, o.path, req))}`,
    `-H "Authorization: Bearer $API_TOKEN"`,
  ];
  if (req.body !== undefined && req.mediaType === 'multipart/form-data') {
    for (const [name, value] of Object.entries(req.body))
      lines.push(`-F ${shellQuote(`${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)}`);
    for (const f of req.files) lines.push(`-F ${shellQuote(`${f.field}=@${f.fileName};type=${f.mediaType}`)}`);
  } else if (req.body !== undefined) {
    lines.push(`-H "Content-Type: ${req.mediaType}"`, `-d ${shellQuote(JSON.stringify(req.body))}`);
  }
  // The body, then the status on a line of its own (or, to read ids from it, the body kept in a file).
  lines.push(chained ? `-o answer.json -w 'HTTP %{http_code}\\n'` : `-w '\\nHTTP %{http_code}\\n'`);
  const out = [...(plan.chargeNote ? [`# ${plan.chargeNote}`] : []), `# ${expectation(plan)}`, lines.join(' \\\n  ')];
  if (chained) {
    out.push('jq . answer.json');
    if (plan.creditsAt) out.push(`echo "credits charged: $(jq -c '${jqPath(plan.creditsAt)}' answer.json)"`);
    for (const [name, p] of Object.entries(plan.poll && !plan.pollsItself ? plan.poll.params : {}))
      if (p.from === 'response') out.push(`${name}=$(jq -r '${jqPath(p.pointer)}' answer.json)`);
  }
  if (plan.poll && !plan.pollsItself) out.push(...curlPoll(ctx, plan, plan.poll));
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
  const done = poll.terminal.map((s) => `state === ${sq(s)}`).join(' || ');
  return [
    '',
    `// Poll until ${poll.statusText} is ${poll.terminal.join(' or ')}, every ${poll.intervalSeconds} s.`,
    'for (;;) {',
    `  const poll = await api.GET(${sq(poll.operation.path)}, ${params});`,
    '  if (poll.error) throw new Error(JSON.stringify(poll.error));',
    `  const state = ${tsPath('poll.data', poll.status)};`,
    "  console.log('status:', state);",
    `  if (${done}) break;`,
    `  await new Promise((resolve) => setTimeout(resolve, ${poll.intervalSeconds * 1000}));`,
    '}',
  ];
}

export function typescriptSample(doc: Document, o: ContractOperation, ctx: SampleContext): string {
  const plan = samplePlan(doc, o, ctx);
  const req = plan.request;
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
  const self = plan.poll && plan.pollsItself ? plan.poll : undefined;
  return [
    ...(files.size ? [`import { readFile } from 'node:fs/promises';`] : []),
    `import { createVideoApiClient${emptyForm ? ', toFormData' : ''} } from ${sq(ctx.packageName)};`,
    '',
    'const api = createVideoApiClient({',
    `  baseUrl: ${sq(ctx.baseUrl)},`,
    '  token: process.env.API_TOKEN,',
    '});',
    '',
    ...(plan.chargeNote ? [`// ${plan.chargeNote}`] : []),
    `// ${expectation(plan)}`,
    `const { data, error, response } = await api.${o.method.toUpperCase()}(${sq(o.path)}${args});`,
    'if (error) throw new Error(JSON.stringify(error));',
    'console.log(response.status, data);',
    ...(plan.creditsAt ? [`console.log('credits charged:', ${tsPath('data', plan.creditsAt)});`] : []),
    ...(self ? [`// ${pollNote(self)}`, `console.log('status:', ${tsPath('data', self.status)});`] : []),
    ...(plan.poll && !plan.pollsItself ? tsPoll(plan, plan.poll) : []),
  ].join('\n');
}

export function codeSamples(doc: Document, o: ContractOperation, ctx: SampleContext): CodeSample[] {
  return [
    { ...SAMPLE_LANGUAGES.curl, source: curlSample(doc, o, ctx) },
    { ...SAMPLE_LANGUAGES.typescript, source: typescriptSample(doc, o, ctx) },
    { ...SAMPLE_LANGUAGES.python, source: pythonSample(doc, o, ctx) },
  ];
}
