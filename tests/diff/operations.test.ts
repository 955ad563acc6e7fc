// Which operations a change touches (scripts/diff/operations.ts), the list every diff entry carries
// as `operations` and the gate judges per operation: in process, on the released contract with one
// edit. A place outside any operation touches none; a component is reached through `$ref` chains,
// whatever points inside it, and a schema that refers to itself is walked once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { OperationIndex } from '../../scripts/diff/operations.js';

type Doc = Record<string, any>;
const RELEASE: Doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'releases/2.0.0/openapi.json'), 'utf8'));

function index(edit: (doc: Doc) => void = () => {}): OperationIndex {
  const doc = structuredClone(RELEASE);
  edit(doc);
  return new OperationIndex(new ContractModel(doc));
}

describe('the operations a pointer touches', () => {
  it('a path item touches each of its operations; an operation only itself', () => {
    const ops = index();
    expect(ops.touched('/paths/~1faceless~1{faceless}').sort()).toEqual(['GET /faceless/{faceless}', 'PATCH /faceless/{faceless}']);
    expect(ops.touched('/paths/~1faceless~1{faceless}/get')).toEqual(['GET /faceless/{faceless}']);
    expect(ops.touched('/paths/~1faceless~1{faceless}/get/responses/200')).toEqual(['GET /faceless/{faceless}']);
  });

  it('a place outside the paths and components (the info, the servers) touches no operation', () => {
    const ops = index();
    expect(ops.touched('/info/title')).toEqual([]);
    expect(ops.touched('/paths')).toEqual([]);
  });

  it('a component is reached through a $ref that points inside another component', () => {
    const ops = index((d) => {
      d.components.schemas.Holder = { type: 'object', properties: { inner: { $ref: '#/components/schemas/AccountProfile' } } };
      d.paths['/me'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Holder/properties/inner' };
    });
    expect([...ops.directions('/components/schemas/Holder').entries()]).toEqual([['GET /me', new Set(['response'])]]);
    expect(ops.touched('/components/schemas/AccountProfile/properties')).toContain('GET /me');
  });

  it('a schema that refers to itself is walked once, and its users are found', () => {
    const ops = index((d) => {
      d.components.schemas.Tree = {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      };
      d.paths['/me'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Tree' };
    });
    expect(ops.touched('/components/schemas/Tree')).toEqual(['GET /me']);
  });

  it('a text that only looks like a reference, or a reference to another file, leads nowhere', () => {
    const ops = index((d) => {
      d.components.schemas.Linkish = { type: 'string', description: '#/components/schemas/AccountProfile', example: 'other.yaml#/x' };
      d.paths['/credits/costs'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Linkish' };
    });
    expect(ops.touched('/components/schemas/AccountProfile')).not.toContain('GET /credits/costs');
  });
});
