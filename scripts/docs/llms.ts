// Docs an AI assistant can read: one Markdown page per operation and per topic, an llms.txt index
// (llmstxt.org: H1, a blockquote summary, sections of links) and llms-full.txt (every page in one
// file). Everything comes from the contract through the model and the same modules that build the
// HTML page's sections; each operation's page stands on its own (base URL, auth, credits, state
// machine, what is not shown), because an assistant may read one page or one slice of the full file.
import {
  ContractModel,
  type Document,
  type JsonValue,
  type MaybeRef,
  type ContractOperation,
  type Parameter,
  parsePointer,
  type RequestBody,
  type Response,
  type Schema,
  type XStateMachine,
} from '../../lib/contract/index.js';
import { isGuessedOperation, UNCONFIRMED_LABEL, unconfirmedNote } from '../../lib/contract/index.js';
import { CLIENT_PACKAGE_NAME } from '../lib/project.js';
import { codeSamples, sampleContext } from './code-samples.js';
import { sampleInputs } from './sample-inputs.js';
import { constraints, creditsOverviewMarkdown, operationCreditsMarkdown } from './credits.js';
import { errorCatalogueMarkdown, renderPreconditionsMarkdown } from './errors.js';
import { describe, knownGaps, knownGapsMarkdown } from './known-gaps.js';
import { limitsMarkdown } from './limits.js';
import { cell, code, demoteHeadings, sectionBody, table } from './markdown.js';
import { stateMachines } from './state-diagrams.js';

export interface Page {
  /** File name under md/, e.g. `createFacelessVideo.md`. */
  file: string;
  title: string;
  /** One line for the llms.txt index. */
  summary: string;
  markdown: string;
}

export interface LlmsDocs {
  topics: Page[];
  operations: Page[];
  llmsTxt: string;
  llmsFullTxt: string;
}

/** The server operations are called on (the first one listed: production). */
function baseUrl(doc: Document): string {
  return ContractModel.of(doc).servers()[0]?.url ?? '';
}

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** The first sentence of a text, on one line. */
function firstSentence(text: string | undefined): string {
  const line = oneLine(text);
  const m = /^(.+?[.!?])(\s|$)/.exec(line);
  return m ? m[1] : line;
}

