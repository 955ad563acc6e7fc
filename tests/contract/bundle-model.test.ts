// BundleModel (lib/contract/bundle-model.ts) on small synthetic OpenAPI 3.1 documents: what its
// reads return when a document leaves a part out (no servers, tags, components, changelog), what
// they return when it has them, and the ContractError (name and message) of each refusal.
// tests/contract/model.test.ts covers the real bundle and the refusals of its broken copies.
import { describe, expect, it } from 'vitest';
import { BundleModel } from '../../lib/contract/index.js';
import { isReference } from '../../lib/contract/bundle-model.js';

const ok = { '200': { description: 'ok' } };

/** A document with one operation and nothing else: no 2xx answer, parameters, tags, servers or components. */
const bare = {
  openapi: '3.1.0',
  info: { title: 'bare', version: '1' },
  paths: { '/plain': { get: { operationId: 'plain', responses: { '404': { description: 'not found' } } } } },
};

const full = {
  openapi: '3.1.0',
  info: { title: 'full', version: '1' },
  servers: [
    { url: 'https://api.example.test/v1', description: 'Production' },
    { url: 'https://sandbox.example.test/v2', description: 'Sandbox' },
  ],
  tags: [{ name: 'Voices' }],
  'x-tool-server': { name: 'voices-tools', tools: [] },
  paths: {
    '/voices': {
      post: {
        operationId: 'makeVoice',
        tags: ['Voices', 'Uploads'],
        parameters: [{ name: 'dry_run', in: 'query', schema: { type: 'boolean' } }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  samples: { type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1, maxItems: 5 },
                },
              },
            },
          },
        },
        responses: ok,
      },
    },
  },
  components: { schemas: { Voice: { type: 'object' } } },
};

const withExamples = {
  ...bare,
  paths: {},
  components: { examples: { Voice: { value: { id: 'v1' } } } },
};

const plain = BundleModel.of(bare);
const rich = BundleModel.of(full);
const makeVoice = rich.operation('makeVoice');

