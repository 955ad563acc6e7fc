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
  /** A request finding about a place the contract marks as a guess (an x-unspecified in the parameter or the body). */
  guess?: boolean;
}

/** Whether an x-unspecified marker stands anywhere under a node (following $refs once each). */
function unspecified(contract: Contract, node: unknown, seen = new Set<string>()): boolean {
  if (!node || typeof node !== 'object') return false;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return false;
    seen.add(ref);
    return unspecified(contract, contract.deref(node as object), seen);
  }
  if (typeof (node as Record<string, unknown>)['x-unspecified'] === 'string') return true;
  return Object.values(node).some((value) => unspecified(contract, value, seen));
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
    const guess = unspecified(contract, param) || unspecified(contract, param.schema);
    // Free-form objects (e.g. text-to-video `modifiers`, style form + explode) take any other key.
    if (isObject(param.schema)) continue;
    const values = [...ex.query.getAll(param.name), ...ex.query.getAll(`${param.name}[]`)];
    if (!values.length) {
      if (param.required) findings.push({ kind: 'request', expected: `query parameter ${param.name} (required)`, got: 'none', guess });
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
        guess,
      });
  }

  const body = contract.deref(op.raw.requestBody) as { required?: boolean; content?: Record<string, unknown> } | undefined;
  if (!body?.content) return findings;
  // A body finding is about a guess when the body's schema carries an x-unspecified (a missing
  // body: when the request body itself is marked). Not JSON at all is never a guess.
  const bodyGuess = Object.values(body.content).some((media) => unspecified(contract, (media as { schema?: unknown }).schema));
  const start = findings.length;
  const done = () => {
    for (const f of findings.slice(start)) f.guess ??= bodyGuess;
    return findings;
  };
  if (!(ex.requestBodySize ?? ex.requestBody.length)) {
    if (body.required)
      findings.push({
        kind: 'request',
        expected: `a request body (${Object.keys(body.content).join(' or ')})`,
        got: 'none',
        guess: typeof (body as Record<string, unknown>)['x-unspecified'] === 'string',
      });
    return done();
  }
  const type = mediaType(ex.requestHeaders['content-type']);
  const declared = Object.keys(body.content).find((d) => mediaMatches(d, type));
  if (!declared) {
    findings.push({ kind: 'request', expected: `request content type ${Object.keys(body.content).join(' or ')}`, got: type || 'none' });
    return done();
  }
  if (!/json/.test(declared)) return done();
  let parsed: unknown;
  try {
    parsed = JSON.parse(ex.requestBody.toString('utf8'));
  } catch {
    findings.push({ kind: 'request', expected: 'a JSON request body', got: 'unparseable JSON', guess: false });
    return done();
  }
  const ref = (op.raw.requestBody as { $ref?: string }).$ref
    ? `${(op.raw.requestBody as { $ref: string }).$ref}/content/${declared.replace(/\//g, '~1')}/schema`
    : pointer('paths', op.path, op.method, 'requestBody', 'content', declared, 'schema');
  const problem = schemas.check(ref, parsed);
  if (problem) findings.push({ kind: 'request', expected: 'a request body valid against the contract', got: problem });
  return done();
}
