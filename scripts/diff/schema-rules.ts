// The rules for a change inside a schema, by the way the data flows. A client sends what a request
// schema allows and reads what a response schema allows, so a change that lets more through
// (a widening: an enum value added, a limit raised, a field no longer required) is safe in a
// request and breaking in a response; a narrowing is the reverse. A changed type is breaking both
// ways, and a changed request default is breaking too (see CONTRIBUTING.md).
import { readPointer, toPointer } from '../../lib/contract/index.js';
import { fieldName, type Location } from './locate.js';
import type { ChangeClass, RuleContext, Verdict } from './types.js';

export interface Diff {
  keys: string[];
  action: string;
  before?: unknown;
  after?: unknown;
  /** api-smart-diff's own class, already mapped. */
  fallback: ChangeClass;
}

const MAX = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const MIN = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const SHAPE = new Set(['pattern', 'format', 'multipleOf', 'uniqueItems', 'contentMediaType']);
export const DOCS_KEYS = new Set(['description', 'title', 'summary', 'example', 'examples', '$comment', 'externalDocs']);

export const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return `\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``;
};
const plain = (v: unknown) => (typeof v === 'string' ? `\`${v}\`` : show(v));

/** A widening is safe for what a client sends and breaking for what it reads; a narrowing the reverse. */
export const byFlow = (loc: Location, widens: boolean): ChangeClass =>
  (loc.direction === 'request') === widens ? 'non-breaking' : 'breaking';

/** `request field \`a.b\``, `response field \`data.id\` (200)`, `query parameter \`page\``,
 *  `response field \`x\` of \`Schema\`` for a component no operation's change reached. */
export function target(loc: Location, keys: readonly string[]): string {
  const field = fieldName(keys);
  if (loc.rest[0] === 'parameters') return field ? `field \`${field}\` of ${loc.subject}` : loc.subject;
  if (loc.rest[0] === 'components') return field ? `${loc.direction} field \`${field}\` of ${loc.subject}` : loc.subject;
  const status = loc.direction === 'response' ? ` (${loc.rest[1]})` : '';
  if (loc.rest[2] === 'headers') return field ? `field \`${field}\` of ${loc.subject}` : loc.subject;
  if (!field) return loc.direction === 'request' ? 'the request body' : `the response ${loc.rest[1]} body`;
  return `${loc.direction} field \`${field}\`${status}`;
}

const types = (v: unknown): Set<string> => new Set(Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);
const within = (a: Set<string>, b: Set<string>) => [...a].every((t) => b.has(t) || (t === 'integer' && b.has('number')));

function typeChange(loc: Location, d: Diff, keys: string[]): Verdict {
  const inArray = keys.at(-1) !== 'type';
  // An element of a `type` array added lets more through; one removed, less.
  const was = inArray ? new Set<string>() : types(d.before);
  const now = inArray ? new Set<string>() : types(d.after);
  const of = target(loc, inArray ? keys.slice(0, -2) : keys.slice(0, -1));
  if (inArray) {
    const widens = d.action === 'add';
    const what = `${show(d.action === 'add' ? d.after : d.before)}`;
    return {
      class: d.action === 'replace' ? 'breaking' : byFlow(loc, widens),
      message: `The type of ${of} ${widens ? 'also allows' : 'no longer allows'} ${what}`,
    };
  }
  const text = `The type of ${of} changes from ${[...was].join('|') || 'any'} to ${[...now].join('|') || 'any'}`;
  // No type is every type; a set of types that grows lets more through.
  const widens = now.size === 0 || (was.size > 0 && within(was, now));
  const narrows = was.size === 0 || (now.size > 0 && within(now, was));
  if (widens === narrows) return { class: 'breaking', message: text };
  return { class: byFlow(loc, widens), message: text };
}

/**
 * A value of an `enum` added, removed or replaced. Every value added at once means the field had no
 * enum before: it is now limited to those values (the library reports each value as added), said
 * once, at the first value. Every value removed at once is the reverse: the enum is gone, so any
 * value goes (the merged document keeps the removed values).
 */
function enumValue(loc: Location, d: Diff, keys: string[], ctx: RuleContext): Verdict | null {
  const of = target(loc, keys);
  const list = d.keys.slice(0, -1);
  const values = readPointer(ctx.merged, list);
  const whole = (set: Set<string>) => Array.isArray(values) && values.every((_, i) => set.has(toPointer([...list, String(i)])));
  if ((d.action === 'add' && whole(ctx.added)) || (d.action === 'remove' && whole(ctx.removed))) {
    if (d.keys.at(-1) !== '0') return null;
    const added = d.action === 'add';
    return {
      class: byFlow(loc, !added),
      message: `${capital(of)} is ${added ? 'now' : 'no longer'} limited to ${show(values)}`,
    };
  }
  if (d.action === 'add') return { class: byFlow(loc, true), message: `Added ${loc.direction} enum value ${plain(d.after)} of ${of}` };
  if (d.action === 'remove')
    return { class: byFlow(loc, false), message: `Removed ${loc.direction} enum value ${plain(d.before)} of ${of}` };
  return { class: 'breaking', message: `Replaced ${loc.direction} enum value ${plain(d.before)} with ${plain(d.after)} of ${of}` };
}

