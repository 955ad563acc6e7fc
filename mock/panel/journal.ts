// The panel's journal: the API calls the mock answered, newest first. Every value is set as text
// (the paths and tokens are whatever the page sent).
import type { components } from '../../generated/mock-control.js';
import { h } from './dom.js';
import type { PanelContext, Section } from './sections.js';

type Entry = components['schemas']['JournalEntry'];

export function journalSection(ctx: PanelContext): Section {
  const { doc } = ctx;
  const body = h(doc, 'tbody');
  const empty = h(doc, 'p', { text: 'No API call yet.', attrs: { class: 'muted' } });
  let last = '';
  const row = (entry: Entry) =>
    h(
      doc,
      'tr',
      { attrs: { 'data-entry': '' } },
      h(doc, 'td', { text: entry.time.slice(11, 19), attrs: { class: 'mono muted nowrap' } }),
      h(doc, 'td', { text: `${entry.method} ${entry.path}`, attrs: { class: 'mono path', 'data-field': 'call' } }),
      h(doc, 'td', {
        text: String(entry.status) + (entry.fault ? ' (fault)' : ''),
        attrs: { class: `mono nowrap s${String(entry.status)[0]}`, 'data-field': 'status' },
      }),
      h(doc, 'td', { text: entry.token ?? '—', attrs: { class: 'mono muted nowrap' } }),
    );
  return {
    node: h(
      doc,
      'section',
      { attrs: { 'data-section': 'journal' } },
      h(doc, 'h2', { text: 'Journal (newest first)' }),
      h(doc, 'table', {}, body),
      empty,
    ),
    update({ journal }) {
      const now = JSON.stringify(journal);
      if (now === last) return;
      last = now;
      body.replaceChildren(...journal.map(row));
      empty.hidden = journal.length > 0;
    },
  };
}