/** A short type for a schema: `string (uri)`, `array of FacelessScene`, `integer`, `one of: A, B`. */
function typeText(doc: Document, node: MaybeRef<Schema> | undefined, depth = 0): string {
  if (!node) return 'any';
  const name = (node as Schema).$ref?.split('/').pop();
  const schema = ContractModel.of(doc).deref<Schema>(node);
  if (depth > 2) return name ?? 'object';
  if (schema.const !== undefined) return `const ${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array' || schema.items) return `array of ${typeText(doc, schema.items, depth + 1)}`;
  if (type && type !== 'object') return `${type}${schema.format ? ` (${schema.format})` : ''}`;
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts) return `one of: ${alts.map((a) => typeText(doc, a, depth + 1)).join(', ')}`;
  if (schema.allOf?.length === 1) return typeText(doc, schema.allOf[0], depth + 1);
  return name ?? type ?? 'object';
}

/** Top-level properties of an object schema, merged through allOf, with which are required. */
function properties(doc: Document, node: MaybeRef<Schema> | undefined): { props: Record<string, Schema>; required: Set<string> } {
  const props: Record<string, Schema> = {};
  const required = new Set<string>();
  const visit = (n: MaybeRef<Schema> | undefined) => {
    if (!n) return;
    const s = ContractModel.of(doc).deref<Schema>(n);
    Object.assign(props, s.properties ?? {});
    for (const r of s.required ?? []) required.add(r);
    for (const part of s.allOf ?? []) visit(part);
  };
  visit(node);
  return { props, required };
}

function describeField(doc: Document, schema: Schema): string {
  const own = ContractModel.of(doc).deref<Schema>(schema);
  const parts = [oneLine(schema.description ?? own.description), ...constraints(doc, schema)];
  if (own['x-unspecified']) parts.push(`Not shown: ${oneLine(own['x-unspecified'])}`);
  return parts.filter(Boolean).join(' ');
}

/** A link from one md/ page to an operation's page: [`label`](operationId.md). */
function opLink(id: string, label: string): string {
  return `[${code(label)}](${id}.md)`;
}

/** The line every md/ page carries back to the index. */
const INDEX_LINE = 'Index: [llms.txt](../llms.txt) lists every operation and topic.';

/** A page's links as seen from the docs root (llms-full.txt sits beside llms.txt, not in md/). */
export function fromRoot(markdown: string): string {
  return markdown.replace(/\]\(\.\.\/llms\.txt\)/g, '](llms.txt)').replace(/\]\(([A-Za-z0-9_-]+\.md)\)/g, '](md/$1)');
}

function json(value: JsonValue | undefined): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

/** Every `x-unspecified` reachable from the operation (its own object, parameters, body, responses), with where it is. */
function operationGaps(doc: Document, o: ContractOperation): { place: string; text: string }[] {
  const out: { place: string; text: string }[] = [];
  const seenRefs = new Set<string>();
  const seenText = new Set<string>();
  const walk = (node: unknown, keys: string[]) => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      if (seenRefs.has(ref)) return;
      seenRefs.add(ref);
      walk(ContractModel.of(doc).deref(node as object), parsePointer(ref));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-unspecified') {
        const text = oneLine(String(value));
        // Shared schemas repeat the same sentence in many places; one mention is enough.
        if (!seenText.has(text)) {
          seenText.add(text);
          out.push({ place: describe(keys), text });
        }
      } else walk(value, [...keys, key]);
    }
  };
  // Error responses are shared by every operation and listed on the errors page.
  const { responses, ...rest } = o.operation;
  walk(rest, ['paths', o.path, o.method]);
  for (const [status, response] of Object.entries(responses)) {
    if (/^2/.test(status)) walk(response, ['paths', o.path, o.method, 'responses', status]);
  }
  return out;
}

function parametersTable(doc: Document, o: ContractOperation): string {
  const item = doc.paths[o.path];
  const params = [...(item.parameters ?? []), ...(o.operation.parameters ?? [])].map((p) => ContractModel.of(doc).deref<Parameter>(p));
  if (!params.length) return '';
  return table(
    ['name', 'in', 'type', 'required', 'description'],
    params.map((p) => {
      const parts = [oneLine(p.description), ...constraints(doc, p.schema)];
      if (p.example !== undefined) parts.push(`Example: ${code(JSON.stringify(p.example))}.`);
      if (p['x-unspecified']) parts.push(`Not shown: ${oneLine(p['x-unspecified'])}`);
      return [code(p.name), p.in, typeText(doc, p.schema), p.required ? 'yes' : 'no', parts.filter(Boolean).join(' ')];
    }),
  );
}

/** A table of a schema's fields, or '' when it lists none. */
function fieldsTable(doc: Document, node: MaybeRef<Schema> | undefined): string {
  const { props, required } = properties(doc, node);
  const names = Object.keys(props);
  if (!names.length) return '';
  return table(
    ['field', 'type', 'required', 'description'],
    names.map((n) => [code(n), typeText(doc, props[n]), required.has(n) ? 'yes' : 'no', describeField(doc, props[n])]),
  );
}

/** A body's fields: one table, or one per alternative of a oneOf/anyOf body (its title and description above it). */
function bodyFields(doc: Document, node: MaybeRef<Schema> | undefined): string[] {
  const own = fieldsTable(doc, node);
  if (own) return [own, ''];
  const schema = node && ContractModel.of(doc).deref<Schema>(node);
  const alternatives = (schema?.oneOf ?? schema?.anyOf ?? []).map((alt) => ({ alt, fields: fieldsTable(doc, alt) }));
  if (!alternatives.length || alternatives.some((a) => !a.fields))
    return [`Schema: ${typeText(doc, node)}; the source shows no fields.`, ''];
  const out = [`One of ${alternatives.length} bodies:`, ''];
  for (const { alt, fields } of alternatives) {
    const s = ContractModel.of(doc).deref<Schema>(alt);
    const name = s.title ?? (alt as Schema).$ref?.split('/').pop() ?? 'alternative';
    out.push(`${code(name)}${s.description ? `: ${oneLine(s.description)}` : ''}`, '', fields, '');
  }
  return out;
}

function bodyMarkdown(doc: Document, o: ContractOperation): string {
  if (!o.operation.requestBody) return '';
  const body = ContractModel.of(doc).deref<RequestBody>(o.operation.requestBody);
  const out: string[] = [];
  for (const [media, content] of Object.entries(body.content ?? {})) {
    out.push(`### Body (${code(media)}, ${body.required ? 'required' : 'optional'})`, '');
    if (body.description) out.push(oneLine(body.description), '');
    out.push(...bodyFields(doc, content.schema));
    for (const [name, example] of Object.entries(content.examples ?? {})) {
      const value = ContractModel.of(doc).deref(example);
      out.push(`Example ${code(name)}${value.summary ? ` (${value.summary})` : ''}:`, '', json(value.value), '');
    }
    if (content.example !== undefined) out.push('Example:', '', json(content.example), '');
  }
  return out.join('\n').trim();
}

