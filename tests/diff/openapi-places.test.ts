// Changes scripts/diff/openapi.ts says itself rather than under an operation: at a component no
// operation's entry carries (api-smart-diff does not follow every reference), at a component nothing
// uses, at a path, at a security scheme and at the servers; and the component places that let a
// change-log entry acknowledge a change. Each case is the released contract with one edit.
import { describe, expect, it } from 'vitest';
import { diffContracts, gateProblems } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';

const released = readRelease(releases().at(-1) as string) as any;

/** The released contract with `edit` applied to a copy. */
function variant(edit: (doc: any) => void, base = released): any {
  const doc = structuredClone(base);
  edit(doc);
  return doc;
}
const changes = (base: any, edit: (doc: any) => void) => diffContracts(base, variant(edit, base)).changes;
const said = (base: any, edit: (doc: any) => void) => changes(base, edit).map((c) => [c.class, c.message, c.operations]);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
// api-smart-diff does not follow a reference under `prefixItems`, so a change behind one reaches no
// operation's entry: only the component's entry says it.
const tuple = (name: string) => ({ type: 'array', prefixItems: [ref(name)] });
const acknowledging = (pointer: string) => ({
  date: '2099-01-01',
  changes: ['W gains `c`: accept it.'],
  breaking: true,
  pointers: [pointer],
});

/** `W` (two values) read in GET /me's response and, with `request`, sent in POST .../prompt's body. */
function withW(request: boolean, w: object = { type: 'string', enum: ['a', 'b'] }): any {
  return variant((d) => {
    d.components.schemas.W = w;
    d.components.schemas.AccountProfile.properties.w = tuple('W');
    if (request) d.components.schemas.StoryboardPromptRequest.properties = { w: tuple('W') };
  });
}
const BOTH = ['GET /me', 'POST /text-to-scene/{storyboard}/prompt'];

describe('a schema component whose change no operation entry carries: judged by the ways its users use it', () => {
  it('read and sent, a value added: breaking, as the response reads it (the worst of the two)', () => {
    expect(said(withW(true), (d) => d.components.schemas.W.enum.push('c'))).toEqual([
      ['breaking', `Added response enum value \`c\` of \`W\`, in ${BOTH.join(', ')}.`, BOTH],
    ]);
  });

  it('read and sent, a value removed: breaking, as the request sends it', () => {
    expect(said(withW(true), (d) => d.components.schemas.W.enum.pop())).toEqual([
      ['breaking', `Removed request enum value \`b\` of \`W\`, in ${BOTH.join(', ')}.`, BOTH],
    ]);
  });

  it('only read, a value removed: non-breaking, the response verdict', () => {
    expect(said(withW(false), (d) => d.components.schemas.W.enum.pop())).toEqual([
      ['non-breaking', 'Removed response enum value `b` of `W`, in GET /me.', ['GET /me']],
    ]);
  });

  it('its description reworded: docs both ways', () => {
    expect(said(withW(true), (d) => (d.components.schemas.W.description = 'A letter.'))).toEqual([
      ['docs', `The description of \`W\` changes, in ${BOTH.join(', ')}.`, BOTH],
    ]);
  });

  it('an enum given whole: said once, at its first value (the others say nothing)', () => {
    const bare = withW(true, { type: 'string' });
    expect(said(bare, (d) => (d.components.schemas.W.enum = ['a', 'b']))).toEqual([
      ['breaking', `\`W\` is now limited to \`["a","b"]\`, in ${BOTH.join(', ')}.`, BOTH],
    ]);
  });
});

