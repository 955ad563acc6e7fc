// Prism's own controls keep working on every operation of the contract: `Prefer: example=<name>`
// answers that named example verbatim, and `Prefer: code=401` the contract's 401 example.
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/contract.js';
import type { Example, Parameter, RequestBody, Schema } from '../../lib/contract/index.js';
import { call, expectConforms, model, multipart, useMock, type OperationId } from '../support/mock-harness.js';

const mock = useMock();

/** A request that passes validation, built from the contract's own examples and defaults. */
function validRequest(id: OperationId) {
  const { method, path } = operations[id];
  const item = model.operation(id).operation;
  const query: Record<string, string> = {};
  for (const parameter of (item.parameters ?? []).map((p) => model.deref<Parameter>(p))) {
    if (parameter.in === 'query' && parameter.required) {
      const schema = model.deref<Schema>(parameter.schema) ?? {};
      query[parameter.name] = String(schema.examples?.[0] ?? schema.default ?? 'x');
    }
  }
  const content = model.deref<RequestBody>(item.requestBody)?.content ?? {};
  let options: Parameters<typeof call>[3] = { query };
  if (content['application/json']) {
    const example = Object.values(content['application/json'].examples ?? {})[0];
    options = { ...options, body: example ? model.deref<Example>(example).value : {} };
  } else if (content['multipart/form-data']) {
    const schema = model.deref<Schema>(content['multipart/form-data'].schema) ?? {};
    const fields: Parameters<typeof multipart>[0] = {};
    for (const name of schema.required ?? Object.keys(schema.properties ?? {}).slice(0, 1)) {
      const property = model.deref<Schema>(schema.properties?.[name] ?? {});
      fields[name] =
        property.type === 'array' || property.contentMediaType ? { filename: 'f.bin', type: 'application/octet-stream', data: 'x' } : 'x';
    }
    if (!Object.keys(fields).length) fields.url = 'https://example.com/a.jpg'; // fields not shown: any part
    options = { ...options, ...multipart(fields) };
  }
  return { method, url: path.replace(/\{\w+\}/g, '1'), options, item };
}

/**
 * Runs `check` on every operation (one after the other: one mock) and returns, per operation that
 * fails it, `operationId: why`. A check throws (expectConforms, expect) to say why.
 */
async function offenders(check: (id: OperationId) => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const id of Object.keys(operations) as OperationId[]) {
    try {
      await check(id);
    } catch (error) {
      found.push(`${id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return found;
}

// Each Prefer behaviour is one test over every operation; a failure lists every operation that broke it.
describe('Prefer on every operation', () => {
  it('Prefer example=<first success example> answers it verbatim', async () => {
    const found = await offenders(async (id) => {
      const { method, url, options } = validRequest(id);
      const { code, response } = model.successResponse(model.operation(id));
      const [name, example] = Object.entries(response.content?.['application/json']?.examples ?? {})[0];
      const reply = await call(mock.base, method, url, { ...options, headers: { ...options.headers, prefer: `example=${name}` } });
      expectConforms(id, reply);
      expect(String(reply.status)).toMatch(new RegExp(`^${code.replace(/X/g, '\\d')}$`));
      expect(reply.body).toEqual(model.deref<Example>(example).value);
    });
    expect(found).toEqual([]);
  });

  it('Prefer dynamic=true generates a success body that conforms', async () => {
    const found = await offenders(async (id) => {
      const { method, url, options } = validRequest(id);
      const reply = await call(mock.base, method, url, { ...options, headers: { ...options.headers, prefer: 'dynamic=true' } });
      expect(reply.status, reply.text.slice(0, 200)).toBeLessThan(300);
      expectConforms(id, reply);
    });
    expect(found).toEqual([]);
  });

  it("Prefer code=401 answers the contract's 401", async () => {
    const found = await offenders(async (id) => {
      const { method, url, options } = validRequest(id);
      const reply = await call(mock.base, method, url, { ...options, headers: { ...options.headers, prefer: 'code=401' } });
      expectConforms(id, reply);
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe('GEN-UNAUTHORIZED');
    });
    expect(found).toEqual([]);
  });
});
