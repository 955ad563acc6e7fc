// The mock's own checks replaced three of Prism's on the request path: the request validator (now the
// contract's compiled request check, lib/contract/request-check.ts), the security check
// (lib/contract/security.ts) and, for calls without preferences, the Prefer reader. The mock's answers
// were to stay as they were: this test asks Prism's parts (still installed, the mock's engine for
// examples) and the replacements the same questions and wants the same answers, word for word. One
// departure: a broken `pattern` is told in the contract's words (x-pattern-message), where Prism
// showed the regular expression; there the rest of the violation must still be Prism's.
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import * as validatorModule from '@stoplight/prism-http/dist/validator/index.js';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import type { IHttpOperation } from '@stoplight/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorizationCheck, ContractModel, type JsonValue, type RequestBody, Validators } from '../../lib/contract/index.js';
import { createPrism } from '../../mock/prism.js';

type Either = { _tag: 'Left'; left: unknown[] } | { _tag: 'Right' };
type Part = (args: { resource: IHttpOperation; element: object }) => Either;
const prismParts = ((validatorModule as { default?: object }).default ?? validatorModule) as Record<string, Part>;

const model = ContractModel.load();
const validators = Validators.of(model);
let prismOps: Map<string, IHttpOperation>;
beforeAll(async () => {
  const ops = await getHttpOperationsFromSpec(structuredClone(model.doc) as object);
  prismOps = new Map(ops.map((op) => [op.iid as string, op]));
});

/** The operation's request examples, and each with one field dropped or given a wrong value. */
function bodies(operationId: string): unknown[] {
  const media = model.deref<RequestBody>(model.operation(operationId).operation.requestBody)?.content ?? {};
  const out: unknown[] = [undefined, null, {}, [], 'text', 5];
  for (const content of Object.values(media))
    for (const example of Object.values(content.examples ?? {})) {
      const value = model.deref(example)?.value as JsonValue;
      out.push(value);
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      for (const key of Object.keys(value)) {
        const { [key]: _dropped, ...rest } = value;
        out.push(rest, { ...value, [key]: 12345 }, { ...value, [key]: 'zz' }, { ...value, [key]: null }, { ...value, extra_x: 1 });
      }
    }
  return out;
}

const QUERIES = [{}, { page: '0' }, { page: 'abc', per_page: '51' }, { page: ['1', '2'] }, { only: 'a,b' }, { order: 'X', search: '' }];
const CONTENT_TYPES = ['application/json', undefined, 'text/plain', 'multipart/form-data', 'foo'];

type Violation = { path?: string[]; code?: unknown; message: string };

/** Prism's answer with each pattern violation told in our words, when ours names the same place without the expression. */
function inContractWords(theirs: string, ours: string): string {
  if (!theirs.startsWith('[') || !ours.startsWith('[')) return theirs;
  const mine = JSON.parse(ours) as Violation[];
  const prism = (JSON.parse(theirs) as Violation[]).map((v, i) => {
    const m = mine[i];
    const [place] = v.message.split(' must match pattern ');
    const same =
      v.code === 'pattern' && m?.code === 'pattern' && m.message.startsWith(`${place} must `) && !m.message.includes('pattern "');
    return same ? { ...v, message: m.message } : v;
  });
  return JSON.stringify(prism);
}

function prismAnswer(part: Part, resource: IHttpOperation, element: object): string {
  try {
    const result = part({ resource, element });
    return JSON.stringify(result._tag === 'Left' ? result.left : []);
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

describe("the mock's checks answer as Prism's did", () => {
  it('the compiled request check finds the violations Prism found, word for word, in the same order', () => {
    const differ: string[] = [];
    let compared = 0;
    for (const entry of model.operations()) {
      const params = Object.fromEntries([...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], '5']));
      const path = entry.path.replace(/\{\w+\}/g, '5');
      for (const body of bodies(entry.id))
        for (const query of QUERIES)
          for (const type of CONTENT_TYPES) {
            const text = body === undefined ? '' : JSON.stringify(body);
            const headers = { ...(type ? { 'content-type': type } : {}), 'content-length': String(text.length) };
            const element = { method: entry.method, url: { path, query }, headers, body };
            const theirs = prismAnswer(prismParts.validateInput, prismOps.get(entry.id)!, element);
            let ours: string;
            try {
              ours = JSON.stringify(validators.request(entry.id).check({ params, query, headers, body }));
            } catch (error) {
              ours = `throws ${(error as Error).message}`;
            }
            compared += 1;
            if (ours !== inContractWords(theirs, ours))
              differ.push(`${entry.id} ${type} ${JSON.stringify(query)} ${text.slice(0, 60)}: Prism ${theirs}; ours ${ours}`);
          }
    }
    expect(differ.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });

  it("the contract's security check refuses the Authorization headers Prism's refused", () => {
    const headers = [
      undefined,
      '',
      'Bearer abc',
      'bearer abc',
      'BEARER abc',
      'Bearer ',
      'Bearer',
      'Bearer  a b',
      'Basic YTpi',
      'Token abc',
      ' Bearer abc',
    ];
    const differ: string[] = [];
    for (const entry of model.operations()) {
      const check = authorizationCheck(model, entry);
      if (!check) {
        differ.push(`${entry.id}: the contract's security is not read`);
        continue;
      }
      for (const authorization of headers) {
        const element = { method: entry.method, url: { path: '/' }, headers: authorization === undefined ? {} : { authorization } };
        const prismRefuses = prismAnswer(prismParts.validateSecurity, prismOps.get(entry.id)!, element) !== '[]';
        if (prismRefuses === check(authorization))
          differ.push(`${entry.id} ${JSON.stringify(authorization)}: Prism refuses ${prismRefuses}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('a call without Prefer (and without its query forms) reads as no preferences, as prism-http-server reads it', async () => {
    const prism = await createPrism(structuredClone(model.doc));
    const calls: { headers: Record<string, string>; query: Record<string, string> }[] = [
      { headers: {}, query: {} },
      { headers: { prefer: '' }, query: { page: '1' } },
      { headers: { accept: 'application/json' }, query: { __other: 'x' } },
      { headers: { prefer: 'code=404' }, query: {} },
      { headers: {}, query: { __code: '' } },
      { headers: {}, query: { __dynamic: 'yes' } },
    ];
    for (const { headers, query } of calls) {
      const input = { method: 'get' as const, url: { path: '/me', query }, headers };
      const theirs = getHttpConfigFromRequest(input);
      const expected =
        theirs._tag === 'Right' ? { ok: true, value: theirs.right } : { ok: false, detail: theirs.left.detail ?? String(theirs.left) };
      expect(prism.preferences({ prefer: headers.prefer, query }), JSON.stringify({ headers, query })).toEqual(expected);
    }
  });
});
