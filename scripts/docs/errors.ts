// The error catalogue (`x-error-catalogue` on ErrorCode) and the render preconditions
// (`x-render-preconditions` on the render operations), as tables.
import { ContractModel, type Document, type Precondition } from '../../lib/contract/index.js';
import { code, table } from './markdown.js';

export function errorCatalogueMarkdown(doc: Document): string {
  const rows = ContractModel.of(doc).errorCatalogue();
  if (!rows.length) return '';
  return [
    '### Error catalogue',
    '',
    'The machine-readable `error.code` values the source lists (`x-error-catalogue` on the `ErrorCode` schema).',
    '',
    table(
      ['code', 'HTTP status', 'meaning'],
      rows.map((r) => [code(r.code), r.alsoStatus ? `${r.status} (also ${r.alsoStatus})` : r.status, r.meaning]),
    ),
  ].join('\n');
}

function preconditionRows(list: readonly Precondition[]): unknown[][] {
  return list.map((p, i) => {
    const fields = [p.field, ...(p.fields ?? [])].filter(Boolean).map(code).join(', ');
    const result = [String(p.status), p.code ? code(p.code) : '', p.message ? `"${p.message}"` : '', fields ? `field ${fields}` : '']
      .filter(Boolean)
      .join(', ');
    return [p.key ? code(p.key) : String(i + 1), p.condition, result];
  });
}

/** One table per distinct list of preconditions, naming the operations that carry it. */
export function renderPreconditionsMarkdown(doc: Document): string {
  const groups = new Map<string, { list: readonly Precondition[]; ops: string[] }>();
  for (const { operation: op, label } of ContractModel.of(doc).operations()) {
    const list = op['x-render-preconditions'];
    if (!list) continue;
    const key = JSON.stringify(list);
    if (!groups.has(key)) groups.set(key, { list, ops: [] });
    groups.get(key)!.ops.push(code(label));
  }
  if (!groups.size) return '';
  const out = [
    '### Render preconditions',
    '',
    'All checked before any charge, so a failed precondition costs nothing. The source gives no order in which they are checked. Each has a machine `key`.',
  ];
  for (const { list, ops } of groups.values()) {
    out.push('', `Applies to ${ops.join(', ')}.`, '', table(['key', 'condition', 'result'], preconditionRows(list)));
  }
  return out.join('\n');
}
