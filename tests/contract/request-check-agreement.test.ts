// The mock and the proxy's checker accept and refuse the same requests. Both run the contract's
// compiled request check (lib/contract/request-check.ts); each adds its own rules around it (the
// mock: a JSON null for an object body, empty query values; the checker: its reading of the query
// and the body). This test sends the same requests to both, the real mock core in process and the
// checker's request half: the contract's own examples, then bad ones made by mutating them (wrong
// types, missing required fields, values outside enums and limits, empty and repeated parameters),
// then random values from fast-check. Where one side skips a rule the other keeps, it fails.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Example, JsonValue, MaybeRef, Parameter, RequestBody, Schema } from '../../lib/contract/index.js';
import { ContractModel, queryOf } from '../../lib/contract/index.js';
import { createMockCore, type MockCore } from '../../mock/core.js';
import { operationMatcher } from '../../qa/checker/match.js';
import { Schemas } from '../../qa/checker/schemas.js';
import { validateRequest } from '../../qa/checker/validate-request.js';

const contract = ContractModel.load();
const schemas = new Schemas(contract);
const match = operationMatcher(contract);
const TOKEN = 'agreement-token';

/** One request as both sides see it. */
interface Sent {
  operationId: string;
  method: string;
  /** Below the base path, ids filled in. */
  path: string;
  query: [string, string][];
  /** JSON text, or none. */
  body?: string;
  /** What the request is (for the failure message). */
  what: string;
}

interface CheckedOperation {
  id: string;
  method: string;
  path: string;
  query: { param: Parameter; schema: Schema }[];
  body?: { schema: Schema; examples: JsonValue[] };
}

const deref = <T extends object>(node: MaybeRef<T> | undefined) => contract.deref(node) as T | undefined;

/** The operations with something to validate: query parameters, or a JSON request body. */
function operations(): CheckedOperation[] {
  const out: CheckedOperation[] = [];
  for (const op of contract.operations()) {
    const params = [...(contract.doc.paths[op.path].parameters ?? []), ...(op.operation.parameters ?? [])].map((p) => deref<Parameter>(p)!);
    const query = params.filter((p) => p.in === 'query').map((param) => ({ param, schema: deref<Schema>(param.schema) ?? {} }));
    const media = deref<RequestBody>(op.operation.requestBody)?.content?.['application/json'];
    const examples = Object.values(media?.examples ?? {}).map((e) => deref<Example>(e)?.value as JsonValue);
    const body = media?.schema ? { schema: deref<Schema>(media.schema)!, examples: examples.length ? examples : [{}] } : undefined;
    if (query.length || body)
      out.push({ id: op.id, method: op.method.toUpperCase(), path: op.path.replace(/\{[^}]+\}/g, '7'), query, body });
  }
  return out;
}

/** A value the schema takes, for a query parameter the mutations leave alone. */
function validText(schema: Schema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return 'x';
}

/** Bad values for one query parameter: wrong type, outside its enum or limits, empty, repeated. */
function queryMutations(schema: Schema): (string | string[])[] {
  const out: (string | string[])[] = ['', [validText(schema), 'other']];
  if (schema.type === 'integer' || schema.type === 'number') out.push('abc', '1.5');
  if (typeof schema.minimum === 'number') out.push(String(schema.minimum - 1));
  if (typeof schema.maximum === 'number') out.push(String(schema.maximum + 1));
  if (schema.enum) out.push('not-one-of-them');
  return out;
}

/** Bad versions of a valid body: each required field dropped, each property given a value its schema refuses. */
function bodyMutations(schema: Schema, valid: JsonValue): { what: string; body: JsonValue }[] {
  const out: { what: string; body: JsonValue }[] = [
    { what: 'null', body: null },
    { what: 'an array', body: [] },
    { what: 'a string', body: 'text' },
  ];
  if (!valid || typeof valid !== 'object' || Array.isArray(valid)) return out;
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = valid;
    out.push({ what: `without ${name}`, body: rest });
  }
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const property = deref<Schema>(raw) ?? {};
    for (const value of badValues(property)) out.push({ what: `${name}: ${JSON.stringify(value)}`, body: { ...valid, [name]: value } });
  }
  if (schema.additionalProperties === false) out.push({ what: 'an unknown field', body: { ...valid, unknown_field: 1 } });
  return out;
}

function badValues(schema: Schema): JsonValue[] {
  const types = new Set([schema.type ?? []].flat());
  const out: JsonValue[] = [];
  const wrong: [string, JsonValue][] = [
    ['string', 12345],
    ['integer', 'text'],
    ['number', 'text'],
    ['boolean', 'yes'],
    ['array', { a: 1 }],
    ['object', [1]],
  ];
  for (const [type, value] of wrong) if (types.size === 1 && types.has(type)) out.push(value);
  if (schema.enum) out.push('not-one-of-them');
  if (typeof schema.minimum === 'number') out.push(schema.minimum - 1);
  if (typeof schema.maximum === 'number') out.push(schema.maximum + 1);
  if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push('');
  if (typeof schema.maxItems === 'number') out.push(Array(schema.maxItems + 1).fill('x'));
  if (typeof schema.minItems === 'number' && schema.minItems > 0) out.push([]);
  return out;
}

function sent(op: CheckedOperation, what: string, query: [string, string | string[]][], body?: JsonValue): Sent {
  const pairs = query.flatMap(([name, value]) => [value].flat().map((v): [string, string] => [name, v]));
  return {
    operationId: op.id,
    method: op.method,
    path: op.path,
    query: pairs,
    body: body === undefined ? undefined : JSON.stringify(body),
    what,
  };
}

