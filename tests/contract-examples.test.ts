// Every example in the contract validates against its schema (JSON Schema 2020-12, as OpenAPI 3.1
// defines it): named media-type examples of requests and responses, parameter examples, and the
// `examples` of schemas. Redocly lint checks the same with additional properties disallowed;
// this test proves it independently with Ajv.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { deref, escapePointer, loadContract, operationsOf } from './support/contract.js';

const doc = loadContract();
const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true, validateFormats: true });
(addFormats as any)(ajv);
// The whole document is one schema resource, so `#/components/...` refs resolve inside it.
ajv.addSchema({ ...doc, $id: 'contract' }, 'contract');

function validator(schemaPointer: string) {
  return ajv.compile({ $ref: `contract#${schemaPointer}` });
}

interface Case {
  label: string;
  schemaPointer: string;
  value: unknown;
}
const cases: Case[] = [];

for (const { path, method, operation, pointer } of operationsOf(doc)) {
  const opLabel = `${method.toUpperCase()} ${path}`;
  const base = pointer.slice(1);
  const body = operation.requestBody && deref(doc, operation.requestBody);
  for (const [mt, media] of Object.entries<any>(body?.content ?? {})) {
    for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
      cases.push({
        label: `${opLabel} request ${name}`,
        schemaPointer: `${base}/requestBody/content/${escapePointer(mt)}/schema`,
        value: deref(doc, ex).value,
      });
    }
  }
  for (const [code, resp] of Object.entries<any>(operation.responses)) {
    const response = deref(doc, resp);
    const respBase = resp.$ref ? resp.$ref.slice(1) : `${base}/responses/${code}`;
    for (const [mt, media] of Object.entries<any>(response.content ?? {})) {
      for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
        cases.push({
          label: `${opLabel} ${code} ${name}`,
          schemaPointer: `${respBase}/content/${escapePointer(mt)}/schema`,
          value: deref(doc, ex).value,
        });
      }
    }
  }
}
for (const [name, schema] of Object.entries<any>(doc.components!.schemas!)) {
  for (const [i, value] of (schema.examples ?? []).entries()) {
    cases.push({ label: `schema ${name} example ${i}`, schemaPointer: `/components/schemas/${escapePointer(name)}`, value });
  }
}
for (const [name, param] of Object.entries<any>(doc.components!.parameters!)) {
  for (const [i, value] of (param.schema?.examples ?? []).entries()) {
    cases.push({ label: `parameter ${name} example ${i}`, schemaPointer: `/components/parameters/${escapePointer(name)}/schema`, value });
  }
}

describe('examples validate against their schemas', () => {
  it('has examples to check', () => expect(cases.length).toBeGreaterThan(250));

  it.each(cases.map((c) => [c.label, c] as const))('%s', (_, c) => {
    const validate = validator(c.schemaPointer);
    const ok = validate(c.value);
    expect(ok, JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('rejects a value that breaks its schema (the check can fail)', () => {
    const validate = validator('/components/schemas/FacelessVideoResponse');
    expect(
      validate({ message: 'Success.', status: 200, data: { id: 1, type: 'ai-clips', video: { status: 'completed', url: null } } }),
    ).toBe(false);
    expect(validate({ message: 'Success.', status: 200, data: { id: 1, type: 'vlog', video: { status: 'rendering' } } })).toBe(false);
  });
});