function responsesMarkdown(doc: Document, o: ContractOperation): string {
  const out: string[] = ['## Responses', ''];
  const errors: unknown[][] = [];
  for (const [status, ref] of Object.entries(o.operation.responses)) {
    const response = ContractModel.of(doc).deref<Response>(ref);
    if (!/^2/.test(status)) {
      errors.push([status, oneLine(response.description)]);
      continue;
    }
    out.push(`### ${status}`, '', oneLine(response.description), '');
    for (const [media, content] of Object.entries(response.content ?? {})) {
      out.push(`Body: ${code(media)}, ${typeText(doc, content.schema)}.`, '');
      for (const [name, example] of Object.entries(content.examples ?? {})) {
        const value = ContractModel.of(doc).deref(example);
        out.push(`Example ${code(name)}${value.summary ? ` (${value.summary})` : ''}:`, '', json(value.value), '');
      }
      if (content.example !== undefined) out.push('Example:', '', json(content.example), '');
    }
    const links = Object.entries(response.links ?? {}).map(([, l]) => ContractModel.of(doc).deref(l));
    if (links.length) {
      out.push(
        'Next calls (OpenAPI links):',
        '',
        ...links.map(
          (l) =>
            `- ${l.operationId ? opLink(l.operationId, l.operationId) : code(l.operationId)}${l.description ? `: ${oneLine(l.description)}` : ''}${
              l.parameters
                ? ` (${Object.entries(l.parameters)
                    .map(([k, v]) => `${code(k)} from ${code(v)}`)
                    .join(', ')})`
                : ''
            }`,
        ),
        '',
      );
    }
  }
  if (errors.length) out.push('### Errors', '', table(['status', 'when'], errors), '');
  return out.join('\n').trim();
}

/** A Mermaid state diagram: plain text an assistant reads and many Markdown viewers draw. */
export function mermaid(m: XStateMachine): string {
  const id = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_');
  const lines = ['```mermaid', 'stateDiagram-v2'];
  for (const t of m.transitions) {
    const label = `${oneLine(t.trigger)}${t.automatic ? ' (automatic)' : ''}${t.refund ? ', refund' : ''}`.replace(/[:;]/g, ' ');
    lines.push(`  ${t.from === null ? '[*]' : id(t.from)} --> ${t.to === null ? 'not_shown' : id(t.to)} : ${label}`);
  }
  for (const s of m.terminal) lines.push(`  ${id(s)} --> [*]`);
  lines.push('```');
  return lines.join('\n');
}

