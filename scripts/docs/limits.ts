// The "Limits" section of the introduction, generated from `info.x-rate-limit` and `info.x-limits`
// (each limit named by its title in openapi/extensions/x-limits.schema.json): the prose never
// restates a number the extensions hold.
import { type Document, extensionSchema, type XLimits } from '../../lib/contract/index.js';
import { code, table } from './markdown.js';

/** `approxSeconds` -> `approx seconds` */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

function number(value: unknown): string {
  return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
}

/** One limit's value in words: ranges as "5 to 1500", lists joined, other fields named. */
export function limitValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(number).join(', ');
  if (value === null || typeof value !== 'object') return number(value);
  const fields = value as Record<string, unknown>;
  const keys = Object.keys(fields);
  if (keys.length === 2 && 'min' in fields && 'max' in fields) return `${number(fields.min)} to ${number(fields.max)}`;
  if (keys.length === 1 && typeof fields.description === 'string') return fields.description;
  return keys.map((k) => `${words(k)} ${limitValue(fields[k])}`).join(', ');
}

export function limitsMarkdown(doc: Document): string {
  const rate = doc.info['x-rate-limit'];
  const limits: XLimits = doc.info['x-limits'] ?? {};
  const titles = extensionSchema('x-limits').properties ?? {};
  const rows: unknown[][] = [];
  if (rate) rows.push(['request rate', `${rate.requestsPerMinute} requests per minute per ${rate.scope}`]);
  for (const [key, value] of Object.entries(limits)) {
    if (key === 'x-unspecified') continue;
    rows.push([titles[key]?.title ?? words(key), limitValue(value)]);
  }
  if (!rows.length) return '';
  const out = [`From ${code('x-rate-limit')} and ${code('x-limits')} in ${code('info')}.`, '', table(['limit', 'value'], rows)];
  if (rate?.description) out.push('', rate.description);
  if (limits['x-unspecified']) out.push('', limits['x-unspecified']);
  return out.join('\n');
}
