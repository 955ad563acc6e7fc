// Which places of a request the leniency rule (lib/contract/leniency.ts) calls a guess, proven on a
// small synthetic OpenAPI 3.1 document: the parameter a violation names (by place and name), a
// missing body, and the schema standing at a place in the body (through allOf, items, prefixItems
// and additionalProperties, for the body's media type). The real contract's relaxations are
// covered by tests/contract/unconfirmed.test.ts and the proxy's checker suites.
import { describe, expect, it } from 'vitest';
import {
  BundleModel,
  isGuessedBodyPlace,
  isGuessedMissingBody,
  isGuessedParameter,
  isGuessedViolation,
  describeRelaxations,
  type RequestViolation,
  relaxations,
  Validators,
} from '../../lib/contract/index.js';

const GUESS = 'not shown by the source';
const ok = { '200': { description: 'ok' } };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** One operation per question, each body (or parameter list) built for it. */
const doc = {
  openapi: '3.1.0',
  info: { title: 'leniency places', version: '1' },
  paths: {
    '/voices': {
      post: {
        operationId: 'makeVoice',
        // The guessed header comes first: a match by name alone would find it for the query.
        parameters: [
          { name: 'X-Mode', in: 'header', schema: { type: 'string', 'x-unspecified': GUESS } },
          { name: 'x-mode', in: 'query', schema: { type: 'string' } },
          { name: 'speed', in: 'query', required: true, schema: { type: 'number', 'x-unspecified': GUESS } },
        ],
        requestBody: { required: true, 'x-unspecified': GUESS, ...json({ type: 'object' }) },
        responses: ok,
      },
    },
    '/stated': { post: { operationId: 'stated', requestBody: { required: true, ...json({ type: 'object' }) }, responses: ok } },
    '/plain': { get: { operationId: 'plain', responses: ok } },
    '/media': {
      post: {
        operationId: 'media',
        requestBody: {
          content: {
            'application/json': { schema: { properties: { speed: { type: 'number' } } } },
            'multipart/form-data': { schema: { properties: { speed: { type: 'string', 'x-unspecified': GUESS } } } },
          },
        },
        responses: ok,
      },
    },
    '/shapes': { post: { operationId: 'shapes', requestBody: json({ $ref: '#/components/schemas/Shapes' }), responses: ok } },
    '/loop': { post: { operationId: 'loop', requestBody: json({ $ref: '#/components/schemas/Loop' }), responses: ok } },
    '/broken': { post: { operationId: 'broken', requestBody: json(null), responses: ok } },
    '/guessed': { get: { operationId: 'guessed', 'x-unspecified-scope': ['operation'], responses: ok } },
  },
  components: {
    schemas: {
      Shapes: {
        type: 'object',
        properties: {
          merged: {
            allOf: [{ properties: { stated: { type: 'string' } } }, { properties: { open: { type: 'string', 'x-unspecified': GUESS } } }],
          },
          clips: { type: 'array', items: { type: 'object', 'x-unspecified': GUESS } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string', 'x-unspecified': GUESS }] },
          either: { items: { 'x-unspecified': GUESS }, additionalProperties: { type: 'string' } },
          extras: { properties: { known: { type: 'string' } }, additionalProperties: { type: 'string', 'x-unspecified': GUESS } },
        },
      },
      // A schema that includes itself: the walk must end instead of overflowing the stack.
      Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }] },
    },
  },
};

const model = BundleModel.of(doc);
const op = (id: string) => model.operation(id);
const body = (id: string, place: string[], mediaType?: string) => isGuessedBodyPlace(doc, op(id), mediaType, place);
const missingBody: RequestViolation = { code: 'required', message: 'Body parameter is required', severity: 0 };

describe('isGuessedParameter: the parameter at that place and of that name', () => {
  it('a stated query parameter is a fact even when a header of the same name is a guess', () => {
    expect(isGuessedParameter(doc, op('makeVoice'), 'query', 'x-mode')).toBe(false);
  });

  it('the header of that name, matched case-insensitively, is the guess', () => {
    expect(isGuessedParameter(doc, op('makeVoice'), 'header', 'x-mode')).toBe(true);
  });
});

describe('isGuessedMissingBody: the request body itself is marked', () => {
  it('a marked request body is a guess', () => {
    expect(isGuessedMissingBody(doc, op('makeVoice'))).toBe(true);
  });

  it('an unmarked request body is a fact', () => {
    expect(isGuessedMissingBody(doc, op('stated'))).toBe(false);
  });

  it('an operation without a request body has no guessed body', () => {
    expect(isGuessedMissingBody(doc, op('plain'))).toBe(false);
  });
});

describe('isGuessedViolation: the place a violation is about', () => {
  it('a missing body is a guess where the body is marked', () => {
    expect(isGuessedViolation(doc, op('makeVoice'), missingBody)).toBe(true);
  });

  it('a missing body is a fact where the body is stated', () => {
    expect(isGuessedViolation(doc, op('stated'), missingBody)).toBe(false);
  });

  it('a violation of the whole request other than a missing body is never a guess', () => {
    const refused: RequestViolation = { code: 415, message: 'Unsupported media type', severity: 0 };
    expect(isGuessedViolation(doc, op('makeVoice'), refused)).toBe(false);
  });

  it('a missing required parameter is judged by the name the validator reports', () => {
    const found = Validators.of(doc).request('makeVoice').check({ params: {}, query: {}, headers: {}, body: {} });
    const missing = found.find((v) => v.path?.[0] === 'query');
    expect(missing?.message).toContain("required property 'speed'");
    expect(isGuessedViolation(doc, op('makeVoice'), missing!)).toBe(true);
  });

  it('a parameter violation that names no parameter is not a guess', () => {
    const vague: RequestViolation = { path: ['header'], code: 'type', message: 'Request header is malformed', severity: 0 };
    expect(isGuessedViolation(doc, op('makeVoice'), vague)).toBe(false);
  });
});

