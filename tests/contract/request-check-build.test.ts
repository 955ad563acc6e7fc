// The request check (lib/contract/request-check.ts) reads most of an operation when it is built:
// which query parameters refuse an empty value, each form field's encoding (its defaults), where
// each parameter's schema is. Each test here builds its own operation, so that what is read at
// build time is reached by the test that decides it; tests/contract/request-check.test.ts covers
// how values are read once the check exists.
import { describe, expect, it } from 'vitest';
import { type RequestInput, Validators } from '../../lib/contract/index.js';

/** The check of one operation `op` (POST /op) with these parameters and request body. */
function checkOf(parameters: object[], requestBody?: object) {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'request check build', version: '1' },
    paths: { '/op': { post: { operationId: 'op', parameters, requestBody, responses: { '204': { description: 'done' } } } } },
  };
  return Validators.of(doc).request('op');
}

const query = (name: string, schema?: object, more: object = {}) => ({ name, in: 'query', schema, ...more });

/** A request with a body of this type (and its length), or none. */
const request = (body?: string, type?: string, q: RequestInput['query'] = {}): RequestInput => ({
  params: {},
  query: q,
  headers: type ? { 'content-type': type, 'content-length': String(body?.length ?? 0) } : {},
  body,
});

describe('query parameters whose schema refuses an empty value', () => {
  const sentEmpty = (schema?: object, more?: object) => checkOf([query('p', schema, more)]).emptyQueryParameters({ p: '' });

  it('an enum without the empty text refuses it; one that lists it accepts it', () => {
    expect([sentEmpty({ enum: ['a', 'b'] }), sentEmpty({ enum: ['a', ''] })]).toEqual([['p'], []]);
  });

  it('a minimum length above 0 refuses it; a minimum length of 0 accepts it', () => {
    expect([sentEmpty({ type: 'string', minLength: 1 }), sentEmpty({ type: 'string', minLength: 0 })]).toEqual([['p'], []]);
  });

  it('a pattern that no empty text matches refuses it; one that matches the empty text accepts it', () => {
    expect([sentEmpty({ type: 'string', pattern: '^[a-z]+$' }), sentEmpty({ type: 'string', pattern: '^[a-z]*$' })]).toEqual([['p'], []]);
  });

  it('a number or a boolean refuses it; a list, a plain string or no schema accepts it', () => {
    const results = [{ type: 'integer' }, { type: 'boolean' }, { type: 'array' }, { type: 'string' }, undefined].map((s) => sentEmpty(s));
    expect(results).toEqual([['p'], ['p'], [], [], []]);
  });

  it('allowEmptyValue accepts it whatever the schema', () => {
    expect(sentEmpty({ type: 'integer' }, { allowEmptyValue: true })).toEqual([]);
  });

  it('a value that is not empty is not listed', () => {
    expect(checkOf([query('p', { type: 'integer' })]).emptyQueryParameters({ p: '1' })).toEqual([]);
  });

  it("a header's or a path parameter's name sent empty in the query is not one of them", () => {
    const others = [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'X-Page', in: 'header', schema: { type: 'integer' } },
    ];
    expect(checkOf(others).emptyQueryParameters({ id: '', 'X-Page': '' })).toEqual([]);
  });
});