describe('another component whose change no operation entry carries', () => {
  it("a link's value changed deeper inside: the place named with dots", () => {
    const linked = variant((d) => {
      d.components.links = { Self: { operationId: 'getMe', parameters: { id: '$response.body#/data/id' } } };
      d.paths['/me'].get.responses['200'].links = { self: { $ref: '#/components/links/Self' } };
    });
    const found = said(linked, (d) => (d.components.links.Self.parameters.id = '$response.body#/data/uuid'));
    expect(found).toEqual([['non-breaking', '`Self` (links) changes at parameters.id, in GET /me.', ['GET /me']]]);
  });

  it('a named example: docs, in the operations that show it', () => {
    const found = changes(released, (d) => (d.components.examples.AccountProfile.value.data.name = 'Another Name'));
    expect(found).toEqual([
      {
        class: 'docs',
        pointer: '/components/examples/AccountProfile/value/data/name',
        message: 'The example `AccountProfile` changes, in GET /me.',
        acknowledged: true,
        operations: ['GET /me'],
      },
    ]);
  });

  it('a named example several operations show: each named, comma-separated', () => {
    const [found] = changes(released, (d) => (d.components.examples.ErrorUnauthorized.summary = 'No token'));
    expect(found.operations?.length).toBeGreaterThan(2);
    expect(found.message).toBe(`The example \`ErrorUnauthorized\` changes, in ${found.operations?.join(', ')}.`);
  });

  it("a link: the library's class, the place inside the component and its operations", () => {
    const linked = variant((d) => {
      d.components.links = { Self: { operationId: 'getMe' } };
      d.paths['/me'].get.responses['200'].links = { self: { $ref: '#/components/links/Self' } };
      d.paths['/credits/costs'].get.responses['200'].links = { me: { $ref: '#/components/links/Self' } };
    });
    const found = changes(linked, (d) => (d.components.links.Self.parameters = { id: '$response.body#/data/id' }));
    expect(found.map((c) => [c.class, c.pointer, c.message, c.operations])).toEqual([
      [
        'non-breaking',
        '/components/links/Self/parameters',
        '`Self` (links) changes at parameters, in GET /credits/costs, GET /me.',
        ['GET /credits/costs', 'GET /me'],
      ],
    ]);
  });
});

describe('a component no operation uses', () => {
  const legacy = variant((d) => {
    d.components.schemas.Legacy = { type: 'string' };
    d.components.schemas.LegacyList = { type: 'array', items: ref('Legacy') };
  });

  it('changed: docs, said once, at the component the change was written in (not at the one embedding it)', () => {
    expect(said(legacy, (d) => (d.components.schemas.Legacy.type = 'integer'))).toEqual([
      ['docs', '`Legacy` (schemas) changes, and no operation uses it.', []],
    ]);
  });

  it('added beside components nothing changed: docs, named as added (not as a whole section added)', () => {
    expect(said(legacy, (d) => (d.components.schemas.Fresh = { type: 'string' }))).toEqual([
      ['docs', '`Fresh` (schemas) is added, and no operation uses it.', []],
    ]);
  });

  it('removed: docs, named as removed', () => {
    expect(said(legacy, (d) => delete d.components.schemas.LegacyList)).toEqual([
      ['docs', '`LegacyList` (schemas) is removed, and no operation used it.', []],
    ]);
  });

  it('the first of a kind the document had none of: said per component', () => {
    const found = said(released, (d) => (d.components.links = { Next: { operationId: 'getMe' } }));
    expect(found).toEqual([['docs', '`Next` (links) is added, and no operation uses it.', []]]);
  });
});

describe('where a change is placed, for the change-log entry that acknowledges it', () => {
  // `Holder` embeds `W`; GET /me reaches Holder only through `prefixItems`.
  const nested = variant((d) => {
    d.components.schemas.W = { type: 'string', enum: ['a', 'b'] };
    d.components.schemas.Holder = { type: 'object', properties: { inner: ref('W') } };
    d.components.schemas.AccountProfile.properties.h = tuple('Holder');
  });

  it("a component's entry lists the same change in the components embedding it, not itself: an entry at one acknowledges it", () => {
    const head = variant((d) => {
      d.components.schemas.W.enum.push('c');
      d.info['x-changelog'].unshift(acknowledging('/components/schemas/Holder/properties/inner'));
    }, nested);
    const found = diffContracts(nested, head).changes.filter((c) => c.class !== 'docs');
    expect(found).toEqual([
      {
        class: 'breaking',
        pointer: '/components/schemas/W/enum/2',
        message: 'Added response enum value `c` of `W`, in GET /me.',
        acknowledged: true,
        operations: ['GET /me'],
        component: '/components/schemas/Holder/properties/inner/enum/2',
      },
    ]);
  });

  // A `$ref` with a sibling is rewritten by the library (`allOf: [$ref]`): the operation's entry is
  // at a place the bundle does not have, and only the component's twin leads to W itself.
  const sibling = variant((d) => {
    d.components.schemas.W = { type: 'string', enum: ['a', 'b'] };
    d.components.schemas.AccountProfile.properties.w = { ...ref('W'), description: 'The w.' };
    d.components.schemas.Legacy = { type: 'object', properties: { w: ref('W') } };
  });
  const underMe = (pointer: string) => {
    const head = variant((d) => {
      d.components.schemas.W.enum.push('c');
      d.info['x-changelog'].unshift(acknowledging(pointer));
    }, sibling);
    return diffContracts(sibling, head).changes.filter((c) => c.class !== 'docs');
  };

  it("an operation's entry lists the components it reaches the change through: an entry inside one acknowledges it", () => {
    const [found, ...rest] = underMe('/components/schemas/W/enum');
    expect(rest).toEqual([]);
    // The library's place (`.../properties/w/allOf/0/enum/2`) goes through an `allOf` the bundle does
    // not have: the pointer printed is the component's place, with the reference it is reached by.
    expect([found.pointer, found.via]).toEqual([
      '/components/schemas/W/enum/2',
      '/paths/~1me/get/responses/200/content/application~1json/schema',
    ]);
    expect([found.class, found.message, found.operations, found.acknowledged]).toEqual([
      'breaking',
      'GET /me: Added response enum value `c` of response field `data.w` (200).',
      ['GET /me'],
      true,
    ]);
    expect(underMe('/components/schemas/W/enum/1')[0].acknowledged).toBe(false);
  });

  it('a component the operation does not use is no place of its change: an entry there does not acknowledge it', () => {
    const found = underMe('/components/schemas/Legacy');
    expect(found.map((c) => [c.message, c.acknowledged])).toEqual([
      ['GET /me: Added response enum value `c` of response field `data.w` (200).', false],
    ]);
    expect(gateProblems({ changes: found, entries: [] })[1]).toContain("pointers: ['/components/schemas/AccountProfile']");
  });
});

