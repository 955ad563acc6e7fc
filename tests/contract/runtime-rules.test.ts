// Small rules of lib/contract called directly, where the suites reach them only through other
// processes or not at all: the templates a path fits, the unconfirmed notes on guessed operations,
// the wording of validator errors without a keyword or message, an operation without security,
// and which multipart fields are files by their encoding's content type.
import { describe, expect, it } from 'vitest';
import {
  authorizationCheck,
  BundleModel,
  ContractModel,
  defaultStyle,
  explodesByDefault,
  PathMatcher,
  requestErrorsMap,
  toViolations,
  unconfirmedNote,
  withUnconfirmedNotes,
} from '../../lib/contract/index.js';

describe('PathMatcher.templates', () => {
  it('lists every template a path fits, most concrete first, with their operations and parameters', () => {
    const matcher = new PathMatcher(ContractModel.load().operations());
    const fits = matcher.templates('/faceless/options').map((t) => ({ ...t, operations: t.operations.map((op) => op.id) }));
    expect(fits).toEqual([
      { template: '/faceless/options', operations: ['getFacelessOptions'], params: {} },
      { template: '/faceless/{faceless}', operations: ['getFacelessVideo', 'updateFacelessVideo'], params: { faceless: 'options' } },
    ]);
  });

  const templatesOf = (path: string) => new PathMatcher(ContractModel.load().operations()).templates(path).map((t) => t.template);
  /** A matcher over GET operations at these templates, in this order. */
  const matcherOf = (...paths: string[]) => new PathMatcher(paths.map((path) => ({ method: 'get', path })));

  it('orders the templates a path fits by the contract, not by the order they are written: the earlier literal first', () => {
    const fits = matcherOf('/x/{a}/c', '/x/{a}/{b}', '/x/b/{c}').templates('/x/b/c');
    expect(fits.map((t) => t.template)).toEqual(['/x/b/{c}', '/x/{a}/c', '/x/{a}/{b}']);
  });

  it('fits the first template of each length too', () => {
    expect([matcherOf('/a', '/b').templates('/a'), matcherOf('/a', '/b').templates('/b')].map((fits) => fits.length)).toEqual([1, 1]);
  });

  it('reads a path written like a template as an ordinary value of its parameter', () => {
    const m = matcherOf('/things/{id}').match('GET', '/things/{id}');
    expect(m.kind === 'operation' && m.params).toEqual({ id: '{id}' });
  });

  it('forgives one trailing slash where no template has it', () => {
    expect(templatesOf('/me/')).toEqual(['/me']);
    expect(templatesOf('/me//')).toEqual([]);
  });

  it('forgives nothing else: a path one character longer than a template fits none', () => {
    expect(templatesOf('/mex')).toEqual([]);
  });

  it('reads the root path as itself, not as the empty path', () => {
    expect(templatesOf('/')).toEqual([]);
  });
});

describe('unconfirmedNote', () => {
  it("gives the source's words on one line, runs of spaces and line breaks made one space, none at the ends", () => {
    expect(unconfirmedNote({ 'x-unspecified': '  The  path is\n\tnot shown. ' })).toBe(
      "Unconfirmed (x-unspecified): The path is not shown. This path or method is the contract's guess; the real API may differ.",
    );
  });
});

describe('withUnconfirmedNotes', () => {
  const guess = { 'x-unspecified-scope': ['operation'], 'x-unspecified': 'The  path is\nnot shown.' };
  const doc = {
    paths: {
      '/things': {
        summary: 'Things',
        parameters: [],
        get: { ...guess, operationId: 'listThings', summary: 'List things', description: 'Every thing.' },
        post: { ...guess, operationId: 'makeThing' },
        put: { operationId: 'putThing', summary: 'Put a thing' },
      },
      '/gone': null,
    },
  };
  // Called inside each test, so a mutation run sees which test reaches it.
  const noted = () => withUnconfirmedNotes(doc);
  const note = unconfirmedNote(guess);

  it("starts a guessed operation's summary and description with the note, keeping its own text", () => {
    expect(noted().paths['/things'].get).toMatchObject({ summary: 'Unconfirmed: List things', description: `${note}\n\nEvery thing.` });
  });

  it('names a guessed operation without a summary by its id, and gives it the note alone as description', () => {
    expect(noted().paths['/things'].post).toMatchObject({ summary: 'Unconfirmed: makeThing', description: note });
  });

  it('leaves operations that are not guesses, the rest of the path item and the given document as they were', () => {
    expect(noted().paths['/things'].put).toEqual({ operationId: 'putThing', summary: 'Put a thing' });
    expect(noted().paths['/things'].summary).toBe('Things');
    expect(noted().paths['/gone']).toBeNull();
    expect(doc.paths['/things'].get.summary).toBe('List things');
  });
});

describe('toViolations', () => {
  it('words a property whose name ends in a space without doubling the space before the message', () => {
    const error = {
      instancePath: '/note ',
      schemaPath: '#/properties/note /type',
      keyword: 'type',
      params: { type: 'string' },
      message: 'must be string',
    };
    expect(toViolations([error], 'body')[0].message).toBe('Request body property note must be string');
  });

  it('keys a violation of no field (a required body missing) as the request in the 422 errors map', () => {
    expect(requestErrorsMap([{ code: 'required', message: 'Body parameter is required', severity: 0 }])).toEqual({
      request: ['Body parameter is required'],
    });
  });

  it('words an error without a keyword or message (a custom keyword, messages off) by its place alone', () => {
    const error = { instancePath: '/per_page', schemaPath: '#/properties/per_page', keyword: '', params: {} };
    expect(toViolations([error], 'query')).toEqual([
      { path: ['query', 'per_page'], code: '', message: 'Request query parameter per_page ', severity: 0 },
    ]);
  });
});

