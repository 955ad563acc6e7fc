// Each `x-state-machine` in the contract as a table and as an SVG diagram, drawn at build time with
// Graphviz (compiled to WebAssembly by @viz-js/viz; no network, no native binary). The SVG is
// inlined in the page, so it renders offline.
import { instance, type Viz } from '@viz-js/viz';
import { ContractModel, type Document, type XStateMachine } from '../../lib/contract/index.js';
import { code, table } from './markdown.js';

export interface StateMachine {
  schema: string;
  machine: XStateMachine;
}

/** The machines in the order of the tags of their polling operations (the source's order). */
export function stateMachines(doc: Document): StateMachine[] {
  const tags = ContractModel.of(doc).tagOrder();
  const tagOf = new Map(
    ContractModel.of(doc)
      .operations()
      .map((o) => [o.id, o.operation.tags?.[0] ?? '']),
  );
  const rank = (m: XStateMachine) =>
    Math.min(...m.pollOperationIds.map((id) => tags.indexOf(tagOf.get(id) ?? '')).filter((i) => i >= 0), tags.length);
  return Object.entries(doc.components?.schemas ?? {})
    .flatMap(([schema, s]) => (s['x-state-machine'] ? [{ schema, machine: s['x-state-machine'] }] : []))
    .sort((a, b) => rank(a.machine) - rank(b.machine));
}

const START = '__start';
const UNSHOWN = '__unshown';
const FONT = 'Helvetica,Arial,sans-serif';

/** Label lines of at most `width` characters, broken at spaces. */
export function wrap(text: string, width = 16): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A transition drawn through a label node: `from -> label -> to`. Graphviz lays out a node like any
 * state, so no label can overlap another label, a state or an edge (edge labels proper are placed
 * after the layout and do collide in narrow drawings); the node's margin keeps edges off the text.
 */