function machineFacts(doc: Document, schema: string, m: XStateMachine): string[] {
  const labels = new Map(
    ContractModel.of(doc)
      .operations()
      .map((o) => [o.id, o.label]),
  );
  const ops = (ids: readonly string[] | undefined) => (ids ?? []).map((id) => opLink(id, labels.get(id) ?? id)).join(', ');
  const facts = [
    `- Status: ${code(m.statusLocation)} (JSON pointer into the body) of ${ops(m.pollOperationIds)}; schema ${code(schema)}.`,
    `- States: ${m.states.map(code).join(', ')}${m.open ? ' (and others the source does not show)' : ''}; initial: ${m.initial === null ? 'not shown' : code(m.initial)}.`,
    `- Terminal: ${m.terminal.map(code).join(', ') || 'none'}${m.success.length ? `; success: ${m.success.map(code).join(', ')}` : ''}${m.failure.length ? `; failure: ${m.failure.map(code).join(', ')}` : ''}.`,
  ];
  if (m.stateValues)
    facts.push(
      `- Wire values: ${Object.entries(m.stateValues)
        .map(([k, v]) => `${code(k)} is ${code(JSON.stringify(v))}`)
        .join(', ')}.`,
    );
  if (m.pollIntervalSeconds) facts.push(`- Poll every ${m.pollIntervalSeconds.min} to ${m.pollIntervalSeconds.max} seconds.`);
  const moves = m.transitions.map((t) => {
    const extra = [
      t.condition ? `when ${oneLine(t.condition)}` : t.outcome ? `outcome ${t.outcome}` : '',
      t.effects ? `effects: ${oneLine(t.effects)}` : '',
      t.refund ? 'the charge is refunded' : '',
      t.operationIds?.length ? `called by ${ops(t.operationIds)}` : '',
      t['x-unspecified'] ? `not shown: ${oneLine(t['x-unspecified'])}` : '',
    ].filter(Boolean);
    const line = `${oneLine(t.trigger)}${t.automatic ? ' (automatic)' : ''}${extra.length ? `; ${extra.join('; ')}` : ''}`;
    return `- ${t.from ?? '(new)'} → ${t.to ?? 'not shown'}: ${line.replace(/\.+$/, '')}.`;
  });
  return [...facts, '', 'Transitions:', '', ...moves, '', mermaid(m)];
}

/** The state machines an operation drives (moves a resource) or reads (polls). */
function stateMachineMarkdown(doc: Document, o: ContractOperation): string {
  const out: string[] = [];
  for (const { schema, machine: m } of stateMachines(doc)) {
    const moves = m.transitions.filter((t) => t.operationIds?.includes(o.id));
    const polls = m.pollOperationIds.includes(o.id);
    if (!moves.length && !polls) continue;
    out.push(`### ${m.resource}`, '');
    if (polls) {
      out.push(
        `This operation reads the ${m.resource.toLowerCase()}'s state at ${code(m.statusLocation)}; poll it until ${m.terminal.map(code).join(' or ') || 'the state you need'}.`,
        '',
      );
    }
    for (const t of moves) out.push(`- This operation moves it ${t.from ?? '(new)'} → ${t.to ?? 'not shown'}.`);
    if (moves.length) out.push('');
    out.push(...machineFacts(doc, schema, m), '');
  }
  return out.length ? ['## State machine', '', ...out].join('\n').trim() : '';
}