describe('look-alike changes in two components one operation uses', () => {
  // P and Q are different fields of GET /me; each gains the value `c`: the same change in shape.
  const two = variant((d) => {
    d.components.schemas.P = { type: 'string', enum: ['a', 'b'] };
    d.components.schemas.Q = { type: 'string', enum: ['x', 'y'] };
    Object.assign(d.components.schemas.AccountProfile.properties, { p: ref('P'), q: ref('Q') });
  });

  it('an entry at one acknowledges its own change only, and each names its own component', () => {
    const head = variant((d) => {
      d.components.schemas.P.enum.push('c');
      d.components.schemas.Q.enum.push('c');
      d.info['x-changelog'].unshift(acknowledging('/components/schemas/Q'));
    }, two);
    const found = diffContracts(two, head).changes.filter((c) => c.class === 'breaking');
    expect(found.map((c) => [c.message, c.acknowledged, c.component])).toEqual([
      ['GET /me: Added response enum value `c` of response field `data.p` (200).', false, '/components/schemas/P/enum/2'],
      ['GET /me: Added response enum value `c` of response field `data.q` (200).', true, '/components/schemas/Q/enum/2'],
    ]);
  });
});

describe('a path', () => {
  it('renamed in its parameter only: the same URLs, said once at the new path with its operations in order', () => {
    const found = changes(released, (d) => {
      d.paths['/voice-clones/{clone}'] = d.paths['/voice-clones/{id}'];
      delete d.paths['/voice-clones/{id}'];
    });
    const ops = ['DELETE /voice-clones/{clone}', 'GET /voice-clones/{clone}', 'PATCH /voice-clones/{clone}'];
    expect(found.map((c) => [c.class, c.pointer, c.message, c.operations])).toEqual([
      [
        'non-breaking',
        '/paths/~1voice-clones~1{clone}',
        `The path /voice-clones/{id} is now written /voice-clones/{clone} (${ops.join(', ')}): the same URLs.`,
        ops,
      ],
    ]);
  });

  it('a parameter added at the path: said under each of its operations (the library moves it into them)', () => {
    const found = said(released, (d) => {
      d.paths['/voice-clones/{id}'].parameters = [{ name: 'fields', in: 'query', required: true, schema: { type: 'string' } }];
    });
    expect(found).toEqual(
      ['GET', 'PATCH', 'DELETE'].map((m) => [
        'breaking',
        `${m} /voice-clones/{id}: Added required query parameter \`fields\`.`,
        [`${m} /voice-clones/{id}`],
      ]),
    );
  });

  it("a path item's parameter changed: named, and pointed at where the path item writes it (the library copies it into each operation, after the operation's own)", () => {
    const withFields = variant((d) => {
      d.paths['/voice-clones/{id}'].parameters = [{ name: 'fields', in: 'query', schema: { type: 'string' } }];
    });
    const found = changes(withFields, (d) => {
      d.paths['/voice-clones/{id}'].parameters[0].schema.type = 'integer';
    });
    expect(found.map((c) => [c.pointer, c.message])).toEqual(
      ['GET', 'DELETE', 'PATCH'].map((m) => [
        '/paths/~1voice-clones~1{id}/parameters/0/schema/type',
        `${m} /voice-clones/{id}: The type of query parameter \`fields\` changes from string to integer.`,
      ]),
    );
  });
});

