// Which changes a change-log entry acknowledges (scripts/diff/diff.ts), and where a change is seen
// from inside the components its path goes through (componentPlaces).
import { describe, expect, it } from 'vitest';
import { componentPlaces, diffContracts } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';

const released = readRelease(releases().at(-1) as string) as any;

/** The latest release with GET /me's `data` (behind two $refs) turned into text, and `entries` on top. */
function head(...entries: object[]) {
  const doc = structuredClone(released);
  doc.components.schemas.AccountProfileResponse.allOf[1].properties.data = { type: 'string' };
  doc.info['x-changelog'].unshift(...entries);
  return doc;
}
const breaking = (doc: object) => diffContracts(released, doc).changes.filter((c) => c.class === 'breaking');
const entry = (more: object) => ({ date: '2099-01-01', changes: ['data is text now.'], ...more });

describe('a breaking change is acknowledged', () => {
  it.each([
    ['its operation', '/paths/~1me/get'],
    ['its path', '/paths/~1me'],
    ['the component it goes through', '/components/schemas/AccountProfileResponse'],
  ])('by a breaking entry whose pointer covers %s', (_what, pointer) => {
    const found = breaking(head(entry({ breaking: true, pointers: [pointer] })));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c) => c.acknowledged)).toBe(true);
  });

  it.each([
    ['an entry not marked breaking, with the same pointer', { pointers: ['/paths/~1me/get'] }],
    ['a breaking entry pointing at another operation', { breaking: true, pointers: ['/paths/~1credits~1costs/get'] }],
    ['a breaking entry pointing at a sibling that shares a prefix', { breaking: true, pointers: ['/paths/~1m'] }],
  ])('not by %s', (_what, more) => {
    const found = breaking(head(entry(more)));
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((c) => c.acknowledged)).toBe(false);
  });
});

describe('a non-breaking or docs change', () => {
  const reworded = () => {
    const doc = structuredClone(released);
    doc.paths['/me'].get.summary = 'Read the account profile';
    return doc;
  };
  const added = (entries: object[]) => {
    const doc = structuredClone(released);
    const me = structuredClone(doc.paths['/me']);
    me.get.operationId = 'getMeToo';
    doc.paths['/me-too'] = me;
    doc.info['x-changelog'].unshift(...entries);
    return doc;
  };

  it('non-breaking: acknowledged by any new change-log entry, not without one', () => {
    const nb = (doc: object) => diffContracts(released, doc).changes.filter((c) => c.class === 'non-breaking');
    expect(nb(added([])).map((c) => c.acknowledged)).toEqual([false]);
    expect(nb(added([{ date: '2099-01-01', changes: ['GET /me-too.'] }])).map((c) => c.acknowledged)).toEqual([true]);
  });

  it('docs: always acknowledged', () => {
    const { changes } = diffContracts(released, reworded());
    expect(changes.map((c) => [c.class, c.acknowledged])).toEqual([['docs', true]]);
  });
});

describe('where a change is seen from the components it goes through', () => {
  const doc = {
    paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/R' } } } } },
    components: {
      responses: { R: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } } },
      schemas: {
        S: { $ref: '#/components/schemas/T' },
        T: { properties: { x: { type: 'string' } } },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
  };

  it('each component on the way, through references to references', () => {
    expect(componentPlaces(doc, '/paths/~1a/get/responses/200/content/application~1json/schema/properties/x')).toEqual([
      '/components/responses/R/content/application~1json/schema/properties/x',
      '/components/schemas/S/properties/x',
      '/components/schemas/T/properties/x',
    ]);
  });

  it('a pointer at a reference itself: the component it names', () => {
    expect(componentPlaces(doc, '/paths/~1a/get/responses/200')).toEqual(['/components/responses/R']);
  });

  it('none without a reference on the way, or past a value that is not an object', () => {
    expect(componentPlaces(doc, '/paths/~1a/get')).toEqual([]);
    expect(componentPlaces(doc, '/components/schemas/T/properties/x/type/0')).toEqual([]);
  });

  it('a reference to itself is followed 20 times, not forever', () => {
    expect(componentPlaces(doc, '/components/schemas/Loop/type')).toEqual(Array(20).fill('/components/schemas/Loop/type'));
  });

  it('a reference outside the document is not followed', () => {
    const external = { paths: { '/b': { get: { $ref: 'other.yaml#/get' } } } };
    expect(componentPlaces(external, '/paths/~1b/get/summary')).toEqual([]);
  });
});
