// Which conformance checks are relaxed where, derived from the contract's own honesty markers
// (`x-unspecified`, `x-unspecified-scope`; openapi/EXTENSIONS.md) and from nothing else. A check
// must never fail on a guess, and a stated fact stays strictly checked:
//
//   - an operation whose path or method is itself a guess (scope `operation`): only auth
//     (ignored_auth), the rate-limit headers (response_headers_conformance) and the error envelope
//     (response_schema_conformance of the declared error responses) are checked;
//   - an operation whose request the source leaves partly open (scope `request`, or an
//     `x-unspecified` anywhere in its parameters or request body schema): a documented refusal
//     (400, 404, 422) is an acceptable answer to generated valid data; where the operation-level
//     marker says the request itself is not shown, the contract's request schema is a guess and
//     is not used to call an acceptance a failure (negative_data_rejection off).
import { readFileSync } from 'node:fs';
import { SCHEMA_JSON } from './contract-facts.js';

type Json = any; // the bundled document, walked loosely (a local helper, not a contract model)

export interface Relaxation {
  operationId: string;
  label: string;
  kind: 'guess' | 'inputs';
  /** negative_data_rejection off: the request itself is not shown (operation-level `request` scope). */
  requestUnknown: boolean;
  charges: boolean;
  reason: string;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Checks left on for a guessed operation. Everything else Schemathesis has is switched off there. */
export const GUESS_KEEPS = ['ignored_auth', 'response_headers_conformance', 'response_schema_conformance'];
export const GUESS_DISABLES = [
  'not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'positive_data_acceptance',
  'negative_data_rejection', 'use_after_free', 'ensure_resource_availability', 'missing_required_header',
  'unsupported_method', 'allow_header_conformance',
];
/** What a relaxed operation may answer to generated valid data (positive_data_acceptance). */
const ACCEPTED = ['2xx', '3xx', '400', '401', '403', '404', '409', '422', '429', '5xx'];

export function loadDoc(path = SCHEMA_JSON): Json {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function resolve(doc: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; current?.$ref && hops < 20; hops++) {
    current = current.$ref.slice(2).split('/').reduce((acc: Json, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** The first `x-unspecified` text found under a node, following internal `$ref`s once each. */
function firstUnspecified(doc: Json, node: Json, seen = new Set<string>()): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return undefined;
    seen.add(node.$ref);
    return firstUnspecified(doc, resolve(doc, node), seen);
  }
  if (typeof node['x-unspecified'] === 'string') return node['x-unspecified'];
  for (const value of Object.values(node)) {
    const found = firstUnspecified(doc, value, seen);
    if (found) return found;
  }
  return undefined;
}

export function relaxations(doc: Json = loadDoc()): Relaxation[] {
  const out: Relaxation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const scope: string[] = op['x-unspecified-scope'] ?? [];
      const base = { operationId: op.operationId, label: `${method.toUpperCase()} ${path}`, charges: op['x-credits']?.charges === true };
      if (scope.includes('operation')) {
        out.push({ ...base, kind: 'guess', requestUnknown: true, reason: op['x-unspecified'] });
        continue;
      }
      const requestUnknown = scope.includes('request');
      // Path parameters are left out: the runner seeds real ids for them (seed.ts), so the open
      // type of identifiers (ResourceId) decides nothing about a generated request.
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].filter((p: Json) => resolve(doc, p)?.in !== 'path');
      const nested = firstUnspecified(doc, { parameters: params, body: op.requestBody });
      if (requestUnknown || nested) {
        const reasons = [requestUnknown ? op['x-unspecified'] : undefined, nested].filter((r, i, all): r is string => !!r && all.indexOf(r) === i);
        out.push({ ...base, kind: 'inputs', requestUnknown, reason: reasons.join(' ') });
      }
    }
  }
  return out;
}

/** One line per relaxed operation, for the start of every run. */
export function describeRelaxations(list: Relaxation[]): string[] {
  return list.map((r) => {
    const what = r.kind === 'guess'
      ? 'path or method not shown: only auth, rate-limit headers and the error envelope are checked'
      : `inputs partly not shown: 400/404/422 accepted for generated valid data${r.requestUnknown ? '; request schema not used to fail an acceptance' : ''}`;
    return `relaxed ${r.operationId} (${r.label}): ${what}. Why: ${r.reason.replace(/\s+/g, ' ').trim()}`;
  });
}

const q = (s: string) => JSON.stringify(s);

/**
 * Schemathesis `[[operations]]` entries for the relaxations and the seeded path parameters. They
 * go BEFORE the hand-written entries of schemathesis.toml: when several entries match, the first
 * that sets a value wins, so each relaxed entry lists every status it accepts (402 too where the
 * operation charges, as the charging entry there does).
 */
export function operationsToml(list: Relaxation[], parameters: Map<string, Record<string, string | number>>): string {
  const byId = new Map(list.map((r) => [r.operationId, r]));
  const ids = [...new Set([...byId.keys(), ...parameters.keys()])].sort();
  const blocks: string[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    const lines = ['[[operations]]', `include-operation-id = ${q(id)}`];
    if (r?.kind === 'guess') {
      for (const check of GUESS_DISABLES) lines.push(`checks.${check}.enabled = false`);
    } else if (r) {
      const accepted = r.charges ? [...ACCEPTED, '402'] : ACCEPTED;
      lines.push(`checks.positive_data_acceptance.expected-statuses = [${accepted.map(q).join(', ')}]`);
      if (r.requestUnknown) lines.push('checks.negative_data_rejection.enabled = false');
    }
    const params = parameters.get(id);
    if (params && Object.keys(params).length) {
      lines.push(`parameters = { ${Object.entries(params).map(([k, v]) => `${q(k)} = ${q(String(v))}`).join(', ')} }`);
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

/** The effective config: the project's schemathesis.toml with the generated entries before its own. */
export function effectiveConfig(base: string, generated: string): string {
  const header = '# Generated for one run by scripts/conformance/run.ts from schemathesis.toml and the contract. Do not edit.\n';
  if (!generated.trim()) return header + base;
  const at = base.search(/^\[\[operations\]\]/m);
  const block = `# --- generated: relaxations from x-unspecified and seeded ids (scripts/conformance/relaxations.ts, seed.ts) ---\n${generated}\n\n# --- schemathesis.toml ---\n`;
  return at < 0 ? `${header}${base}\n${block}` : `${header}${base.slice(0, at)}${block}${base.slice(at)}`;
}
