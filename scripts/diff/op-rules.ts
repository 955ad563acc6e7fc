// The rules for a change inside one operation that is not inside a schema: the operation itself,
// its parameters, request body, responses, security. Inside a schema, schema-rules.ts decides.
import { defaultStyle, explodesByDefault, readPointer } from '../../lib/contract/index.js';
import type { Location } from './locate.js';
import { capital, DOCS_KEYS, type Diff, schemaChange, show } from './schema-rules.js';
import type { RuleContext, Verdict } from './types.js';

const br = (message: string): Verdict => ({ class: 'breaking', message });
const nb = (message: string): Verdict => ({ class: 'non-breaking', message });
const docs = (message: string): Verdict => ({ class: 'docs', message });
const verb = (d: Diff) => (d.action === 'add' ? 'added' : d.action === 'remove' ? 'removed' : 'changed');

const isRequired = (v: unknown) => (v as { required?: unknown } | undefined)?.required === true;

function parameter(loc: Location, d: Diff, ctx: RuleContext): Verdict {
  const [, , key] = loc.rest;
  if (key === undefined) {
    if (d.action === 'remove') return br(`Removed ${loc.subject}`);
    if (d.action !== 'add') return br(`${capital(loc.subject)} is replaced`);
    return isRequired(d.after) ? br(`Added required ${loc.subject}`) : nb(`Added optional ${loc.subject}`);
  }
  if (key === 'required') {
    return d.after === true ? br(`${capital(loc.subject)} becomes required`) : nb(`${capital(loc.subject)} becomes optional`);
  }
  if (DOCS_KEYS.has(key)) return docs(`The ${key} of ${loc.subject} changes`);
  if (key === 'deprecated') return nb(`${capital(loc.subject)} is ${d.after === true ? '' : 'no longer '}deprecated`);
  if (key in ALLOWANCES) return allowance(loc, d, ALLOWANCES[key]);
  const written = serialisationStated(loc.subject, readPointer(ctx.merged, d.keys.slice(0, -1)), d);
  if (written) return written;
  // Its name, place, serialisation (style, explode) or content: the client sends it another way.
  return br(`The ${key} of ${loc.subject} changes${d.action === 'replace' ? ` from ${show(d.before)} to ${show(d.after)}` : ''}`);
}

/**
 * A parameter's `style` or `explode` written out or left out (not replaced): OpenAPI's default
 * stands where it is left out (form in the query and cookies, simple elsewhere; only form
 * explodes), so writing the default down changes nothing a client sends. Null: not such a change.
 */
export function serialisationStated(subject: string, param: unknown, d: Diff): Verdict | null {
  const key = d.keys.at(-1);
  if ((key !== 'style' && key !== 'explode') || (d.action !== 'add' && d.action !== 'remove')) return null;
  const { in: where, style } = (param ?? {}) as { in?: unknown; style?: unknown };
  const fallback = defaultStyle(where);
  const standing = key === 'style' ? fallback : explodesByDefault(style ?? fallback);
  const stated = d.action === 'add' ? d.after : d.before;
  if (stated === standing)
    return docs(
      `${capital(subject)} ${d.action === 'add' ? `restates its default ${key} (${show(stated)})` : `leaves out its ${key} (${show(stated)}), the default`}`,
    );
  const [from, to] = d.action === 'add' ? [`the default ${show(standing)}`, show(stated)] : [show(stated), `the default ${show(standing)}`];
  return br(`The ${key} of ${subject} changes from ${from} to ${to}`);
}

/** What a parameter's `allowEmptyValue` and `allowReserved` let a client send (both false when left out). */
const ALLOWANCES: Record<string, string> = { allowEmptyValue: 'an empty value', allowReserved: 'reserved characters unencoded' };

/** An allowance granted widens what the API takes (non-breaking); taken back, it refuses what a client sent. */
function allowance(loc: Location, d: Diff, what: string): Verdict {
  // (An addition has no value before, a removal none after.)
  const [before, after] = [d.before === true, d.after === true];
  if (before === after) return docs(`${capital(loc.subject)} restates whether it allows ${what}`);
  return after ? nb(`${capital(loc.subject)} now allows ${what}`) : br(`${capital(loc.subject)} no longer allows ${what}`);
}

