// The request half of an exchange against the contract: path and query parameters (typed as the
// server would read text), and the body (content type declared, required when required, JSON
// against its schema). Multipart parts are not parsed: only their content type is checked.
import type { Contract, ContractOperation as Operation } from '../../lib/contract/index.js';
import type { Match } from './match.js';
import { pointer, type Schemas } from './schemas.js';
import type { Observed } from './types.js';

export interface Finding {
  kind: 'request' | 'status' | 'header' | 'content-type' | 'schema';
  expected: string;
  got: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: { type?: unknown };
  /** Pointer to the parameter's schema inside the bundle. */
  ref: string;
}

export function mediaType(value: unknown): string {
  return String(Array.isArray(value) ? value[0] : (value ?? ''))
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/** `image/*` matches image/png; `*\/*` matches anything. */
export function mediaMatches(declared: string, actual: string): boolean {
  if (declared === actual || declared === '*/*') return true;
  const [type, sub] = declared.split('/');
  return sub === '*' && actual.startsWith(`${type}/`);
}

export function parameters(contract: Contract, op: Operation): Parameter[] {
  const out = new Map<string, Parameter>();
  const collect = (list: unknown[] | undefined, base: string[]) => {
    (list ?? []).forEach((node, i) => {
      const raw = node as { $ref?: string };
      const param = contract.deref(node as object) as Omit<Parameter, 'ref'>;
      const ref = raw.$ref ? `${raw.$ref}/schema` : pointer(...base, String(i), 'schema');
      out.set(`${param.in}:${param.name}`, { ...param, ref });
    });
  };
  collect(contract.doc.paths[op.path].parameters, ['paths', op.path, 'parameters']);
  collect(op.raw.parameters, ['paths', op.path, op.method, 'parameters']);
  return [...out.values()];
}

const isArray = (schema: Parameter['schema']) => schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'));
const isObject = (schema: Parameter['schema']) => schema?.type === 'object';

export function validateRequest(contract: Contract, schemas: Schemas, match: Match, ex: Observed): Finding[] {
  const { op } = match;
  const findings: Finding[] = [];
  for (const param of parameters(contract, op)) {
    if (param.in === 'path') {
      const problem = schemas.checkParameter(param.ref, match.params[param.name]);
      if (problem)
        findings.push({
          kind: 'request',
          expected: `path parameter ${param.name} as the contract types it`,
          got: `${JSON.stringify(match.params[param.name])} (${problem})`,
        });
      continue;
    }
    if (param.in !== 'query') continue;
    // Free-form objects (e.g. text-to-video `modifiers`, style form + explode) take any other key.
    if (isObject(param.schema)) continue;
    const values = [...ex.query.getAll(param.name), ...ex.query.getAll(`${param.name}[]`)];
    if (!values.length) {
      if (param.required) findings.push({ kind: 'request', expected: `query parameter ${param.name} (required)`, got: 'none' });
      continue;
    }
    // Arrays may come as CSV (`only=a,b`) or repeated (`only=a&only=b`, `only[]=a`).
    const value = isArray(param.schema) ? values.flatMap((v) => v.split(',')) : values[0];
    const problem = schemas.checkParameter(param.ref, value);
    if (problem)
      findings.push({
        kind: 'request',
        expected: `query parameter ${param.name} as the contract types it`,
        got: `${JSON.stringify(value)} (${problem})`,
      });
  }

  const body = contract.deref(op.raw.requestBody) as { required?: boolean; content?: Record<string, unknown> } | undefined;
  if (!body?.content) return findings;
  if (!ex.requestBody.length) {
    if (body.required)
      findings.push({ kind: 'request', expected: `a request body (${Object.keys(body.content).join(' or ')})`, got: 'none' });
    return findings;
  }
  const type = mediaType(ex.requestHeaders['content-type']);
  const declared = Object.keys(body.content).find((d) => mediaMatches(d, type));
  if (!declared) {
    findings.push({ kind: 'request', expected: `request content type ${Object.keys(body.content).join(' or ')}`, got: type || 'none' });
    return findings;
  }
  if (!/json/.test(declared)) return findings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ex.requestBody.toString('utf8'));
  } catch {
    findings.push({ kind: 'request', expected: 'a JSON request body', got: 'unparseable JSON' });
    return findings;
  }
  const ref = (op.raw.requestBody as { $ref?: string }).$ref
    ? `${(op.raw.requestBody as { $ref: string }).$ref}/content/${declared.replace(/\//g, '~1')}/schema`
    : pointer('paths', op.path, op.method, 'requestBody', 'content', declared, 'schema');
  const problem = schemas.check(ref, parsed);
  if (problem) findings.push({ kind: 'request', expected: 'a request body valid against the contract', got: problem });
  return findings;
}