describe('a security scheme in use', () => {
  // GET /me takes either scheme, GET /credits/costs the key only: two users, on both sides.
  const keyed = variant((d) => {
    d.components.securitySchemes.apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
    d.paths['/me'].get.security = [{ bearerAuth: [] }, { apiKey: [] }];
    d.paths['/credits/costs'].get.security = [{ apiKey: [] }];
  });
  const USERS = ['GET /credits/costs', 'GET /me'];

  it('where its key goes changes: breaking, each user counted once and named in order', () => {
    expect(said(keyed, (d) => (d.components.securitySchemes.apiKey.in = 'query'))).toEqual([
      ['breaking', 'The security scheme `apiKey` changes (in): the 2 operation(s) using it authenticate another way.', USERS],
    ]);
  });

  it('another type: breaking, each field that changes said', () => {
    const found = said(keyed, (d) => (d.components.securitySchemes.apiKey = { type: 'http', scheme: 'basic' }));
    expect(found).toContainEqual([
      'breaking',
      'The security scheme `apiKey` changes (type): the 2 operation(s) using it authenticate another way.',
      USERS,
    ]);
    expect(found).toContainEqual([
      'breaking',
      'The security scheme `apiKey` changes (scheme): the 2 operation(s) using it authenticate another way.',
      USERS,
    ]);
    expect(found.every(([cls]) => cls === 'breaking')).toBe(true);
  });

  it('removed: breaking, with the count of its users', () => {
    expect(said(keyed, (d) => delete d.components.securitySchemes.apiKey)).toContainEqual([
      'breaking',
      'Removed the security scheme `apiKey`, used by 2 operation(s).',
      USERS,
    ]);
  });

  it('removed with every use of it: still breaking, its users counted in the base', () => {
    const found = said(keyed, (d) => {
      delete d.components.securitySchemes.apiKey;
      d.paths['/me'].get.security = [{ bearerAuth: [] }];
      d.paths['/credits/costs'].get.security = [{ bearerAuth: [] }];
    });
    expect(found).toContainEqual(['breaking', 'Removed the security scheme `apiKey`, used by 2 operation(s).', USERS]);
  });
});

describe('the servers and the rest of the document', () => {
  const DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';
  const server = (i: number, url: string, base = released) => said(base, (d) => (d.servers[i].url = url));

  it("a server's base path changes: breaking, every call's URL changes", () => {
    expect(server(0, 'https://{productionHost}/v3')).toEqual([
      ['breaking', "The base path of the server https://{productionHost}/v2 changes from /v2 to /v3: every call's URL changes.", []],
    ]);
  });

  it('a URL without a path has the base path /', () => {
    expect(server(1, 'https://{stagingHost}')).toEqual([
      ['breaking', "The base path of the server https://{stagingHost}/v2 changes from /v2 to /: every call's URL changes.", []],
    ]);
    const hostOnly = variant((d) => (d.servers[1].url = 'https://{stagingHost}'));
    expect(server(1, 'https://{stagingHost}/v2', hostOnly)).toEqual([
      ['breaking', "The base path of the server https://{stagingHost} changes from / to /v2: every call's URL changes.", []],
    ]);
  });

  it('only the host changes: docs, the URL as now written', () => {
    expect(server(2, 'http://localhost:{port}/v2')).toEqual([
      ['docs', 'The server http://127.0.0.1:{port}/v2 is now written http://localhost:{port}/v2 (its host only).', []],
    ]);
  });

  it("a key outside the text of the document: the library's class; a value shown, an object not", () => {
    expect(said(released, (d) => (d.jsonSchemaDialect = DIALECT))).toEqual([
      ['non-breaking', `Added jsonSchemaDialect = \`"${DIALECT}"\`.`, []],
    ]);
    expect(said(released, (d) => (d.webhooks = { ping: { post: { responses: { '200': { description: 'Seen.' } } } } }))).toEqual([
      ['non-breaking', 'Added webhooks.', []],
    ]);
    expect(said(released, (d) => (d.openapi = '3.1.1'))).toEqual([['docs', 'Changed openapi = `"3.1.1"`.', []]]);
  });

  it('a value removed shows the value it had', () => {
    const stated = variant((d) => (d.jsonSchemaDialect = DIALECT));
    expect(said(stated, (d) => delete d.jsonSchemaDialect)).toEqual([
      ['non-breaking', `Removed jsonSchemaDialect = \`"${DIALECT}"\`.`, []],
    ]);
  });
});
