// The panel's clock: its mode (switched among the control document's modes), its time, and moves
// by steps (the mock's step length each) or by milliseconds.
import type { components } from '../../generated/mock-control.js';
import { editing, h, options } from './dom.js';
import type { PanelContext, Section } from './sections.js';

export function clockSection(ctx: PanelContext): Section {
  const { doc, control } = ctx;
  const shown = h(doc, 'span', { attrs: { class: 'mono', 'data-field': 'clock' } });
  const mode = h(
    doc,
    'select',
    { attrs: { 'data-field': 'clock-mode', 'aria-label': 'clock mode' }, on: { change: () => setMode() } },
    ...options(doc, ctx.lists.clockModes),
  );
  const setMode = ctx.act(() => control.setClock(mode.value as components['schemas']['ClockMode']));
  const steps = h(doc, 'input', { attrs: { type: 'number', min: '1', value: '1', 'data-field': 'steps', 'aria-label': 'steps' } });
  const ms = h(doc, 'input', { attrs: { type: 'number', min: '1', value: '1000', 'data-field': 'ms', 'aria-label': 'milliseconds' } });
  const button = (text: string, action: string, run: () => Promise<unknown>) =>
    h(doc, 'button', { text, attrs: { type: 'button', 'data-action': action }, on: { click: ctx.act(run) } });
  const controls = h(
    doc,
    'div',
    {},
    h(doc, 'div', { attrs: { class: 'row' } }, mode, shown),
    h(
      doc,
      'div',
      { attrs: { class: 'row' } },
      steps,
      button('Advance steps', 'advance-steps', () => control.advance({ steps: steps.valueAsNumber })),
      ms,
      button('Advance ms', 'advance-ms', () => control.advance({ ms: ms.valueAsNumber })),
    ),
  );
  const node = h(doc, 'section', { attrs: { 'data-section': 'clock' } }, h(doc, 'h2', { text: 'Clock' }), controls);
  return {
    node,
    update({ clock }) {
      shown.textContent = `${clock.mode} · ${clock.now.replace('T', ' ').replace(/\.\d+Z$/, 'Z')} · step ${clock.stepMs} ms`;
      if (!editing(ctx.root, controls)) mode.value = clock.mode;
    },
  };
}
