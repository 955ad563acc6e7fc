// Every example in the contract validates against its schema (JSON Schema 2020-12, as OpenAPI 3.1
// defines it): named media-type examples of requests and responses, parameter examples, and the
// `examples` of schemas. Redocly lint checks the same with additional properties disallowed;
// this test proves it independently with Ajv, set up as the product sets it up (lib/contract/ajv.ts).
import { describe, expect, it } from 'vitest';
import { newAjv } from '../../lib/contract/ajv.js';
import { deref, escapePointer, loadContract, operationsOf, pointer } from '../support/contract.js';

const doc = loadContract();
const ajv = newAjv();
// The whole document is one schema resource, so `#/components/...` refs resolve inside it.
ajv.addSchema({ ...doc, $id: 'contract' }, 'contract');

function validator(schemaPointer: string) {
  return ajv.compile({ $ref: `contract#${schemaPointer}` });
}

/** The schema a pointer names, following a schema that is only a `$ref` to where it points. */
function resolveSchemaPointer(schemaPointer: string): string {
  let current = schemaPointer;
  for (let hops = 0; hops < 10; hops++) {
    const node = pointer(doc, current) as { $ref?: string } | undefined;
    if (!node?.$ref || Object.keys(node).length !== 1 || !node.$ref.startsWith('#')) return current;
    current = node.$ref.slice(1);
  }
  return current;
}

interface Case {
  label: string;
  schemaPointer: string;
  value: unknown;
  /** Every place in the contract that pairs this schema with this example. */
  places: string[];
}
// One case per distinct (schema, example) pair: a shared response such as Forbidden, referenced by
// every operation, is one check, not one per operation.
const byPair = new Map<string, Case>();
function addCase(place: string, schemaPointer: string, value: unknown) {
  const resolved = resolveSchemaPointer(schemaPointer);
  const key = `${resolved}\n${JSON.stringify(value)}`;
  const known = byPair.get(key);
  if (known) known.places.push(place);
  else byPair.set(key, { label: place, schemaPointer: resolved, value, places: [place] });
}

for (const { path, method, operation, pointer: opPointer } of operationsOf(doc)) {
  const opLabel = `${method.toUpperCase()} ${path}`;
  const base = opPointer.slice(1);
  const body = operation.requestBody && deref(doc, operation.requestBody);
  for (const [mt, media] of Object.entries<any>(body?.content ?? {})) {
    for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
      addCase(`${opLabel} request ${name}`, `${base}/requestBody/content/${escapePointer(mt)}/schema`, deref(doc, ex).value);
    }
  }
  for (const [code, resp] of Object.entries<any>(operation.responses)) {
    const response = deref(doc, resp);
    const respBase = resp.$ref ? resp.$ref.slice(1) : `${base}/responses/${code}`;
    for (const [mt, media] of Object.entries<any>(response.content ?? {})) {
      for (const [name, ex] of Object.entries<any>(media.examples ?? {})) {
        addCase(`${opLabel} ${code} ${name}`, `${respBase}/content/${escapePointer(mt)}/schema`, deref(doc, ex).value);
      }
    }
  }
}
for (const [name, schema] of Object.entries<any>(doc.components!.schemas!)) {
  for (const [i, value] of (schema.examples ?? []).entries()) {
    addCase(`schema ${name} example ${i}`, `/components/schemas/${escapePointer(name)}`, value);
  }
}
for (const [name, param] of Object.entries<any>(doc.components!.parameters!)) {
  for (const [i, value] of (param.schema?.examples ?? []).entries()) {
    addCase(`parameter ${name} example ${i}`, `/components/parameters/${escapePointer(name)}/schema`, value);
  }
}
const cases = [...byPair.values()];
const uses = cases.reduce((sum, c) => sum + c.places.length, 0);

describe('examples validate against their schemas', () => {
  it('has examples to check, most of them shared between operations', () => {
    expect(cases.length).toBeGreaterThan(100);
    expect(uses).toBeGreaterThan(250);
  });

  it.each(cases.map((c) => [c.places.length > 1 ? `${c.label} (and ${c.places.length - 1} more uses)` : c.label, c] as const))(
    '%s',
    (_, c) => {
      const validate = validator(c.schemaPointer);
      const ok = validate(c.value);
      expect(ok, `${c.schemaPointer}, used at: ${c.places.join('; ')}\n${JSON.stringify(validate.errors, null, 2)}`).toBe(true);
    },
  );

  it('rejects a value that breaks its schema (the check can fail)', () => {
    const validate = validator('/components/schemas/FacelessVideoResponse');
    expect(
      validate({ message: 'Success.', status: 200, data: { id: 1, type: 'ai-clips', video: { status: 'completed', url: null } } }),
    ).toBe(false);
    expect(validate({ message: 'Success.', status: 200, data: { id: 1, type: 'vlog', video: { status: 'rendering' } } })).toBe(false);
  });
});
