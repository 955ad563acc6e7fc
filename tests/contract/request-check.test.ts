// The request check (lib/contract/request-check.ts) called directly, on a small OpenAPI 3.1
// document with what the real contract does not use yet: simple-style array and object headers,
// form-style object and array queries, patterns that decide whether an empty query value counts,
// URL-encoded forms with reserved characters, and bodies declared without a schema. The mock's
// suites reach only the styles and bodies the real contract has.
import { describe, expect, it } from 'vitest';
import { type RequestInput, Validators } from '../../lib/contract/index.js';

const pair = {
  type: 'object',
  properties: { a: { type: 'integer' }, b: { type: 'integer' } },
  required: ['a', 'b'],
  additionalProperties: false,
};
const spread = { ...pair, additionalProperties: undefined, unevaluatedProperties: false };

const doc = {
  openapi: '3.1.0',
  info: { title: 'request check', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'X-Tags', in: 'header', schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 } },
          { name: 'X-Pair', in: 'header', schema: pair },
          { name: 'X-Spread', in: 'header', explode: true, schema: spread },
          { name: 'X-Code', in: 'header', schema: { type: 'string', minLength: 2 } },
          { name: 'filter', in: 'query', explode: false, schema: pair },
          { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'string', minLength: 1 } } },
          { name: 'code', in: 'query', schema: { type: 'string', pattern: '^[a-z]+$' } },
          { name: 'note', in: 'query', schema: { type: 'string', pattern: '^[a-z]*$' } },
          { name: 'word', in: 'query', schema: { type: 'string', pattern: '^\\p{L}*$' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
      post: {
        operationId: 'sendThing',
        requestBody: { content: { 'text/plain': {} } },
        responses: { '204': { description: 'done' } },
      },
    },
    '/forms': {
      post: {
        operationId: 'sendForm',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['name', 'expr'],
                properties: { name: { enum: ['Ann Lee'] }, expr: { enum: ['x=y'] }, email: { type: 'string' } },
              },
              encoding: { email: { contentType: 'text/plain' }, expr: { allowReserved: true } },
            },
          },
        },
        responses: { '204': { description: 'done' } },
      },
    },
  },
};

const validators = Validators.of(doc);
const things = validators.request('listThings');
const headers = (values: Record<string, string>) => things.parameters('header', values);
const bad = (where: string, name: string, rule: string, message: string) => ({
  path: [where, ...name.split('.')],
  code: rule,
  message: `Request ${where} parameter ${name} ${message}`,
  severity: 0,
});

describe('simple-style header parameters', () => {
  it('reads a comma list as an array, and an empty value as an empty array', () => {
    expect(headers({ 'X-Tags': 'a,b' })).toEqual([]);
    expect(headers({ 'X-Tags': 'a,b,c' })).toEqual([bad('header', 'x-tags', 'maxItems', 'must NOT have more than 2 items')]);
    expect(headers({ 'X-Tags': '' })).toEqual([bad('header', 'x-tags', 'minItems', 'must NOT have fewer than 1 items')]);
  });

  it('reads an object as name,value pairs and names the property that is wrong', () => {
    expect(headers({ 'X-Pair': 'a,1,b,2' })).toEqual([]);
    expect(headers({ 'X-Pair': 'a,1,b,x' })).toEqual([bad('header', 'x-pair.b', 'type', 'must be integer')]);
  });

  it("names a property the object's schema does not allow", () => {
    expect(headers({ 'X-Pair': 'a,1,b,2,c,3' })).toEqual([
      bad('header', 'x-pair', 'additionalProperties', "must NOT have additional properties; found 'c'"),
    ]);
  });

  it('reads an exploded object as name=value pairs', () => {
    expect(headers({ 'X-Spread': 'a=1,b=2' })).toEqual([]);
    expect(headers({ 'X-Spread': 'a=1,b=2,c=3' })).toEqual([
      bad('header', 'x-spread', 'unevaluatedProperties', "must NOT have unevaluated properties: 'c'"),
    ]);
  });
});

describe('empty values', () => {
  it('takes an empty header as absent: no schema check of it here (the caller judges empty values apart)', () => {
    expect(headers({ 'X-Code': '' })).toEqual([]);
    expect(headers({ 'X-Code': 'a' })).toEqual([bad('header', 'x-code', 'minLength', 'must NOT have fewer than 2 characters')]);
  });
});

describe('form-style query parameters', () => {
  it('reads an object that is not exploded as name,value pairs', () => {
    expect(things.parameters('query', { filter: 'a,1,b,2' })).toEqual([]);
    expect(things.parameters('query', { filter: 'a,1,b,x' })).toEqual([bad('query', 'filter.b', 'type', 'must be integer')]);
  });

  it('reads a list of no values as one empty item', () => {
    expect(things.parameters('query', { ids: [] })).toEqual([bad('query', 'ids.0', 'minLength', 'must NOT have fewer than 1 characters')]);
  });

  it("lists an empty value only where the parameter's pattern refuses the empty text", () => {
    // `\p{L}` is a letter only in a Unicode pattern, as JSON Schema reads patterns.
    // Built inside the test (the list is made when the operation's checks are), so a mutation run sees it.
    const fresh = Validators.of(structuredClone(doc)).request('listThings');
    expect(fresh.emptyQueryParameters({ code: '', note: '', word: '', ids: '' })).toEqual(['code']);
  });
});

describe('bodies', () => {
  const post = (body: unknown, type: string): RequestInput => ({
    params: {},
    query: {},
    headers: { 'content-type': type, 'content-length': String(String(body).length) },
    body,
  });

  it('accepts any body of a declared type that has no schema', () => {
    const check = validators.request('sendThing');
    expect(check.check(post('anything at all', 'text/plain'))).toEqual([]);
    expect(check.jsonBody({ any: 'thing' })).toEqual([]);
  });

  it('decodes a URL-encoded form: + is a space, and a value keeps its own = signs', () => {
    const form = validators.request('sendForm');
    expect(form.check(post('name=Ann+Lee&expr=x=y&email=ann', 'application/x-www-form-urlencoded'))).toEqual([]);
    expect(form.check(post('name=Ann+Lee&expr=x=z', 'application/x-www-form-urlencoded'))).toEqual([
      {
        path: ['body', 'expr'],
        code: 'enum',
        message: 'Request body property expr must be equal to one of the allowed values: x=y',
        severity: 0,
      },
    ]);
  });

  it('refuses reserved characters in any value of a field whose encoding does not allow them', () => {
    const form = validators.request('sendForm');
    expect(form.check(post('name=Ann+Lee&expr=x=y&email=ok&email=a@b', 'application/x-www-form-urlencoded'))).toEqual([
      { path: ['body', 'email'], message: 'Reserved characters used in request body', severity: 0 },
    ]);
  });
});