function limit(loc: Location, d: Diff, key: string, keys: string[]): Verdict {
  const of = target(loc, keys);
  // `format: binary` says a value is raw bytes (a file part); no validator checks it, so no value is
  // accepted or refused differently. Generators read it to type a file, so readers hear of it.
  if (key === 'format' && d.action !== 'replace' && (d.after ?? d.before) === 'binary')
    return {
      class: 'non-breaking',
      message: `${capital(of)} ${d.action === 'add' ? 'is marked' : 'is no longer marked'} \`format: binary\` (raw bytes, typed as a file by generators; no value is refused)`,
    };
  if (d.action === 'add') return { class: byFlow(loc, false), message: `${capital(of)} gains the limit ${key} = ${show(d.after)}` };
  if (d.action === 'remove') return { class: byFlow(loc, true), message: `${capital(of)} loses the limit ${key} (was ${show(d.before)})` };
  if (typeof d.before !== 'number' || typeof d.after !== 'number' || !(MAX.has(key) || MIN.has(key)))
    return { class: 'breaking', message: `The ${key} of ${of} changes from ${show(d.before)} to ${show(d.after)}` };
  const widens = MAX.has(key) ? d.after > d.before : d.after < d.before;
  return { class: byFlow(loc, widens), message: `${widens ? 'Widened' : 'Narrowed'} the ${key} of ${of} from ${d.before} to ${d.after}` };
}

function required(loc: Location, d: Diff, keys: string[], ctx: RuleContext): Verdict | null {
  const name = String(d.action === 'remove' ? d.before : d.after);
  // A property added or removed with its `required` entry is reported once, as the property.
  if (ctx.changed.has(toPointer([...d.keys.slice(0, -2), 'properties', name]))) return null;
  const field = target(loc, [...keys.slice(0, -2), 'properties', name]);
  if (d.action === 'add') return { class: byFlow(loc, false), message: `${capital(field)} becomes required` };
  if (d.action === 'remove') return { class: byFlow(loc, true), message: `${capital(field)} becomes optional` };
  return { class: 'breaking', message: `The required fields of ${target(loc, keys.slice(0, -2))} change` };
}

/** A `required` list added or removed whole (an `if`/`then` branch that requires `url` no longer
 *  does): each name in it becomes required or optional, said at once. */
function requiredWhole(loc: Location, d: Diff, keys: string[]): Verdict | null {
  const list = d.action === 'remove' ? d.before : d.after;
  if (!Array.isArray(list) || !list.length || d.action === 'replace') return null;
  const fields = list.map((name) => target(loc, [...keys.slice(0, -1), 'properties', String(name)]));
  const added = d.action === 'add';
  const verb = fields.length > 1 ? (added ? 'become required' : 'become optional') : added ? 'becomes required' : 'becomes optional';
  return { class: byFlow(loc, !added), message: `${capital(fields.join(', '))} ${verb}` };
}

function property(loc: Location, d: Diff, keys: string[], ctx: RuleContext): Verdict {
  const field = target(loc, keys);
  if (d.action === 'remove') return { class: 'breaking', message: `Removed ${field}` };
  if (d.action !== 'add') return { class: 'breaking', message: `${capital(field)} is replaced` };
  if (loc.direction === 'response') return { class: 'non-breaking', message: `Added ${field}` };
  const req = readPointer(ctx.merged, [...d.keys.slice(0, -2), 'required']);
  const isRequired = Array.isArray(req) && req.includes(keys.at(-1));
  return isRequired
    ? { class: 'breaking', message: `Added required ${field}` }
    : { class: 'non-breaking', message: `Added optional ${field}` };
}

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Which keys inside a schema are property names (after a `properties` keyword), not keywords. */
function propertyNames(s: readonly string[]): boolean[] {
  const names: boolean[] = [];
  for (let i = 0; i < s.length; i++) names.push(i > 0 && !names[i - 1] && s[i - 1] === 'properties');
  return names;
}