describe('parameters', () => {
  it('a required header sent empty counts as absent', () => {
    const check = checkOf([{ name: 'X-Code', in: 'header', required: true, schema: { type: 'string' } }]);
    expect(check.parameters('header', { 'x-code': '' })).toEqual([
      { path: ['header'], code: 'required', message: "Request header must have required property 'x-code'", severity: 0 },
    ]);
  });

  it('a header object that does not say explode is read as name,value pairs (only the form style explodes by default)', () => {
    const pair = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] };
    const check = checkOf([{ name: 'X-Pair', in: 'header', schema: pair }]);
    const [pairs, exploded] = [check.parameters('header', { 'x-pair': 'a,1,b,2' }), check.parameters('header', { 'x-pair': 'a=1,b=2' })];
    expect([pairs, exploded.length > 0]).toEqual([[], true]);
  });

  it('a form-style list that is not sent is absent, not one empty item', () => {
    const check = checkOf([query('ids', { type: 'array', items: { type: 'string', minLength: 1 } })]);
    expect([check.parameters('query', {}), check.parameters('query', { ids: '' })]).toEqual([[], []]);
  });

  it("a query list that does not say explode is read from its repeated names (OpenAPI's default, as the typed client sends it)", () => {
    const check = checkOf([query('ids', { type: 'array', items: { enum: ['a', 'b'] }, minItems: 2 })]);
    expect([check.parameters('query', { ids: ['a', 'b'] }), check.parameters('query', { ids: 'a,b' }).map((v) => v.code)]).toEqual([
      [],
      ['minItems', 'enum'],
    ]);
  });

  it('an exploded form-style list that is not sent is absent too', () => {
    const check = checkOf([query('ids', { type: 'array', items: { type: 'string' } }, { explode: true })]);
    expect(check.parameters('query', {})).toEqual([]);
  });

  it("an exploded form-style object is read from the query's names that are its properties", () => {
    const properties = { a: { type: 'integer' }, b: { type: 'integer' } };
    const schema = { type: 'object', properties, required: ['a', 'b'], additionalProperties: false };
    const check = checkOf([query('pair', schema, { explode: true }), query('other', { type: 'string' })]);
    const [good, bad] = [check.parameters('query', { a: '1', b: '2', other: 'x' }), check.parameters('query', { a: '1', b: 'x' })];
    expect([good, bad.map((v) => v.path)]).toEqual([[], [['query', 'pair', 'b']]]);
  });

  it('a parameter written inline on the path, not the operation, is checked against its own schema', () => {
    const parameters = [query('a', { type: 'string' }), query('b', { type: 'integer' })];
    const op = { operationId: 'op', responses: { '204': { description: 'done' } } };
    const doc = { openapi: '3.1.0', info: { title: 'path-level', version: '1' }, paths: { '/op': { parameters, get: op } } };
    expect(
      Validators.of(doc)
        .request('op')
        .parameters('query', { a: 'x', b: 'y' })
        .map((v) => v.path),
    ).toEqual([['query', 'b']]);
  });

  it("each inline parameter is checked against its own schema (the second one's, at its index)", () => {
    const check = checkOf([query('a', { type: 'string' }), query('b', { type: 'integer' })]);
    expect(check.parameters('query', { a: 'x', b: 'y' }).map((v) => v.path)).toEqual([['query', 'b']]);
  });
});

const form = (properties: object, encoding: object) => ({
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties }, encoding } },
});
const urlEncoded = 'application/x-www-form-urlencoded';

