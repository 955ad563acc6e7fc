// Where a vendor extension may stand (lib/contract/extensions.ts), on small synthetic documents:
// the path item placement, which the real bundle does not use, and the wording of the problems.
// tests/contract/model.test.ts covers the real bundle's extensions and its broken copies.
import { describe, expect, it } from 'vitest';
import { checkExtensions, formatProblems } from '../../lib/contract/index.js';

/** A document whose path item `/voices` and info contact carry the given keys. */
function docWith(pathItem: object, contact: object = {}): object {
  return {
    openapi: '3.1.0',
    info: { title: 'extension places', version: '1', contact },
    paths: { '/voices': { ...pathItem, get: { operationId: 'listVoices', responses: { '200': { description: 'ok' } } } } },
  };
}

describe('extension places', () => {
  it('x-internal may stand on a path item', () => {
    expect(checkExtensions(docWith({ 'x-internal': true }))).toEqual([]);
  });

  it('an object two levels down that is not a path item is no path item', () => {
    expect(checkExtensions(docWith({}, { 'x-internal': true }))).toEqual([
      { pointer: '/info/contact/x-internal', extension: 'x-internal', message: 'x-internal may only stand on: server, path, operation' },
    ]);
  });
});

describe('extension places under info', () => {
  it("info's contact is not info", () => {
    const doc = docWith({}, { 'x-rate-limit': { requests: 30, per: 'minute' } });
    expect(checkExtensions(doc).map((p) => [p.pointer, p.message])).toEqual([
      ['/info/contact/x-rate-limit', 'x-rate-limit may only stand on: info'],
    ]);
  });
});

describe('extension places under a server', () => {
  it("a server's variable is no server", () => {
    const doc = {
      ...(docWith({}) as object),
      servers: [{ url: 'https://{host}/v2', variables: { host: { default: 'api.example.com', 'x-internal': true } } }],
    };
    expect(checkExtensions(doc)).toEqual([
      {
        pointer: '/servers/0/variables/host/x-internal',
        extension: 'x-internal',
        message: 'x-internal may only stand on: server, path, operation',
      },
    ]);
  });
});

describe('what the walk reads', () => {
  it("the document's own keys are read: an unknown extension there is reported", () => {
    const doc = { ...(docWith({}) as object), 'x-made-up': true };
    expect(checkExtensions(doc).map((p) => [p.pointer, p.extension])).toEqual([['/x-made-up', 'x-made-up']]);
  });

  it('an extension on an item of a list (a server) is checked like any other', () => {
    const doc = { ...(docWith({}) as object), servers: [{ url: 'https://api.example.com/v2', 'x-internal': 'yes' }] };
    expect(checkExtensions(doc)).toEqual([
      {
        pointer: '/servers/0/x-internal',
        extension: 'x-internal',
        message: 'must be boolean (schema openapi/extensions/x-internal.schema.json)',
      },
    ]);
  });

  it('keys of example data that start with x- are data, not extensions', () => {
    const doc = docWith({}) as any;
    doc.paths['/voices'].get.responses['200'].content = {
      'application/json': { schema: { type: 'object', example: { 'x-trace': 'abc' } }, example: { 'x-trace': 'abc' } },
    };
    expect(checkExtensions(doc)).toEqual([]);
  });

  it("a schema's list of examples is data; a media type's named examples are names", () => {
    const doc = docWith({}) as any;
    doc.paths['/voices'].get.responses['200'].content = {
      'application/json': {
        schema: { type: 'object', examples: [{ 'x-trace': 'abc' }] },
        examples: { 'x-first': { value: { 'x-trace': 'abc' } } },
      },
    };
    expect(checkExtensions(doc)).toEqual([]);
  });

  it('an extension on a named example is checked', () => {
    const doc = docWith({}) as any;
    doc.paths['/voices'].get.responses['200'].content = {
      'application/json': { examples: { first: { value: {}, 'x-internal': true } } },
    };
    expect(checkExtensions(doc)).toEqual([
      {
        pointer: '/paths/~1voices/get/responses/200/content/application~1json/examples/first/x-internal',
        extension: 'x-internal',
        message: 'x-internal may only stand on: server, path, operation',
      },
    ]);
  });
});

describe('extension places below an operation and a schema', () => {
  const refused = (pointer: string, extension: string, places: string) => [
    { pointer, extension, message: `${extension} may only stand on: ${places}` },
  ];

  it("an operation's response is no operation", () => {
    const doc = docWith({}) as any;
    doc.paths['/voices'].get.responses['200']['x-credits'] = { charges: false };
    expect(checkExtensions(doc)).toEqual(refused('/paths/~1voices/get/responses/200/x-credits', 'x-credits', 'operation'));
  });

  it("a webhook's operation is no operation of the API", () => {
    const doc = { ...(docWith({}) as object), webhooks: { ping: { post: { 'x-credits': { charges: false }, responses: {} } } } };
    expect(checkExtensions(doc)).toEqual(refused('/webhooks/ping/post/x-credits', 'x-credits', 'operation'));
  });

  it('a property of a component schema is no component schema', () => {
    const machine = { initial: 'a', states: { a: {} } };
    const doc = {
      ...(docWith({}) as object),
      components: { schemas: { Job: { type: 'object', properties: { status: { 'x-state-machine': machine } } } } },
    };
    expect(checkExtensions(doc)).toEqual(
      refused('/components/schemas/Job/properties/status/x-state-machine', 'x-state-machine', 'component-schema'),
    );
  });
});

describe('formatProblems', () => {
  it('prints one indented line per problem', () => {
    const problems = checkExtensions(docWith({ 'x-internal': 'yes' }, { 'x-internal': true }));
    expect(formatProblems(problems).split('\n')).toEqual([
      '  /info/contact/x-internal: x-internal may only stand on: server, path, operation',
      '  /paths/~1voices/x-internal: must be boolean (schema openapi/extensions/x-internal.schema.json)',
    ]);
  });
});