function transitionLines(id: string, from: string, to: string, label: string[], style: string): string[] {
  const text = `"${label.map((l) => quote(l).slice(1, -1)).join('\\n')}"`;
  return [
    `  ${id} [label=${text} class="transition-label" shape=plaintext style="" margin="0.08,0.04" fontsize=12 fontcolor="#2d3550"];`,
    `  ${from} -> ${id} [arrowhead=none${style}];`,
    `  ${id} -> ${to} [${style.trim()}];`,
  ];
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Graphviz DOT for one machine: states as boxes, terminal ones doubled, success green, failure red. */
export function toDot(m: XStateMachine): string {
  const lines = [
    'digraph machine {',
    // Top to bottom: the docs' middle column is narrow.
    `  rankdir=TB; bgcolor="transparent"; pad="0.2"; nodesep="0.35"; ranksep="0.4";`,
    `  node [shape=box style="rounded,filled" fillcolor="#f4f6fb" color="#4a5578" fontname=${quote(FONT)} fontsize=14];`,
    `  edge [color="#4a5578" fontname=${quote(FONT)} fontsize=12 fontcolor="#2d3550"];`,
  ];
  const usesStart = m.transitions.some((t) => t.from === null);
  const usesUnshown = m.transitions.some((t) => t.to === null) || m.open;
  if (usesStart) lines.push(`  ${START} [label="" shape=circle style=filled fillcolor="#4a5578" width=0.18 height=0.18];`);
  for (const state of m.states) {
    const attrs: string[] = [`label=${quote(m.stateValues ? `${state} (${JSON.stringify(m.stateValues[state])})` : state)}`];
    if (m.terminal.includes(state)) attrs.push('peripheries=2');
    if (m.success.includes(state)) attrs.push('fillcolor="#e3f4e8" color="#2f7d4a"');
    else if (m.failure.includes(state)) attrs.push('fillcolor="#fbe7e7" color="#a33a3a"');
    if (m.initial === state) attrs.push('penwidth=1.6');
    lines.push(`  ${quote(state)} [${attrs.join(' ')}];`);
  }
  if (usesUnshown) lines.push(`  ${UNSHOWN} [label="not shown" style="rounded,dashed" fillcolor="white" fontcolor="#6b7280"];`);
  for (const [i, t] of m.transitions.entries()) {
    const from = t.from === null ? START : quote(t.from);
    const to = t.to === null ? UNSHOWN : quote(t.to);
    const label = [...wrap(t.trigger), ...(t.automatic ? ['(automatic)'] : []), ...(t.refund ? ['refund'] : [])];
    lines.push(...transitionLines(`__t${i}`, from, to, label, t.automatic ? ' style=dashed' : ''));
  }
  if (m.open && !m.transitions.some((t) => t.to === null)) {
    lines.push(...transitionLines('__other', UNSHOWN, quote(m.states[0]), ['other states'], ' style=dotted arrowhead=none'));
  }
  lines.push('}');
  return lines.join('\n');
}

let vizInstance: Promise<Viz> | undefined;

interface TextSpan {
  text: string;
  x: number;
  y: number;
  width: number;
}

/** Every text Graphviz laid out (its `_ldraw_` text operations), with the width it made room for. */
function textSpans(layout: unknown): TextSpan[] {
  const out: TextSpan[] = [];
  const { objects = [], edges = [] } = layout as { objects?: object[]; edges?: object[] };
  for (const item of [...objects, ...edges]) {
    for (const op of (item as { _ldraw_?: { op: string; pt?: number[]; width?: number; text?: string }[] })._ldraw_ ?? []) {
      if (op.op === 'T' && op.pt && op.width !== undefined) out.push({ text: op.text ?? '', x: op.pt[0], y: op.pt[1], width: op.width });
    }
  }
  return out;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * Pins each SVG text to the width Graphviz made room for (`textLength`): the reader's font is not
 * the one Graphviz measured, and a wider one would run into edges, boxes and the next label.
 */
function fitTexts(svg: string, spans: TextSpan[]): string {
  return svg.replace(/<text ([^>]*)>([^<]*)<\/text>/g, (whole, attrs: string, content: string) => {
    const x = Number(/ x="([-\d.]+)"/.exec(` ${attrs}`)?.[1]);
    const y = -Number(/ y="([-\d.]+)"/.exec(` ${attrs}`)?.[1]);
    const text = unescapeXml(content);
    const span = spans.find((s) => s.text === text && Math.abs(s.x - x) < 0.02 && Math.abs(s.y - y) < 0.02);
    if (!span) return whole;
    return `<text ${attrs} textLength="${span.width}" lengthAdjust="spacingAndGlyphs">${content}</text>`;
  });
}

/** SVG for a DOT graph, on one line (so markdown keeps it as one HTML block), ids made unique. */
export async function renderSvg(dot: string, idPrefix: string, title: string): Promise<string> {
  vizInstance ??= instance();
  const viz = await vizInstance;
  const svg = fitTexts(viz.renderString(dot, { format: 'svg' }), textSpans(viz.renderJSON(dot)));
  return (
    svg
      .replace(/<\?xml[^>]*>/, '')
      .replace(/<!DOCTYPE[^>]*>/, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/ id="([^"]+)"/g, ` id="${idPrefix}-$1"`)
      // Redoc's markdown renderer lower-cases attribute names, and an SVG `viewbox` is ignored; so
      // the drawing is sized in user units (Graphviz draws in points: 1 unit each) and not scaled.
      .replace(/<svg width="([\d.]+)pt" height="([\d.]+)pt"\s+viewBox="[^"]*"/, '<svg width="$1" height="$2"')
      .replace('<svg ', `<svg role="img" aria-label="${title.replace(/"/g, '&quot;')}" class="state-diagram-svg" `)
      .replace(/\s*\n\s*/g, ' ')
      .trim()
  );
}

/** The embedded SVG for one machine; `place` keeps element ids unique where it is shown twice. */
export function diagram({ schema, machine }: StateMachine, place = 'overview'): Promise<string> {
  return renderSvg(toDot(machine), `${place}-sm-${slug(schema)}`, `State diagram: ${machine.resource}`);
}

/** The diagram wrapped for the page (a one-line HTML block inside markdown). */
export async function diagramBlock(m: StateMachine, place = 'overview'): Promise<string> {
  return `<div class="state-diagram" data-state-machine="${m.schema}" data-place="${place}">${await diagram(m, place)}</div>`;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function opLabels(doc: Document, ids: readonly string[] | undefined): string {
  const byId = new Map(
    ContractModel.of(doc)
      .operations()
      .map((o) => [o.id, o.label]),
  );
  return (ids ?? []).map((id) => code(byId.get(id) ?? id)).join(', ');
}

/** The transition table: three columns, so it fits the page's middle column. */
function transitionTable(doc: Document, m: XStateMachine): string {
  return table(
    ['transition', 'trigger', 'details'],
    m.transitions.map((t) => {
      const calls = opLabels(doc, t.operationIds);
      const details = [
        t.condition ? `When: ${t.condition}.` : t.outcome ? `Outcome: ${t.outcome}.` : '',
        t.effects ? `Effects: ${t.effects}.` : '',
        t.refund ? 'The charge is refunded.' : '',
        calls ? `Calls: ${calls}.` : '',
        t['x-unspecified'] ? `Not shown: ${t['x-unspecified']}` : '',
      ];
      return [
        `${t.from ?? '(new)'} → ${t.to ?? 'not shown'}`,
        `${t.trigger}${t.automatic ? ' (automatic)' : ''}`,
        details.filter(Boolean).join(' '),
      ];
    }),
  );
}

/** The "State machines" section: per machine a summary, the diagram and the transition table. */
export async function stateMachinesMarkdown(doc: Document): Promise<string> {
  const out: string[] = [
    'Every long-running resource follows a state machine taken from the contract (`x-state-machine` on its',
    'status schema). Boxes are states; a double border marks a terminal state (green: success, red: failure);',
    'the filled dot is a resource not yet in the machine; dashed arrows are moves the service makes on its',
    'own; "not shown" is a state the source does not name.',
  ];
  for (const { schema, machine: m } of stateMachines(doc)) {
    const facts = [
      `- Status: ${code(m.statusLocation)} in the answer of ${opLabels(doc, m.pollOperationIds)} (schema ${code(schema)}).`,
      `- States: ${m.states.map(code).join(', ')}${m.open ? ' (and others the source does not show)' : ''}; initial: ${m.initial === null ? 'not shown' : code(m.initial)}.`,
      `- Terminal: ${m.terminal.map(code).join(', ') || 'none'}${m.success.length ? `; success: ${m.success.map(code).join(', ')}` : ''}${m.failure.length ? `; failure: ${m.failure.map(code).join(', ')}` : ''}.`,
    ];
    if (m.pollIntervalSeconds) facts.push(`- Poll every ${m.pollIntervalSeconds.min} to ${m.pollIntervalSeconds.max} seconds.`);
    out.push('', `### ${m.resource}`, '', ...facts, '', await diagramBlock({ schema, machine: m }), '', transitionTable(doc, m));
  }
  return out.join('\n');
}
