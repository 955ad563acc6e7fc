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

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Graphviz DOT for one machine: states as boxes, terminal ones doubled, success green, failure red. */
export function toDot(m: XStateMachine): string {
  const lines = [
    'digraph machine {',
    // Top to bottom: the docs' middle column is narrow.
    `  rankdir=TB; bgcolor="transparent"; pad="0.2"; nodesep="0.5"; ranksep="0.45";`,
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
  for (const t of m.transitions) {
    const from = t.from === null ? START : quote(t.from);
    const to = t.to === null ? UNSHOWN : quote(t.to);
    const label = `${t.trigger}${t.automatic ? ' (automatic)' : ''}${t.refund ? '\\nrefund' : ''}`;
    const style = t.automatic ? ' style=dashed' : '';
    lines.push(`  ${from} -> ${to} [label=${quote(label).replace(/\\\\n/g, '\\n')}${style}];`);
  }
  if (m.open && !m.transitions.some((t) => t.to === null)) {
    lines.push(`  ${UNSHOWN} -> ${quote(m.states[0])} [style=dotted arrowhead=none label="other states"];`);
  }
  lines.push('}');
  return lines.join('\n');
}

let vizInstance: Promise<Viz> | undefined;

/** SVG for a DOT graph, on one line (so markdown keeps it as one HTML block), ids made unique. */
export async function renderSvg(dot: string, idPrefix: string, title: string): Promise<string> {
  vizInstance ??= instance();
  const viz = await vizInstance;
  const svg = viz.renderString(dot, { format: 'svg' });
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
