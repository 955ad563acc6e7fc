// The OpenAPI part of the diff: api-smart-diff compares the two bundles (refs resolved) and classifies
// each change; vendor extensions are left to extensions.ts, which knows what they mean.
import { apiCompare } from 'api-smart-diff';
import { toPointer } from '../../lib/contract/index.js';
import type { ChangeClass } from './types.js';

export interface RawChange {
  class: ChangeClass;
  pointer: string;
  message: string;
}

const CLASS: Record<string, ChangeClass> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  // A deprecation changes nothing on the wire yet; a client still needs to hear of it.
  deprecated: 'non-breaking',
  annotation: 'docs',
  // The library could not tell: counted as a behaviour change, so it needs a change-log entry.
  unclassified: 'non-breaking',
};

const VERBS: Record<string, string> = { add: 'Added', remove: 'Removed', replace: 'Changed', rename: 'Renamed' };

/** A response enum that gains a value breaks a client's exhaustive `switch` (oasdiff's
 *  response-property-enum-value-added); api-smart-diff counts it as non-breaking. */
function responseEnumAdded(path: ReadonlyArray<string | number>, action: string): boolean {
  return action === 'add' && path.includes('responses') && path.at(-2) === 'enum';
}

/** ` = <value>` (the new one, or the old one for a removal), short. */
function value(d: { action: string; before?: unknown; after?: unknown }): string {
  const v = d.action === 'remove' ? d.before : d.after;
  if (v === undefined || (typeof v === 'object' && v !== null)) return '';
  const text = JSON.stringify(v);
  return ` = ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}

export function openapiChanges(base: object, head: object): RawChange[] {
  const { diffs } = apiCompare(base, head);
  const out: RawChange[] = [];
  for (const d of diffs) {
    const keys = d.path.map(String);
    // Vendor extensions (and anything inside one) are classified by the extension layer.
    if (keys.some((k) => k.startsWith('x-'))) continue;
    let cls = CLASS[d.type] ?? 'non-breaking';
    if (responseEnumAdded(d.path, d.action)) cls = 'breaking';
    const pointer = toPointer(keys);
    const where = keys[0] === 'paths' && keys.length >= 3 ? `${keys[2].toUpperCase()} ${keys[1]}: ` : '';
    const text = (d.description ?? '').trim();
    // The library writes its sentence once per changed node and leaves later copies without a subject.
    let said =
      text && !text.startsWith('in ')
        ? text.replace(/^\[(\w+)\]\s*/, '$1 ')
        : `${VERBS[d.action] ?? d.action} ${keys.slice(-2).join('.')}${value(d)}${text ? ` ${text}` : ''}`;
    if (responseEnumAdded(d.path, d.action))
      said = `the response value ${value(d).slice(3)} is added to an enum (a new value breaks a client's exhaustive switch)`;
    out.push({ class: cls, pointer, message: `${where}${said}.`.replace(/\.\.$/, '.') });
  }
  return out;
}