describe('isGuessedBodyPlace: the schema standing at the place, for the media type', () => {
  it('an operation without a request body has no guessed place', () => {
    expect(body('plain', ['speed'])).toBe(false);
  });

  it('reads the schema of the media type asked for', () => {
    expect(body('media', ['speed'], 'multipart/form-data')).toBe(true);
  });

  it('a field stated for one media type stays a fact there', () => {
    expect(body('media', ['speed'], 'application/json')).toBe(false);
  });

  it('reads the first media type when none is given', () => {
    expect(body('media', ['speed'])).toBe(false);
  });

  it('finds a marked field in any allOf branch, and keeps the stated one a fact', () => {
    expect([body('shapes', ['merged', 'open']), body('shapes', ['merged', 'stated'])]).toEqual([true, false]);
  });

  it('an array index (any number of digits) stands at the items schema', () => {
    expect(body('shapes', ['clips', '12'])).toBe(true);
  });

  it('a tuple index stands at its own prefixItems schema', () => {
    expect([body('shapes', ['pair', '0']), body('shapes', ['pair', '1'])]).toEqual([false, true]);
  });

  it('an object key that merely contains digits is not an array index', () => {
    expect([body('shapes', ['either', 'v2']), body('shapes', ['either', '2v'])]).toEqual([false, false]);
  });

  it('a key the object does not list stands at its additionalProperties schema', () => {
    expect([body('shapes', ['extras', 'other']), body('shapes', ['extras', 'known'])]).toEqual([true, false]);
  });

  it('a schema that includes itself through allOf ends the walk (no guess, no stack overflow)', () => {
    expect(body('loop', ['anything'])).toBe(false);
  });

  it('a null where the body schema should stand is no guess, not a crash', () => {
    expect(body('broken', ['field'])).toBe(false);
  });
});

describe('relaxations', () => {
  it('a guessed operation without an x-unspecified text is relaxed with an empty reason', () => {
    const guessed = relaxations(doc).find((r) => r.operationId === 'guessed');
    expect(guessed).toEqual({
      operationId: 'guessed',
      label: 'GET /guessed',
      charges: false,
      kind: 'guess',
      requestUnknown: true,
      reason: '',
    });
  });
});

describe('relaxations of each kind, with the fields a report shows', () => {
  const REGIONS = 'The regions are not shown.';
  const region = { name: 'region', in: 'query', schema: { type: 'string', 'x-unspecified': REGIONS } };
  const pathId = { name: 'id', in: 'path', required: true, schema: { type: 'string', 'x-unspecified': 'Ids are not shown.' } };
  const relaxedDoc = {
    openapi: '3.1.0',
    info: { title: 'relaxations', version: '1' },
    paths: {
      // A parameter of the path item is a parameter of each of its operations; a path parameter is left out.
      '/renders/{id}': {
        parameters: [pathId, region],
        post: {
          operationId: 'render',
          'x-credits': { charges: true },
          'x-unspecified-scope': ['request'],
          'x-unspecified': 'The request body is not shown.',
          responses: ok,
        },
        get: { operationId: 'readRender', 'x-credits': { charges: false }, responses: ok },
      },
      '/again': {
        post: { operationId: 'again', 'x-unspecified-scope': ['request'], 'x-unspecified': REGIONS, parameters: [region], responses: ok },
      },
      '/paid-guess': {
        post: {
          operationId: 'paidGuess',
          'x-credits': { charges: true },
          'x-unspecified-scope': ['operation'],
          'x-unspecified': 'Not shown.',
          responses: ok,
        },
      },
      '/only-ids/{id}': { get: { operationId: 'onlyIds', parameters: [pathId], responses: ok } },
    },
  };

  it('each relaxed operation once, in document order; one whose only guess is a path parameter is not relaxed', () => {
    expect(relaxations(relaxedDoc).map((r) => [r.operationId, r.kind, r.requestUnknown, r.charges])).toEqual([
      ['render', 'inputs', true, true],
      ['readRender', 'inputs', false, false],
      ['again', 'inputs', true, false],
      ['paidGuess', 'guess', true, true],
    ]);
  });

  it('one printed line each, saying what is relaxed and why, the reason on one line', () => {
    const spread = structuredClone(relaxedDoc);
    spread.paths['/paid-guess'].post['x-unspecified'] = '  Not\n   shown. ';
    expect(describeRelaxations(relaxations(spread))).toEqual([
      'relaxed render (POST /renders/{id}): inputs partly not shown: a documented refusal (400/404/422) of valid input is accepted; the request schema is a guess, not used to call a request or its acceptance wrong. Why: The request body is not shown. The regions are not shown.',
      'relaxed readRender (GET /renders/{id}): inputs partly not shown: a documented refusal (400/404/422) of valid input is accepted. Why: The regions are not shown.',
      'relaxed again (POST /again): inputs partly not shown: a documented refusal (400/404/422) of valid input is accepted; the request schema is a guess, not used to call a request or its acceptance wrong. Why: The regions are not shown.',
      'relaxed paidGuess (POST /paid-guess): path or method not shown: only auth, rate-limit headers and the error envelope are checked. Why: Not shown.',
    ]);
  });

  it("the reason is the operation's own text, then the first guessed input's, each said once", () => {
    expect(relaxations(relaxedDoc).map((r) => r.reason)).toEqual([
      `The request body is not shown. ${REGIONS}`,
      REGIONS,
      REGIONS,
      'Not shown.',
    ]);
  });
});
