// Billing and limits per operation, from `x-credits`, `x-tool-server`, `x-state-machine`, the 429
// response and the parameter and body constraints; plus the all-operations credits overview.
import {
  ContractModel,
  type Document,
  type JsonValue,
  type MaybeRef,
  type ContractOperation,
  type OperationObject,
  type Parameter,
  type RequestBody,
  type Response,
  type Schema,
  type XCredits,
} from '../../lib/contract/index.js';
import { code, table } from './markdown.js';
import { stateMachines } from './state-diagrams.js';

/** "5 credits (flat)", "the `CONTENT_PROMPT_REQUESTED` amount", or "" when the source gives no amount. */
export function costText(credits: XCredits | undefined): string {
  if (!credits?.charges) return '';
  if (typeof credits.cost === 'number') return `${credits.cost} credits (flat)`;
  if (credits.costKey) return `the ${code(credits.costKey)} amount`;
  return '';
}

export function chargeText(credits: XCredits | undefined): string {
  if (!credits) return 'not stated';
  if (!credits.charges) return 'free';
  const cost = costText(credits);
  return cost ? `charges ${cost}` : 'charges credits (no fixed amount in the source: the estimate endpoint and `meta.credits` give it)';
}

type Constraint =
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'default';

const CONSTRAINTS: Array<[Constraint, (v: JsonValue) => string]> = [
  ['enum', (v) => `one of ${(Array.isArray(v) ? v : [v]).map((x) => code(x)).join(', ')}`],
  ['minimum', (v) => `≥ ${v}`],
  ['maximum', (v) => `≤ ${v}`],
  ['exclusiveMinimum', (v) => `> ${v}`],
  ['exclusiveMaximum', (v) => `< ${v}`],
  ['minLength', (v) => `at least ${v} characters`],
  ['maxLength', (v) => `at most ${v} characters`],
  ['minItems', (v) => `at least ${v} items`],
  ['maxItems', (v) => `at most ${v} items`],
  ['default', (v) => `default ${code(JSON.stringify(v))}`],
];

export function constraints(doc: Document, schemaOrRef: MaybeRef<Schema> | undefined): string[] {
  const schema = ContractModel.of(doc).deref(schemaOrRef ?? {});
  const out = CONSTRAINTS.flatMap(([k, f]) => {
    const value = schema[k];
    return value === undefined ? [] : [f(value)];
  });
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) out.push(...constraints(doc, part));
  return out;
}

/** Parameter and top-level request-body field constraints, e.g. "`per_page`: ≥ 1, ≤ 50, default `12`". */
function fieldLimits(doc: Document, op: OperationObject): string[] {
  const out: string[] = [];
  for (const p of (op.parameters ?? []).map((x) => ContractModel.of(doc).deref<Parameter>(x))) {
    const c = constraints(doc, p.schema);
    if (c.length) out.push(`${code(p.name)} (${p.in}): ${c.join(', ')}`);
  }
  const body: Partial<RequestBody> = op.requestBody ? ContractModel.of(doc).deref(op.requestBody) : {};
  for (const media of Object.values(body.content ?? {})) {
    const schema = ContractModel.of(doc).deref<Schema>(media.schema ?? {});
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const c = constraints(doc, prop);
      if (c.length) out.push(`${code(name)} (body): ${c.join(', ')}`);
    }
  }
  return [...new Set(out)];
}

/** The markdown block appended to one operation's description. */
export function operationCreditsMarkdown(doc: Document, o: ContractOperation): string {
  const credits = o.operation['x-credits'];
  const lines: string[] = [`- **Credits:** ${chargeText(credits)}.`];
  if (credits?.refund) lines.push(`- **Refund:** ${credits.refund}`);
  if (credits?.note) lines.push(`- **Billing note:** ${credits.note}`);
  const tools = (doc['x-tool-server']?.tools ?? []).filter((t) => t.operationIds.includes(o.id));
  if (tools.length) {
    lines.push(`- **Tool server:** ${tools.map((t) => `${code(t.name)} (${t.charges ? 'charges' : 'free'})`).join(', ')}.`);
  }
  for (const { machine: m } of stateMachines(doc)) {
    const moves = m.transitions.filter((t) => t.operationIds?.includes(o.id));
    for (const t of moves) lines.push(`- **State:** ${m.resource}: ${t.from ?? '(new)'} → ${t.to ?? 'not shown'}.`);
    if (m.pollOperationIds.includes(o.id)) {
      const every = m.pollIntervalSeconds ? ` every ${m.pollIntervalSeconds.min} to ${m.pollIntervalSeconds.max} seconds` : '';
      lines.push(
        `- **Polling:** reads the ${m.resource} state at ${code(m.statusLocation)}; poll${every} until ${m.terminal.map(code).join(' or ') || 'the state you need'}.`,
      );
    }
  }
  if (o.operation['x-render-preconditions']) {
    lines.push(
      `- **Preconditions:** ${o.operation['x-render-preconditions'].length} render preconditions, checked before any charge (see Errors › Render preconditions).`,
    );
  }
  const tooMany: Response | undefined = o.operation.responses['429'] && ContractModel.of(doc).deref(o.operation.responses['429']);
  const limits = [...(tooMany?.description ? [tooMany.description.replace(/\s+$/, '')] : []), ...fieldLimits(doc, o.operation)];
  if (limits.length) lines.push(`- **Limits:**`, ...limits.map((l) => `  - ${l}`));
  return ['**Credits and limits**', '', ...lines].join('\n');
}

/** The "Credits" section: every operation, grouped by tag in the contract's order. */
export function creditsOverviewMarkdown(doc: Document): string {
  const ops = ContractModel.of(doc).operations();
  const rows: unknown[][] = [];
  for (const tag of ContractModel.of(doc).tagOrder()) {
    for (const o of ops.filter((x) => (x.operation.tags?.[0] ?? '') === tag)) {
      const c = o.operation['x-credits'];
      rows.push([code(o.label), `${chargeText(c)}${c?.refund ? `; refund: ${c.refund}` : ''}`]);
    }
  }
  const charging = ops.filter((o) => o.operation['x-credits']?.charges).length;
  return [
    `${charging} of ${ops.length} operations charge credits (\`x-credits\` on each operation). Where the source`,
    'gives no flat amount, the estimate endpoints and `GET /credits/costs` give the price, and `meta.credits`',
    'in the charging response reports it. Operations are listed in the order of the side menu.',
    '',
    table(['operation', 'credits'], rows),
  ].join('\n');
}