/** A change inside a schema (`loc.inSchema`); `d.keys` are the document keys down to it. */
export function schemaChange(loc: Location, d: Diff, ctx: RuleContext): Verdict | null {
  const s = loc.inSchema ?? [];
  const names = propertyNames(s);
  const n = s.length;
  // Anything inside an example is words for readers, not a rule.
  const example = s.findIndex((k, i) => !names[i] && (k === 'examples' || k === 'example'));
  if (example >= 0) return { class: 'docs', message: `The examples of ${target(loc, s.slice(0, example))} change` };
  if (names[n - 1]) return property(loc, d, s, ctx);
  const last = s.at(-1) ?? '';
  // An element of a keyword's array (`enum/2`, `required/0`, `type/1`, `anyOf/3`).
  const parent = n >= 2 && !names[n - 2] && /^\d+$/.test(last) ? s[n - 2] : '';
  if (parent === 'enum') return enumValue(loc, d, s.slice(0, -2), ctx);
  if (last === 'type' || parent === 'type') return typeChange(loc, d, s);
  if (parent === 'required') return required(loc, d, s, ctx);
  if (last === 'required' && d.action !== 'replace' && Array.isArray(d.before ?? d.after)) return requiredWhole(loc, d, s);
  if (MAX.has(last) || MIN.has(last) || SHAPE.has(last)) return limit(loc, d, last, s.slice(0, -1));
  if (parent === 'anyOf' || parent === 'oneOf' || parent === 'allOf') {
    const widens = (d.action === 'add') === (parent !== 'allOf');
    const verb = d.action === 'add' ? 'gains' : d.action === 'remove' ? 'loses' : 'changes';
    const cls = d.action === 'replace' ? 'breaking' : byFlow(loc, widens);
    return {
      class: cls,
      message: `${capital(target(loc, s.slice(0, -2)))} ${verb} ${parent === 'oneOf' ? 'a' : 'an'} ${parent} alternative`,
    };
  }
  if (COMBINERS.has(last) && d.action !== 'replace') return combinerWhole(loc, d, last, s);
  return otherKeyword(loc, d, last, s);
}

const COMBINERS = new Set(['allOf', 'anyOf', 'oneOf']);

/** `allOf`, `anyOf` or `oneOf` added or removed whole: added, the value must now match them (it
 *  narrows); removed, it need not (it widens: a response may then be anything the rest allows). */
function combinerWhole(loc: Location, d: Diff, last: string, s: string[]): Verdict {
  const widens = d.action === 'remove';
  return { class: byFlow(loc, widens), message: `${capital(target(loc, s.slice(0, -1)))} ${widens ? 'loses' : 'gains'} its ${last}` };
}

function otherKeyword(loc: Location, d: Diff, last: string, s: string[]): Verdict {
  const of = target(loc, s.slice(0, -1));
  if (last === 'default') {
    const text = `The default of ${of} changes from ${show(d.before)} to ${show(d.after)}`;
    return loc.direction === 'request'
      ? { class: 'breaking', message: `${text}: a client that leaves it out gets another behaviour` }
      : { class: 'non-breaking', message: text };
  }
  if (last === 'nullable')
    return {
      class: byFlow(loc, d.after === true),
      message: `${capital(of)} ${d.after === true ? 'may now be null' : 'may no longer be null'}`,
    };
  if (last === 'additionalProperties' && typeof (d.after ?? d.before) === 'boolean') {
    const widens = d.after !== false;
    return { class: byFlow(loc, widens), message: `${capital(of)} ${widens ? 'allows' : 'no longer allows'} other properties` };
  }
  if (last === 'enum' || last === 'const') {
    const widens = d.action === 'remove';
    return {
      class: d.action === 'replace' ? 'breaking' : byFlow(loc, widens),
      message: `${capital(of)} ${widens ? 'is no longer limited to' : 'is limited to'} ${show(d.action === 'remove' ? d.before : d.after)}`,
    };
  }
  if (DOCS_KEYS.has(last)) return { class: 'docs', message: `The ${last} of ${of} changes` };
  if (last === 'deprecated')
    return { class: 'non-breaking', message: `${capital(of)} is ${d.after === true ? '' : 'no longer '}deprecated` };
  if (s.length === 0 || last === 'properties' || last === 'items') {
    const verb = d.action === 'add' ? 'gains' : d.action === 'remove' ? 'loses' : 'changes';
    return {
      class: d.action === 'add' ? byFlow(loc, false) : 'breaking',
      message: `${capital(target(loc, s))} ${verb} its ${last || 'schema'}`,
    };
  }
  return {
    class: d.fallback,
    message: `${capital(of)}: ${last} ${d.action === 'add' ? 'added' : d.action === 'remove' ? 'removed' : 'changes'}`,
  };
}