/** The operation's code samples, the same text as the HTML page's `x-codeSamples`. */
function samplesMarkdown(doc: Document, o: ContractOperation): string {
  const fence: Record<string, string> = { bash: 'sh', typescript: 'ts', python: 'python' };
  const ctx = sampleContext(doc, CLIENT_PACKAGE_NAME);
  const samples = codeSamples(doc, o, ctx);
  const env = [
    '- `API_TOKEN`: your bearer token.',
    `- \`API_BASE_URL\` (optional): defaults to \`${ctx.baseUrl}\`.`,
    ...sampleInputs(doc, o).map(
      (i) => `- \`${i.env}\`: ${i.source.replace(/in the answer of (\w+) \(/, (_, id: string) => `in the answer of ${opLink(id, id)} (`)}.`,
    ),
  ];
  const intro = ['Each sample runs as printed and stops with the status and body at the first failed call. Set first:', '', ...env];
  return [
    '## Samples',
    '',
    ...intro,
    '',
    ...samples.flatMap((s) => [`### ${s.label}`, '', `\`\`\`${fence[s.lang] ?? s.lang}`, s.source, '```', '']),
  ]
    .join('\n')
    .trim();
}

function authLine(doc: Document, o: ContractOperation): string {
  const security = o.operation.security ?? doc.security ?? [];
  if (!security.length || security.every((s) => !Object.keys(s).length)) return 'none (no token needed)';
  const schemes = doc.components?.securitySchemes ?? {};
  return security
    .flatMap((s) => Object.keys(s))
    .map((name) => {
      const scheme = ContractModel.of(doc).deref(schemes[name]) as { type?: string; scheme?: string };
      return scheme.type === 'http' && scheme.scheme === 'bearer' ? '`Authorization: Bearer <API_TOKEN>`' : code(name);
    })
    .join(' or ');
}

export function operationPage(doc: Document, o: ContractOperation): Page {
  const title = o.operation.summary ?? o.id;
  const gaps = operationGaps(doc, o);
  const guessed = isGuessedOperation(o.operation);
  const out: string[] = [`# ${o.label}: ${title}`, ''];
  if (guessed) out.push(`> **${unconfirmedNote(o.operation)}**`, '');
  out.push(
    `- Operation: ${code(o.id)} (tag ${o.operation.tags?.[0] ?? 'none'})`,
    `- Call: ${code(`${o.method.toUpperCase()} ${baseUrl(doc)}${o.path}`)}`,
    `- Auth: ${authLine(doc, o)}`,
    '',
    INDEX_LINE,
    '',
  );
  if (o.operation.description) out.push(demoteHeadings(o.operation.description.trim(), 2), '');
  const params = parametersTable(doc, o);
  const body = bodyMarkdown(doc, o);
  out.push('## Request', '');
  if (params) out.push('### Parameters', '', params, '');
  if (body) out.push(body, '');
  if (!params && !body) out.push('No parameters and no body.', '');
  out.push(samplesMarkdown(doc, o), '');
  out.push(responsesMarkdown(doc, o), '');
  out.push('## Credits and limits', '', operationCreditsMarkdown(doc, o).replace(/^\*\*Credits and limits\*\*\n\n/, ''), '');
  const machine = stateMachineMarkdown(doc, o);
  if (machine) out.push(machine, '');
  if (guessed || gaps.length) {
    out.push(`## ${UNCONFIRMED_LABEL}`, '');
    out.push(
      guessed
        ? 'The path or method of this operation is a guess: the source does not show it. The details below are open as well.'
        : 'The source leaves these details open (`x-unspecified`); the contract models them leniently and promises nothing about them.',
      '',
    );
    out.push(...gaps.map((g) => `- **${g.place}**: ${g.text}`), '');
  }
  return {
    file: `${o.id}.md`,
    title: `${o.label}: ${title}`,
    summary: `${guessed ? `${UNCONFIRMED_LABEL}. ` : ''}${firstSentence(o.operation.description) || title}`,
    markdown: `${out.join('\n').trim()}\n`,
  };
}

const MCP_SERVER = [
  '`video-api-mcp` (stdio; in the video-api-v2-mock package) has the tools `search_operations`, `get_operation_page` (these pages), `get_state_machine`, `get_credit_cost`, `get_errors`, and `call`.',
  '',
  '`call` sends one request to a mock inside the server, or to the deployment set by `VIDEO_API_BASE_URL` and `VIDEO_API_TOKEN`; charging calls only with `allowCharges: true`.',
].join('\n');

function topicPage(file: string, title: string, summary: string, body: string): Page {
  return { file, title, summary, markdown: `# ${title}\n\n${INDEX_LINE}\n\n${body.trim()}\n` };
}

export function topicPages(doc: Document): Page[] {
  const info = doc.info.description ?? '';
  const auth = [sectionBody(info, 'Authentication')];
  for (const [name, s] of Object.entries(doc.components?.securitySchemes ?? {})) {
    const scheme = ContractModel.of(doc).deref(s) as { type?: string; scheme?: string; description?: string; 'x-unspecified'?: string };
    auth.push(`Scheme ${code(name)}: ${scheme.type} ${scheme.scheme ?? ''}. ${oneLine(scheme.description)}`.trim());
    if (scheme['x-unspecified']) auth.push(`${UNCONFIRMED_LABEL}: ${oneLine(scheme['x-unspecified'])}`);
  }
  const rules = sectionBody(info, 'General rules');
  const machines = stateMachines(doc);
  const states = [
    'Every long-running resource follows a state machine from the contract (`x-state-machine` on its status schema).',
    'Create or render, then poll the resource with GET and read the status at the given JSON pointer until a terminal state.',
    ...machines.flatMap(({ schema, machine }) => ['', `## ${machine.resource}`, '', ...machineFacts(doc, schema, machine)]),
  ].join('\n');
  return [
    topicPage(
      'authentication.md',
      'Authentication',
      'Bearer token on every request, the subscription gate, and which operations work without it.',
      [`Base URL: ${code(baseUrl(doc))}.`, '', ...auth.filter(Boolean).flatMap((p) => [p, ''])].join('\n'),
    ),
    topicPage(
      'errors.md',
      'Errors',
      'The error envelope, every error code with its HTTP status, and the render preconditions.',
      [sectionBody(info, 'Errors'), errorCatalogueMarkdown(doc), renderPreconditionsMarkdown(doc)]
        .filter(Boolean)
        .join('\n\n')
        .replace(/^### /gm, '## '),
    ),
    topicPage(
      'limits.md',
      'Limits',
      'Request rate, polling interval and every numeric limit the source states.',
      [limitsMarkdown(doc), rules ? `## General rules\n\n${rules}` : ''].filter(Boolean).join('\n\n'),
    ),
    topicPage('state-machines.md', 'State machines', 'States, terminal states and transitions of every polled resource.', states),
    topicPage('credits.md', 'Credits', 'Which operations charge credits, how much, and refunds.', creditsOverviewMarkdown(doc)),
    topicPage(
      'mcp-server.md',
      'MCP server',
      'video-api-mcp, the MCP server (stdio) that gives an assistant these pages and a mock to call.',
      MCP_SERVER,
    ),
    topicPage(
      'known-gaps.md',
      'Known gaps',
      'Every place the source leaves unspecified (x-unspecified), so nothing there is relied on.',
      knownGapsMarkdown(knownGaps(doc)),
    ),
  ];
}

function kb(text: string): string {
  return `${Math.round(Buffer.byteLength(text) / 1024)} KB`;
}

/** The HTML page's section that points to these files (they sit beside index.html). */
export function llmsLinksMarkdown(out: LlmsDocs): string {
  return [
    'The same reference as plain Markdown, for AI coding assistants and text tools, generated from the same contract:',
    '',
    '- [llms.txt](llms.txt): the index in the llmstxt.org format, one link per operation and per topic.',
    `- [llms-full.txt](llms-full.txt): every page in one file (${kb(out.llmsFullTxt)}); each operation's section stands on its own.`,
    `- One page per topic: ${out.topics.map((p) => `[${p.title}](md/${p.file})`).join(', ')}; and one per operation, linked from each operation below.`,
  ].join('\n');
}

export function llmsDocs(doc: Document): LlmsDocs {
  const topics = topicPages(doc);
  const ops = ContractModel.of(doc).operations();
  const pages = new Map(ops.map((o) => [o.id, operationPage(doc, o)]));
  const link = (p: Page) => `- [${p.title}](md/${p.file}): ${cell(p.summary)}`;
  const title = doc.info.title;
  const summary = oneLine(doc.info.summary ?? firstSentence(doc.info.description));
  const full = [
    `# ${title} (full text)`,
    '',
    `> ${summary}`,
    '',
    `Every page of the Markdown reference in one file: ${topics.length} topics, then ${ops.length} operations. Each page starts with a level-1 heading and stands on its own.`,
    '',
    ...[...topics, ...pages.values()].flatMap((p) => ['---', '', `<!-- md/${p.file} -->`, '', fromRoot(p.markdown.trim()), '']),
  ].join('\n');
  const sections: string[] = [];
  for (const tag of ContractModel.of(doc).tagOrder()) {
    const inTag = ops.filter((o) => (o.operation.tags?.[0] ?? '') === tag);
    if (inTag.length) sections.push(`## ${tag}`, '', ...inTag.map((o) => link(pages.get(o.id)!)), '');
  }
  const llmsTxt = [
    `# ${title}`,
    '',
    `> ${summary} Version ${doc.info.version}, base URL ${baseUrl(doc)}, bearer token auth; charging calls spend account credits.`,
    '',
    `One Markdown page per operation (${ops.length}) and per topic (${topics.length}), generated from the OpenAPI contract. Pages marked "${UNCONFIRMED_LABEL}" describe what the source does not show.`,
    `llms-full.txt holds every page in one file (${kb(full)}).`,
    '',
    '## Topics',
    '',
    ...topics.map(link),
    '',
    ...sections,
    '## Optional',
    '',
    `- [Full text](llms-full.txt): every page above in one file (${kb(full)})`,
    '',
  ].join('\n');
  return { topics, operations: [...pages.values()], llmsTxt, llmsFullTxt: `${full.trim()}\n` };
}