describe("OpenAPI's serialisation defaults", () => {
  it('gives the query and cookies the form style, paths and headers the simple one; only form explodes', () => {
    const styles = ['query', 'cookie', 'path', 'header'].map(defaultStyle);
    expect([styles, styles.map(explodesByDefault)]).toEqual([
      ['form', 'form', 'simple', 'simple'],
      [true, true, false, false],
    ]);
  });
});

describe('authorizationCheck', () => {
  it('lets every call through where neither the operation nor the document asks for security', () => {
    const model = ContractModel.of({
      openapi: '3.1.0',
      info: { title: 'open', version: '1' },
      paths: { '/open': { get: { operationId: 'open', responses: { '204': { description: 'done' } } } } },
    });
    const check = authorizationCheck(model, model.operation('open'));
    expect(check?.(undefined)).toBe(true);
  });

  /** The check of GET /op in a document with these schemes and security (the operation's own, when given). */
  const checkWith = (schemes: object | undefined, security: object[], own?: object[]) => {
    const op = { operationId: 'op', security: own, responses: { '204': { description: 'done' } } };
    const components = schemes && { securitySchemes: schemes };
    const model = ContractModel.of({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      security,
      components,
      paths: { '/op': { get: op } },
    });
    return authorizationCheck(model, model.operation('op'));
  };
  const bearer = { type: 'http', scheme: 'bearer' };

  it('wants `Bearer <credentials>` where a bearer scheme is asked for, however the contract writes the scheme name', () => {
    const check = checkWith({ token: { type: 'http', scheme: 'BEARER' } }, [{ token: [] }]);
    const answers = ['Bearer abc', 'Basic abc', 'Bearer ', undefined].map((header) => check?.(header));
    expect(answers).toEqual([true, false, false, false]);
  });

  it('leaves to a general validator what it does not read: an API key, basic auth, an empty requirement, a bearer OR an API key, a scheme no component defines', () => {
    const key = { type: 'apiKey', in: 'header', name: 'X-Key' };
    const checks = [
      checkWith({ key }, [{ key: [] }]),
      checkWith({ basic: { type: 'http', scheme: 'basic' } }, [{ basic: [] }]),
      checkWith({ token: bearer }, [{}]),
      checkWith({ token: bearer, key }, [{ token: [] }, { key: [] }]),
      checkWith(undefined, [{ token: [] }]),
      checkWith({ token: { type: 'http' } }, [{ token: [] }]),
    ];
    expect(checks).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it("reads the operation's own security before the document's: an empty list opens the operation", () => {
    const check = checkWith({ token: bearer }, [{ token: [] }], []);
    expect(check?.(undefined)).toBe(true);
  });
});

describe('fileFields', () => {
  it('counts a text field as a file when its encoding names a type other than plain text or JSON', () => {
    const text = { type: 'string' };
    const model = BundleModel.of({
      openapi: '3.1.0',
      info: { title: 'uploads', version: '1' },
      paths: {
        '/uploads': {
          post: {
            operationId: 'upload',
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { meta: text, note: text, scan: text, pick: text, plain: text } },
                  encoding: {
                    meta: { contentType: 'application/json' },
                    note: { contentType: 'text/plain; charset=utf-8' },
                    scan: { contentType: 'application/pdf' },
                    // A list of types: the first one decides.
                    pick: { contentType: 'image/png, text/plain' },
                  },
                },
              },
            },
            responses: { '204': { description: 'done' } },
          },
        },
      },
    });
    expect([...model.fileFields(model.operation('upload'))]).toEqual(['scan', 'pick']);
  });

  const fieldsOf = (requestBody?: object) => {
    const model = BundleModel.of({
      openapi: '3.1.0',
      info: { title: 'u', version: '1' },
      paths: { '/u': { post: { operationId: 'u', requestBody } } },
    });
    return [...model.fileFields(model.operation('u'))];
  };

  it('counts a binary field, a list of binary items and a field with a contentMediaType as files, not a plain string', () => {
    const schema = {
      type: 'object',
      properties: {
        video: { type: 'string', format: 'binary' },
        frames: { type: 'array', items: { type: 'string', format: 'binary' } },
        sample: { type: 'string', contentMediaType: 'audio/mpeg' },
        title: { type: 'string' },
      },
    };
    expect(fieldsOf({ content: { 'multipart/form-data': { schema } } })).toEqual(['video', 'frames', 'sample']);
  });

  it('finds no repeated parts in an operation without a multipart body', () => {
    const model = BundleModel.of({ openapi: '3.1.0', info: { title: 'u', version: '1' }, paths: { '/u': { get: { operationId: 'u' } } } });
    expect([...model.repeatedParts(model.operation('u'))]).toEqual([]);
  });

  it('finds no files in an operation without a body, or with a JSON body only', () => {
    expect(fieldsOf()).toEqual([]);
    expect(fieldsOf({ content: { 'application/json': { schema: { type: 'object' } } } })).toEqual([]);
  });
});
