// The MCP server's `call` tool takes a request body as an object of any fields (mcp/server.ts: portable
// clients refuse a body schema with no keyword). That holds only while every request body the
// contract declares is a JSON object: read here from the contract, as get_request_schema serves it,
// so a body of another shape (an array, a string) fails this test before it reaches a client.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestOf } from '../../mcp/contract.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const doc = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));

type Schema = { type?: unknown; oneOf?: Schema[]; anyOf?: Schema[]; allOf?: Schema[] };

/** Whether every value the schema admits is an object: `type: object`, or branches that all are. */
function objectsOnly(schema: Schema): boolean {
  if (schema.type !== undefined) return schema.type === 'object';
  const branches = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  return Array.isArray(branches) && branches.length > 0 && branches.every(objectsOnly);
}

const operationIds = Object.values<Record<string, { operationId?: string }>>(doc.paths).flatMap((item) =>
  Object.values(item).flatMap((operation) => (operation?.operationId ? [operation.operationId] : [])),
);

describe("the MCP call tool's body", () => {
  it('every request body of the contract is an object, as the call tool takes it', () => {
    const bodies = operationIds.flatMap((id) => {
      const body = requestOf(doc, id)?.body;
      return body ? [{ id, objects: objectsOnly(body.schema as Schema) }] : [];
    });
    expect(bodies.length).toBeGreaterThan(30);
    expect(bodies.filter((b) => !b.objects).map((b) => b.id)).toEqual([]);
  });

  it('tells an object schema from others (the check can fail)', () => {
    expect([
      objectsOnly({ type: 'object' }),
      objectsOnly({ oneOf: [{ type: 'object' }, { allOf: [{ type: 'object' }] }] }),
      objectsOnly({ type: 'array' }),
      objectsOnly({ oneOf: [{ type: 'object' }, { type: 'string' }] }),
      objectsOnly({}),
    ]).toEqual([true, true, false, false, false]);
  });
});