/** The contract's examples, then every mutation of them. */
function cases(): Sent[] {
  const out: Sent[] = [];
  for (const op of operations()) {
    const required = op.query.filter((q) => q.param.required).map((q): [string, string] => [q.param.name, validText(q.schema)]);
    const valid = op.body?.examples ?? [undefined];
    for (const body of valid) out.push(sent(op, 'as the contract shows it', required, body));
    for (const q of op.query)
      for (const value of queryMutations(q.schema))
        out.push(
          sent(
            op,
            `${q.param.name}=${JSON.stringify(value)}`,
            [...required.filter(([n]) => n !== q.param.name), [q.param.name, value]],
            valid[0],
          ),
        );
    for (const name of op.query.filter((q) => q.param.required).map((q) => q.param.name))
      out.push(
        sent(
          op,
          `without ${name}`,
          required.filter(([n]) => n !== name),
          valid[0],
        ),
      );
    if (op.body)
      for (const mutation of bodyMutations(op.body.schema, op.body.examples[0]))
        out.push(sent(op, `body ${mutation.what}`, required, mutation.body));
  }
  return out;
}

/**
 * Whether the mock refused the request as invalid: 400 GEN-WRONG-ARGS with an `errors` map, or 422
 * whose map holds the request check's wording or the validation stage's own. A later refusal (a
 * state rule's 422, a 404 for an unknown id) means the request itself was accepted.
 */
function mockRefused(status: number, text: string): boolean {
  if (status !== 400 && status !== 422) return false;
  const body = JSON.parse(text) as { errors?: Record<string, string[]>; error?: { code?: string } };
  if (status === 400) return body.error?.code === 'GEN-WRONG-ARGS' && body.errors !== undefined;
  const messages = Object.values(body.errors ?? {}).flat();
  return messages.some((m) =>
    /^(Request (body|query|path|header) |Body parameter is required|Supported content types|The request body must be a JSON object|The \S+ parameter must not be empty)/.test(
      m,
    ),
  );
}

let mock: MockCore;
beforeAll(async () => {
  mock = await createMockCore({ env: { MOCK_QUIET: '1' } });
});

async function judge(request: Sent): Promise<{ mock: boolean; checker: boolean; detail: string }> {
  const search = new URLSearchParams(request.query);
  const target = `/v2${request.path}${request.query.length ? `?${search}` : ''}`;
  const headers = { authorization: `Bearer ${TOKEN}`, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) };
  const reply = await mock.answer({ method: request.method, url: target, headers, body: request.body ?? '' });
  const matched = match(request.method, request.path);
  if (!matched) throw new Error(`${request.method} ${request.path} matches no operation`);
  const findings = validateRequest(
    contract,
    schemas,
    { ...matched, query: queryOf(search) },
    {
      method: request.method,
      path: request.path,
      query: search,
      requestHeaders: headers,
      requestBody: Buffer.from(request.body ?? ''),
      status: reply.status,
      responseHeaders: {},
      responseBody: Buffer.from(reply.body),
      at: 0,
    },
  );
  return {
    mock: !mockRefused(reply.status, reply.body),
    checker: findings.length === 0,
    detail: `mock ${reply.status} ${reply.body.slice(0, 160)}; checker ${JSON.stringify(findings).slice(0, 200)}`,
  };
}

const label = (r: Sent) => `${r.operationId} ${r.method} ${r.path} ${r.what}`;

describe('the mock and the checker agree on which requests are valid', () => {
  it('over the contract examples and their mutations (wrong types, missing fields, enums, limits, empty and repeated parameters)', async () => {
    const all = cases();
    const disagreements: string[] = [];
    let refused = 0;
    for (const request of all) {
      const seen = await judge(request);
      if (!seen.mock) refused += 1;
      if (seen.mock !== seen.checker) disagreements.push(`${label(request)}: ${seen.detail}`);
    }
    expect(disagreements).toEqual([]);
    // The mutations are mostly bad: a generator that made only valid requests would prove nothing.
    expect(refused).toBeGreaterThan(all.length / 2);
  });

  it('over random values in every body field and query parameter (fast-check)', async () => {
    const fieldsOf = (op: CheckedOperation) => [
      ...op.query.map((q) => ({ kind: 'query' as const, name: q.param.name })),
      ...Object.keys(op.body?.schema.properties ?? {}).map((name) => ({ kind: 'body' as const, name })),
    ];
    const ops = operations().filter((op) => fieldsOf(op).length);
    const slot = fc.constantFrom(...ops).chain((op) => fc.record({ op: fc.constant(op), field: fc.constantFrom(...fieldsOf(op)) }));
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: -5, max: 200_005 }), fc.string({ maxLength: 12 }));
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(slot, value, async ({ op, field }, v) => {
        const required = op.query.filter((q) => q.param.required).map((q): [string, string] => [q.param.name, validText(q.schema)]);
        const base = op.body?.examples[0];
        const request =
          field.kind === 'query'
            ? sent(
                op,
                `${field.name}=${JSON.stringify(String(v))}`,
                [...required.filter(([n]) => n !== field.name), [field.name, typeof v === 'string' ? v : JSON.stringify(v)]],
                base,
              )
            : sent(op, `body ${field.name}: ${JSON.stringify(v)}`, required, { ...(base as object), [field.name]: v } as JsonValue);
        const seen = await judge(request);
        if (!seen.mock) refused += 1;
        expect(seen.mock, `${label(request)}: ${seen.detail}`).toBe(seen.checker);
      }),
      { numRuns: 300, seed: 2511 },
    );
    expect(refused).toBeGreaterThan(0);
  });
});