function requestBody(loc: Location, d: Diff): Verdict {
  const [, key, media] = loc.rest;
  if (key === undefined) {
    if (d.action === 'remove') return br('Removed the request body');
    return isRequired(d.after) ? br('Added a required request body') : nb('Added an optional request body');
  }
  if (key === 'required') {
    return d.after === true ? br('The request body becomes required') : nb('The request body becomes optional');
  }
  if (key === 'content' && media !== undefined && loc.rest.length === 3)
    return d.action === 'add' ? nb(`The request body also accepts ${media}`) : br(`The request body no longer accepts ${media}`);
  if (DOCS_KEYS.has(key)) return docs(`The ${key} of the request body changes`);
  return { class: d.fallback, message: `The request body's ${loc.rest.slice(1).join('.')} is ${verb(d)}` };
}

function response(loc: Location, d: Diff): Verdict {
  const [, status, key, name] = loc.rest;
  const depth = loc.rest.length;
  if (depth === 2) return d.action === 'add' ? nb(`Added response ${status}`) : br(`Removed response ${status}`);
  if (key === 'content' && depth === 4)
    return d.action === 'add' ? nb(`Response ${status} may also be ${name}`) : br(`Response ${status} is no longer ${name}`);
  if (key === 'headers' && depth === 4)
    return d.action === 'add'
      ? nb(`Response ${status} gains the header \`${name}\``)
      : br(`Response ${status} loses the header \`${name}\``);
  if (key === 'headers' && loc.rest[4] === 'required') {
    return d.after === true ? nb(`${capital(loc.subject)} is always sent`) : br(`${capital(loc.subject)} may be left out`);
  }
  const last = loc.rest.at(-1) ?? '';
  if (DOCS_KEYS.has(last)) return docs(`The ${last} of ${loc.subject} changes`);
  if (key === 'links') return nb(`The links of ${loc.subject} change`);
  return { class: d.fallback, message: `${capital(loc.subject)}: ${loc.rest.slice(2).join('.')} ${verb(d)}` };
}

function operationLevel(loc: Location, d: Diff): Verdict {
  const [key] = loc.rest;
  if (key === undefined) return d.action === 'add' ? nb('Added the operation') : br('Removed the operation');
  if (key === 'security') return br('The security requirements change: the client authenticates another way');
  // The typed client names its methods after it.
  if (key === 'operationId') return br(`The operationId changes from ${show(d.before)} to ${show(d.after)}`);
  if (key === 'deprecated') return nb(`The operation is ${d.after === true ? '' : 'no longer '}deprecated`);
  if (DOCS_KEYS.has(key) || key === 'tags')
    return docs(`The ${key} of the operation ${d.action !== 'replace' ? verb(d) : key === 'tags' ? 'change' : 'changes'}`);
  if (key === 'servers') return nb("The operation's servers change");
  return { class: d.fallback, message: `${loc.rest.join('.')} ${verb(d)}` };
}

/** A change inside an operation, with the operation in front of the sentence; null: said elsewhere. */
export function operationChange(loc: Location, d: Diff, ctx: RuleContext): Verdict | null {
  let v: Verdict | null;
  const example = loc.rest.findIndex((k) => k === 'examples' || k === 'example');
  if (!loc.inSchema && example >= 0) v = docs(`The examples of ${loc.subject === loc.label ? 'the operation' : loc.subject} change`);
  else if (loc.inSchema) v = schemaChange(loc, d, ctx);
  else if (loc.rest[0] === 'parameters') v = parameter(loc, d, ctx);
  else if (loc.rest[0] === 'requestBody') v = requestBody(loc, d);
  else if (loc.rest[0] === 'responses') v = response(loc, d);
  else v = operationLevel(loc, d);
  return v && { class: v.class, message: `${loc.label}: ${v.message}.` };
}