describe('form fields and their encoding', () => {
  it('a form-style field whose encoding says explode: false is a comma list', () => {
    // The comma is sent encoded: a raw one is a reserved character (the next test).
    const tags = { type: 'array', items: { enum: ['a', 'b'] } };
    expect(checkOf([], form({ tags }, { tags: { style: 'form', explode: false } })).check(request('tags=a%2Cb', urlEncoded))).toEqual([]);
  });

  it("a form-style field explodes unless its encoding says not (OpenAPI's default): every value sent counts", () => {
    const tags = { type: 'array', items: { enum: ['a', 'b'] }, minItems: 2 };
    expect(checkOf([], form({ tags }, { tags: { style: 'form' } })).check(request('tags=a&tags=b', urlEncoded))).toEqual([]);
  });

  it('a repeated field is its last value unless its schema is a list', () => {
    const check = checkOf([], form({ name: { type: 'string', enum: ['b'] }, tags: { type: 'array', items: { type: 'string' } } }, {}));
    expect(check.check(request('name=a&name=b&tags=x&tags=y', urlEncoded))).toEqual([]);
  });

  it("a field without an encoding of its own is read as sent, not by another field's encoding", () => {
    const list = { type: 'array', items: { type: 'string' } };
    const check = checkOf([], form({ tags: list, other: list }, { tags: { style: 'form' } }));
    expect(check.check(request('tags=a%2Cb&other=a%2Cb', urlEncoded)).map((v) => [v.path, v.code])).toEqual([[['body', 'other'], 'type']]);
  });

  it('an exploded form-style field keeps every value sent under its name', () => {
    const tags = { type: 'array', items: { type: 'string' }, minItems: 2 };
    const check = checkOf([], form({ tags }, { tags: { style: 'form', explode: true } }));
    expect(check.check(request('tags=a&tags=b', urlEncoded))).toEqual([]);
  });

  it('a reserved character is refused unless the encoding allows it', () => {
    const properties = { link: { type: 'string' } };
    const refused = checkOf([], form(properties, { link: { contentType: 'text/plain' } })).check(request('link=a/b', urlEncoded));
    const allowed = checkOf([], form(properties, { link: { allowReserved: true } })).check(request('link=a/b', urlEncoded));
    expect([refused.map((v) => v.message), allowed]).toEqual([['Reserved characters used in request body'], []]);
  });

  it('a + in a multipart value is a plus sign, not a space', () => {
    const body = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { sum: { const: '1+1' } } } } } };
    const text = ['--b', 'Content-Disposition: form-data; name="sum"', '', '1+1', '--b--', ''].join('\r\n');
    expect(checkOf([], body).check(request(text, 'multipart/form-data; boundary=b'))).toEqual([]);
  });
});

describe('a whole request', () => {
  it("reports the body's, then the headers', the query's and the path's violations", () => {
    const params = [
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      query('page', { type: 'integer' }),
      { name: 'X-Code', in: 'header', schema: { type: 'integer' } },
    ];
    const body = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    const sent = { params: { id: 'x' }, query: { page: 'y' }, headers: { 'x-code': 'z' }, body: undefined };
    expect(
      checkOf(params, body)
        .check(sent)
        .map((v) => v.path?.[0] ?? v.code),
    ).toEqual(['required', 'header', 'query', 'path']);
  });

  it('a multipart body whose Content-Type names no boundary is refused with 415, saying so', () => {
    const body = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    const [refusal] = checkOf([], body).check(request('--b--', 'multipart/form-data'));
    expect([refusal.code, refusal.message.startsWith('Boundary parameter for multipart/form-data is not defined')]).toEqual([415, true]);
  });
});

describe('a body of a type the operation does not take', () => {
  it('is refused with 415, naming every type it takes', () => {
    const body = { content: { 'application/json': { schema: { type: 'object' } }, [urlEncoded]: { schema: { type: 'object' } } } };
    expect(checkOf([], body).check(request('<p>', 'text/html'))).toEqual([
      { message: `Supported content types: application/json,${urlEncoded}`, code: 415, severity: 0 },
    ]);
  });
});

describe('request bodies the contract does not describe', () => {
  it('an operation without a request body: a JSON body checked on its own breaks nothing', () => {
    expect(checkOf([]).jsonBody({ anything: 1 })).toEqual([]);
  });

  it('a request body whose content names no media type: a body sent is not read', () => {
    expect(checkOf([], { content: {} }).check(request('{"a":1}'))).toEqual([]);
  });

  it('a form content without a schema: its fields are not checked', () => {
    expect(checkOf([], { content: { [urlEncoded]: {} } }).check(request('a=1', urlEncoded))).toEqual([]);
  });

  it('a body is checked against the schema of the type it was sent as, not the first one declared', () => {
    const json = { schema: { type: 'object', required: ['a'] } };
    const urlencoded = { schema: { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] } };
    expect(checkOf([], { content: { 'application/json': json, [urlEncoded]: urlencoded } }).check(request('b=1', urlEncoded))).toEqual([]);
  });

  it('a form value that does not decode is kept as sent', () => {
    const check = checkOf([], {
      content: { [urlEncoded]: { schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } },
    });
    expect(check.check(request('a=%E0%A4%A', urlEncoded))).toEqual([]);
  });
});