/** The error a call throws, as name and message. */
function refusal(call: () => unknown): { name: string; message: string } {
  try {
    call();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error('the call did not throw');
}

describe('refusals: a ContractError that says what is missing', () => {
  it('a document that is not a JSON object', () => {
    expect(refusal(() => new BundleModel(null))).toEqual({ name: 'ContractError', message: 'the contract is not a JSON object' });
    expect(refusal(() => new BundleModel('openapi: 3.1.0'))).toEqual({
      name: 'ContractError',
      message: 'the contract is not a JSON object',
    });
  });

  it('a document of another OpenAPI version, or of none', () => {
    const version = (openapi: unknown) => refusal(() => new BundleModel({ openapi, paths: {} })).message;
    expect([version('3.0.3'), version(3.1)]).toEqual([
      'expected an OpenAPI 3.1 document, got openapi: "3.0.3"',
      'expected an OpenAPI 3.1 document, got openapi: 3.1',
    ]);
  });

  it('a document without paths', () => {
    expect(refusal(() => new BundleModel({ openapi: '3.1.0' })).message).toBe('the contract has no paths');
    expect(refusal(() => new BundleModel({ openapi: '3.1.0', paths: '/me' })).message).toBe('the contract has no paths');
  });

  it('an operation without a success response', () => {
    expect(refusal(() => plain.successResponse(plain.operation('plain'))).message).toBe('plain has no success response');
  });

  it('a state machine no schema carries', () => {
    expect(refusal(() => rich.stateMachine('Voice')).message).toBe('no x-state-machine on schema Voice');
  });

  it('limits the document does not state', () => {
    expect(refusal(() => plain.limits()).message).toBe('the contract states no limits (info.x-limits)');
  });

  it('a rate limit the document does not state', () => {
    expect(refusal(() => plain.rateLimit()).message).toBe('the contract states no rate limit (info.x-rate-limit)');
  });

  it('servers that disagree on the base path, each path named', () => {
    expect(refusal(() => rich.basePath()).message).toBe('the servers disagree on the base path: /v1, /v2');
  });

  it('a server description no server has', () => {
    expect(refusal(() => rich.server('Staging')).message).toBe('the contract has no server described as "Staging"');
  });
});

describe('a document that leaves parts out', () => {
  it('has no named example when it has no components', () => {
    expect(plain.namedExample('Voice')).toBeUndefined();
  });

  it('has no named example when its components have no examples', () => {
    expect(rich.namedExample('Voice')).toBeUndefined();
  });

  it('has an empty changelog', () => {
    expect(plain.changelog()).toEqual([]);
  });

  it('has no tool server', () => {
    expect(plain.toolServer()).toBeUndefined();
  });

  it('has no servers and an empty base path', () => {
    expect([plain.servers(), plain.basePath()]).toEqual([[], '']);
  });

  it('has no tags when neither the document nor its operations name one', () => {
    expect(plain.tagOrder()).toEqual([]);
  });

  it('an operation without parameters has none', () => {
    expect(plain.parameters(plain.operation('plain'))).toEqual([]);
  });

  it('has no state machines and an empty error catalogue when it has no components', () => {
    expect([plain.stateMachines(), plain.errorCatalogue()]).toEqual([[], []]);
  });
});

describe('a document that has them', () => {
  it('reads a named example of components/examples', () => {
    expect(BundleModel.of(withExamples).namedExample('Voice')).toEqual({ id: 'v1' });
  });

  it('gives no named example body for a value that is null, a list or a text', () => {
    const examples = { Null: { value: null }, List: { value: [{ id: 'v1' }] }, Text: { value: 'v1' } };
    const model = BundleModel.of({ ...bare, paths: {}, components: { examples } });
    expect(['Null', 'List', 'Text'].map((name) => model.namedExample(name))).toEqual([undefined, undefined, undefined]);
  });

  it('reads the tool server', () => {
    expect(rich.toolServer()).toEqual({ name: 'voices-tools', tools: [] });
  });

  it('lists the document tags first, then the tags only operations use', () => {
    expect(rich.tagOrder()).toEqual(['Voices', 'Uploads']);
  });

  it('gives the repeated multipart fields with the number of parts their schema allows', () => {
    expect([...rich.repeatedParts(makeVoice)]).toEqual([['samples', { minItems: 1, maxItems: 5 }]]);
  });

  it('takes only an object whose $ref is a text for a reference', () => {
    expect([null, 'x', { $ref: 1 }, {}, { $ref: '#/components/schemas/Voice' }].map(isReference)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('skips a method of a path item that holds no operation', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/x': { get: null, post: { operationId: 'make', responses: ok } } },
    };
    expect(
      BundleModel.of(doc)
        .operations()
        .map((o) => o.id),
    ).toEqual(['make']);
  });

  it('reads a component schema by its reference', () => {
    const model = BundleModel.of(structuredClone(full));
    expect(model.schemaAt('#/components/schemas/Voice')).toBe(model.doc.components?.schemas?.Voice);
  });

  it('finds no data reference for a list whose items are not given', () => {
    const model = BundleModel.of({
      openapi: '3.1.0',
      info: { title: 'list', version: '1' },
      paths: {
        '/l': {
          get: {
            operationId: 'l',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array' } } } } },
              },
            },
          },
        },
      },
    });
    expect(model.dataSchemaRef(model.operation('l'))).toBeUndefined();
  });

  it('finds the data reference in an allOf written beside a `$ref` whose schema has none (siblings, as OpenAPI 3.1 allows)', () => {
    const schema = { $ref: '#/components/schemas/Envelope', allOf: [{ properties: { data: { $ref: '#/components/schemas/Voice' } } }] };
    const model = BundleModel.of({
      openapi: '3.1.0',
      info: { title: 'siblings', version: '1' },
      components: { schemas: { Envelope: { type: 'object', properties: { message: { type: 'string' } } }, Voice: { type: 'object' } } },
      paths: {
        '/v': { get: { operationId: 'v', responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } },
      },
    });
    expect(model.dataSchemaRef(model.operation('v'))).toBe('#/components/schemas/Voice');
  });

  it('reads an operation parameters once and shares the same list afterwards', () => {
    const first = rich.parameters(makeVoice);
    expect([first.map((p) => p.name), rich.parameters(makeVoice) === first]).toEqual([['dry_run'], true]);
  });
});

describe("the named example bodies of a response (what the mock and the docs' samples start from)", () => {
  const answers = BundleModel.of({
    ...withExamples,
    paths: {
      '/answers': {
        get: {
          operationId: 'answers',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  examples: { inline: { value: { id: 1 } }, named: { $ref: '#/components/examples/Voice' }, words: { value: 'plain' } },
                },
              },
            },
            '202': { description: 'text only', content: { 'text/plain': { examples: { t: { value: { id: 2 } } } } } },
            '204': { description: 'no content' },
          },
        },
      },
    },
  });
  const op = answers.operation('answers');

  it('the success response gives its JSON objects, inline or by reference; an example that is not an object is left out', () => {
    expect(answers.examples(op)).toStrictEqual({ inline: { id: 1 }, named: { id: 'v1' } });
  });

  it('a response without content, without JSON, or not documented gives none', () => {
    expect([answers.examples(op, '204'), answers.examples(op, '202'), answers.examples(op, '418')]).toEqual([{}, {}, {}]);
  });
});

describe('servers and success bodies read leniently', () => {
  it("a server's URL keeps a variable its variables do not define, or that has no variables", () => {
    const model = BundleModel.of({
      ...bare,
      servers: [{ url: 'https://{host}/{stage}', variables: { stage: { default: 'v1' } } }, { url: 'https://{host}/v1' }],
    });
    expect(model.servers().map((server) => server.url)).toEqual(['https://{host}/v1', 'https://{host}/v1']);
  });

  it('a success body that is not JSON has no data reference', () => {
    const model = BundleModel.of({
      ...bare,
      paths: { '/text': { get: { operationId: 'text', responses: { '200': { description: 'ok', content: { 'text/plain': {} } } } } } },
    });
    expect(model.dataSchemaRef(model.operation('text'))).toBeUndefined();
  });
});
