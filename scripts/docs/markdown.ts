// Small markdown helpers for the docs build: table cells, tables and `## ` sections of a description.

/** One table cell: no newlines, pipes escaped. */
export function cell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return String(value).replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

export function code(value: unknown): string {
  return value === undefined || value === null ? '' : `\`${String(value).replace(/`/g, "'")}\``;
}

export function table(head: string[], rows: unknown[][]): string {
  const line = (cells: unknown[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

interface Section {
  heading: string | null;
  text: string;
}

/** Splits a description at its `## ` headings (text before the first heading has heading null). */
function sections(description: string): Section[] {
  const out: Section[] = [];
  let current: Section = { heading: null, text: '' };
  for (const line of description.split('\n')) {
    const m = /^## (.+?)\s*$/.exec(line);
    if (m) {
      out.push(current);
      current = { heading: m[1], text: `${line}\n` };
    } else current.text += `${line}\n`;
  }
  out.push(current);
  return out;
}

/**
 * Adds `body` to the `## heading` section of a description: appended to its end (`append`), or
 * replacing its text (`replace`); when there is no such heading, a new section before the `## before`
 * section if there is one, else at the end.
 */
export function upsertSection(description: string, heading: string, body: string, mode: 'append' | 'replace', before?: string): string {
  const parts = sections(description.replace(/\s+$/, ''));
  const named = (name: string) => (p: Section) => p.heading?.toLowerCase() === name.toLowerCase();
  const found = parts.find(named(heading));
  if (!found) {
    const at = before ? parts.findIndex(named(before)) : -1;
    parts.splice(at < 0 ? parts.length : at, 0, { heading, text: `## ${heading}\n\n${body}\n` });
  } else if (mode === 'replace') found.text = `## ${found.heading}\n\n${body}\n`;
  else found.text = `${found.text.replace(/\s+$/, '')}\n\n${body}\n`;
  return `${parts
    .map((p) => p.text.replace(/\s+$/, ''))
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** The body of the `## heading` section of a description (without its heading), or ''. */
export function sectionBody(description: string, heading: string): string {
  const found = sections(description).find((p) => p.heading?.toLowerCase() === heading.toLowerCase());
  return found ? found.text.replace(/^## .*\n/, '').trim() : '';
}

/** Shifts every ATX heading of a markdown text down by `by` levels (`## x` -> `### x`), outside code fences. */
export function demoteHeadings(text: string, by: number): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^```/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `${'#'.repeat(by)}${line}` : line;
    })
    .join('\n');
}
