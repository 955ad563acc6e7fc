// What scripts/diff/compared-parts.ts hands api-smart-diff, on two small documents written out here:
// the path items that changed or reach a component that changed (directly or through others), the
// components those reach, every changed component and what it reaches, and the rest of the
// document whole; nothing else. (tests/diff/compared-parts.test.ts proves on the real
// contract that the verdicts are the same as with whole documents; this one, that the parts are small.)
import { describe, expect, it } from 'vitest';
import { comparedParts } from '../../scripts/diff/compared-parts.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const op = (schema: object) => ({ get: { responses: { '200': { content: { 'application/json': { schema } } } } } });

/** Hand-written documents, read loosely. */
type Doc = Record<string, any>;

/** The two parts of a pair whose base is base(). */
const parts = (head: Doc) => comparedParts(base(), head) as { base: Doc; head: Doc };

/** Paths /x -> X -> Y -> Z (a chain listed from its far end), /b -> B, /c -> C -> {D, B}, /plain inline; L refers to itself. */
function base(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    webhooks: { ping: op(ref('W')) },
    paths: { '/x': op(ref('X')), '/b': op(ref('B')), '/c': op(ref('C')), '/plain': op({ type: 'string' }), '/loop': op(ref('L')) },
    components: {
      schemas: {
        X: { properties: { y: ref('Y') } },
        Y: { properties: { z: ref('Z') } },
        Z: { type: 'string' },
        B: { type: 'integer' },
        C: { allOf: [ref('D'), ref('B')] },
        D: { type: 'object' },
        E: { properties: { f: ref('F') } },
        F: { type: 'boolean' },
        L: { properties: { again: ref('L') } },
        W: { type: 'object' },
        Unused: { type: 'null' },
      },
      parameters: { Lonely: { name: 'q', in: 'query', schema: { type: 'string' } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

describe('the parts of two contracts api-smart-diff compares', () => {
  it('keeps a path whose component changed at the end of a chain, and the chain', () => {
    const head = base();
    head.components.schemas.Z = { type: 'number' };
    const { base: b, head: h } = parts(head);
    expect(Object.keys(h.paths)).toEqual(['/x']);
    expect(Object.keys(b.paths)).toEqual(['/x']);
    expect(Object.keys(h.components.schemas).sort()).toEqual(['W', 'X', 'Y', 'Z']);
    expect(h.components.schemas.Z).toEqual({ type: 'number' });
    expect(b.components.schemas.Z).toEqual({ type: 'string' });
  });

  it('keeps a path reaching one changed and one unchanged component, with both', () => {
    const head = base();
    head.components.schemas.D = { type: 'array' };
    const { head: h } = parts(head);
    expect(Object.keys(h.paths)).toEqual(['/c']);
    expect(Object.keys(h.components.schemas).sort()).toEqual(['B', 'C', 'D', 'W']);
  });

  it('an inline change keeps its path alone; the rest of the document (webhooks, security schemes) stays whole', () => {
    const head = base();
    head.paths['/plain'] = op({ type: 'integer' });
    const { head: h } = parts(head);
    expect(h.paths).toEqual({ '/plain': op({ type: 'integer' }) });
    expect(h.components).toEqual({ schemas: { W: { type: 'object' } }, securitySchemes: base().components.securitySchemes });
    expect(h.webhooks).toEqual(base().webhooks);
    expect(h.info).toEqual(base().info);
  });

  it('a changed component no path uses is kept with what it reaches, and no path is', () => {
    const head = base();
    head.components.schemas.E = { properties: { f: ref('F'), g: ref('F') } };
    const { base: b, head: h } = parts(head);
    expect(h.paths).toEqual({});
    expect(Object.keys(h.components.schemas).sort()).toEqual(['E', 'F', 'W']);
    expect(Object.keys(b.components.schemas).sort()).toEqual(['E', 'F', 'W']);
  });

  it('a path added on one side is kept on that side; a component that refers to itself ends the walk', () => {
    const head = base();
    head.paths['/new'] = op(ref('L'));
    const { base: b, head: h } = parts(head);
    expect(Object.keys(h.paths)).toEqual(['/new']);
    expect(b.paths).toEqual({});
    expect(Object.keys(h.components.schemas).sort()).toEqual(['L', 'W']);
  });

  it('a section of components that only one side has, and a side without paths or components', () => {
    const head = base();
    head.components.headers = { H: { schema: ref('B') } };
    expect(Object.keys(parts(head).head.components).sort()).toEqual(['headers', 'schemas', 'securitySchemes']);
    expect(parts(head).head.components.headers).toEqual({ H: { schema: ref('B') } });
    const bare = { openapi: '3.1.0', info: { title: 't', version: '1' } };
    const grown = { ...bare, paths: { '/a': op(ref('A')) }, components: { schemas: { A: { type: 'string' } } } };
    expect(comparedParts(bare, grown)).toEqual({ base: bare, head: grown });
    expect(comparedParts(grown, bare)).toEqual({ base: grown, head: bare });
  });

  it('documents without paths or components are given as they are', () => {
    const bare = { openapi: '3.1.0', info: { title: 't', version: '1' } };
    expect(comparedParts(bare, { ...bare, info: { title: 'u', version: '1' } })).toEqual({
      base: bare,
      head: { ...bare, info: { title: 'u', version: '1' } },
    });
  });
});
