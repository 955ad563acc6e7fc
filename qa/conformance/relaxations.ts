// Conformance's use of the one leniency rule (lib/contract/leniency.ts, shared with the proxy):
// the relaxed operations become Schemathesis `[[operations]]` entries. A guessed operation keeps
// only auth, the rate-limit headers and the error envelope; an operation with partly unknown
// inputs accepts a documented refusal (400, 404, 422) of generated valid data, and where the
// request itself is not shown, negative_data_rejection is off.
import { readFileSync } from 'node:fs';
import { type ContractModel, describeRelaxations, relaxations as derive, type Relaxation } from '../../lib/contract/index.js';
import { SCHEMA_JSON } from './contract-facts.js';

type Json = any; // the bundled document as parsed (the derivation reads it through lib/contract)

export type { Relaxation };
export { describeRelaxations };

/** Checks left on for a guessed operation. Everything else Schemathesis has is switched off there. */
export const GUESS_KEEPS = ['ignored_auth', 'response_headers_conformance', 'response_schema_conformance'];
export const GUESS_DISABLES = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'positive_data_acceptance',
  'negative_data_rejection',
  'use_after_free',
  'ensure_resource_availability',
  'missing_required_header',
  'unsupported_method',
  'allow_header_conformance',
];
/** What a relaxed operation may answer to generated valid data (positive_data_acceptance). */
const ACCEPTED = ['2xx', '3xx', '400', '401', '403', '404', '409', '422', '429', '5xx'];
/** Schemathesis's own default for positive_data_acceptance (4.32.5), which a data refusal extends. */
const SCHEMATHESIS_ACCEPTED = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];

/**
 * The statuses each operation may refuse schema-valid input with on the deployment's own data
 * (`x-data-refusals`: an unknown plan, an account without a payment method), by operationId.
 */
export function dataRefusalStatuses(contract: ContractModel): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const op of contract.operations())
    if (op.dataRefusals.length) out.set(op.id, [...new Set(op.dataRefusals.map((r) => r.status))].sort());
  return out;
}

export function loadDoc(path = SCHEMA_JSON): Json {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The relaxed operations of the bundle (lib/contract/leniency.ts: the proxy reads the same list). */
export function relaxations(doc: Json = loadDoc()): Relaxation[] {
  return derive(doc);
}

const q = (s: string) => JSON.stringify(s);

/**
 * Schemathesis `[[operations]]` entries for the relaxations and the seeded path parameters. They
 * go BEFORE the hand-written entries of schemathesis.toml: when several entries match, the first
 * that sets a value wins, so each relaxed entry lists every status it accepts (402 too where the
 * operation charges, as the charging entry there does).
 */
export function operationsToml(
  list: Relaxation[],
  parameters: Map<string, Record<string, string | number>>,
  refusals: Map<string, number[]> = new Map(),
): string {
  const byId = new Map(list.map((r) => [r.operationId, r]));
  const ids = [...new Set([...byId.keys(), ...parameters.keys(), ...refusals.keys()])].sort();
  const blocks: string[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    const lines = ['[[operations]]', `include-operation-id = ${q(id)}`];
    // A refusal on the deployment's own data answers valid input rightly, relaxed operation or not.
    const own = (refusals.get(id) ?? []).map(String);
    if (r?.kind === 'guess') {
      for (const check of GUESS_DISABLES) lines.push(`checks.${check}.enabled = false`);
    } else if (r || own.length) {
      const base = r ? (r.charges ? [...ACCEPTED, '402'] : ACCEPTED) : SCHEMATHESIS_ACCEPTED;
      const accepted = [...new Set([...base, ...own])];
      lines.push(`checks.positive_data_acceptance.expected-statuses = [${accepted.map(q).join(', ')}]`);
      if (r?.requestUnknown) lines.push('checks.negative_data_rejection.enabled = false');
    }
    const params = parameters.get(id);
    if (params && Object.keys(params).length) {
      lines.push(
        `parameters = { ${Object.entries(params)
          .map(([k, v]) => `${q(k)} = ${q(String(v))}`)
          .join(', ')} }`,
      );
    }
    blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}

/** The effective config: the project's schemathesis.toml with the generated entries before its own. */
export function effectiveConfig(base: string, generated: string): string {
  const header = '# Generated for one run by qa/conformance/run.ts from schemathesis.toml and the contract. Do not edit.\n';
  if (!generated.trim()) return header + base;
  const at = base.search(/^\[\[operations\]\]/m);
  const block = `# --- generated: relaxations from x-unspecified and seeded ids (qa/conformance/relaxations.ts, seed.ts) ---\n${generated}\n\n# --- schemathesis.toml ---\n`;
  return at < 0 ? `${header}${base}\n${block}` : `${header}${base.slice(0, at)}${block}${base.slice(at)}`;
}
