// The tables of lib/contract/request-check.ts (the places parameters stand, the form media types,
// the reserved characters, the scalar types, the missing-boundary message) are built when the
// module loads. This file loads the contract library afresh inside its test, so that the mutation
// run (which switches one mutant on while a test runs) checks them too. In a file of its own: it
// resets the module registry.
import { expect, it, vi } from 'vitest';

const form = (properties: object, encoding: object = {}) => ({
  content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties }, encoding } },
});

it('a freshly loaded request check reads each place, form bodies, reserved characters, scalars and a missing boundary', async () => {
  vi.resetModules();
  const { Validators } = await import('../../lib/contract/index.js');
  const checkOf = (parameters: object[], requestBody?: object) => {
    const responses = { '204': { description: 'done' } };
    const doc = {
      openapi: '3.1.0',
      info: { title: 'fresh', version: '1' },
      paths: { '/op': { post: { operationId: 'op', parameters, requestBody, responses } } },
    };
    return Validators.of(doc).request('op');
  };
  const sent = (body: string, type: string) => ({
    params: {},
    query: {},
    headers: { 'content-type': type, 'content-length': String(body.length) },
    body,
  });
  const integer = { type: 'integer' };
  const places = checkOf([
    { name: 'X-N', in: 'header', schema: integer },
    { name: 'n', in: 'query', schema: integer },
    { name: 'f', in: 'query', schema: { type: 'number' } },
    { name: 'b', in: 'query', schema: { type: 'boolean' } },
    { name: 'id', in: 'path', required: true, schema: integer },
  ]);
  expect(
    places.check({ params: { id: 'p' }, query: { n: 'q' }, headers: { 'x-n': 'h' }, body: undefined }).map((v) => v.path?.[0]),
  ).toEqual(['header', 'query', 'path']);
  expect(places.emptyQueryParameters({ n: '', f: '', b: '' })).toEqual(['n', 'f', 'b']);
  const link = checkOf([], form({ link: { type: 'string' } }, { link: { contentType: 'text/plain' } }));
  const urlEncoded = 'application/x-www-form-urlencoded';
  expect([link.check(sent('link=a/b', urlEncoded)).length, link.check(sent('link=ab', urlEncoded))]).toEqual([1, []]);
  const sum = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { sum: { const: '1+1' } } } } } };
  const part = ['--b', 'Content-Disposition: form-data; name="sum"', '', '1+1', '--b--', ''].join('\r\n');
  expect(checkOf([], sum).check(sent(part, 'multipart/form-data; boundary=b'))).toEqual([]);
  expect(checkOf([], sum).check(sent(part, 'multipart/form-data'))[0].message).toMatch(/^Boundary parameter for multipart\/form-data/);
});
