// The control API's own contract read at run time (mock/control/document.ts): its routes and their
// checks, Ajv's errors as the envelope's `errors` map (field -> messages), and what a control body
// may never hold whatever its schema says (reserved names, numbers JSON cannot carry back, nesting
// past MAX_CONTROL_DEPTH).
import { describe, expect, it } from 'vitest';
import type { AjvError } from '../../lib/contract/index.js';
import { ControlDocument, errorsMap, MAX_CONTROL_DEPTH, RESERVED_KEYS, unsafeFields } from '../../mock/control/document.js';

const document = new ControlDocument();
const route = (operationId: string) => document.routes.find((r) => r.operationId === operationId)!;

describe('routes', () => {
  it('one per operation of the control document, each method of each path', () => {
    const operations = Object.values<any>(document.doc.paths).flatMap((item) =>
      ['get', 'put', 'post', 'patch', 'delete'].filter((m) => item[m]).map((m) => item[m].operationId),
    );
    expect(document.routes.map((r) => r.operationId).sort()).toEqual(operations.sort());
  });

  it('a path parameter is matched and handed on; a wrong method lists the ones the path has', () => {
    expect(document.match('PATCH', '/__mock/accounts/some-token').matched).toMatchObject({
      route: { operationId: 'updateAccount' },
      params: { token: 'some-token' },
    });
    expect(document.match('DELETE', '/__mock/accounts/some-token')).toEqual({ methods: ['GET', 'PATCH'] });
    expect(document.match('GET', '/__mock/nothing-here')).toEqual({ methods: [] });
  });

  it('query values are coerced by their schema, bodies are not', () => {
    const query = { limit: '5' };
    expect(route('listRequests').query!(query)).toBe(true);
    expect(query.limit).toBe(5);
    expect(route('advanceClock').body!({ ms: '5' })).toBe(false);
  });

  it('a route without a body or a query has no check for it', () => {
    expect(route('getClock').body).toBeUndefined();
    expect(route('getClock').query).toBeUndefined();
  });
});

describe('errors as the envelope shows them', () => {
  const error = (e: Partial<AjvError>): AjvError => ({ instancePath: '', schemaPath: '#', keyword: 'type', params: {}, ...e }) as AjvError;

  it('a missing field, an unknown field and a wrong value, each under its own name', () => {
    expect(
      errorsMap([
        error({ keyword: 'required', params: { missingProperty: 'mode' }, message: "must have required property 'mode'" }),
        error({
          keyword: 'additionalProperties',
          params: { additionalProperty: 'colour' },
          message: 'must NOT have additional properties',
        }),
        error({ instancePath: '/accounts/0/credits', keyword: 'minimum', message: 'must be >= 0' }),
        error({
          instancePath: '/accounts/0',
          keyword: 'required',
          params: { missingProperty: 'token' },
          message: "must have required property 'token'",
        }),
      ]),
    ).toEqual({
      mode: ["must have required property 'mode'"],
      colour: ['is not a known field (must NOT have additional properties)'],
      'accounts.0.credits': ['must be >= 0'],
      'accounts.0.token': ["must have required property 'token'"],
    });
  });

  it('two different messages for one field are both kept, in order', () => {
    expect(
      errorsMap([
        error({ instancePath: '/ms', keyword: 'type', message: 'must be integer' }),
        error({ instancePath: '/ms', keyword: 'minimum', message: 'must be >= 0' }),
      ]),
    ).toEqual({ ms: ['must be integer', 'must be >= 0'] });
  });

  it('an error of the whole value is under the prefix given, else under body; the same message once', () => {
    const whole = error({ keyword: 'type', message: 'must be object' });
    expect(errorsMap([whole, whole])).toEqual({ body: ['must be object'] });
    expect(errorsMap([whole], 'query')).toEqual({ query: ['must be object'] });
    expect(errorsMap([error({ message: undefined })])).toEqual({ body: ['is invalid'] });
    expect(errorsMap(null)).toEqual({});
    expect(errorsMap(undefined)).toEqual({});
  });

  it("field names from the request are plain keys, never the map's own members", () => {
    const map = errorsMap([error({ keyword: 'additionalProperties', params: { additionalProperty: '__proto__' }, message: 'x' })]);
    expect(Object.keys(map)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(map)).toBeNull();
  });
});

describe('what a control body may never hold', () => {
  it('nothing to say of an ordinary body', () => {
    expect(unsafeFields({ accounts: [{ token: 't', credits: 3, resources: [{ family: 'faceless', state: 'completed' }] }] })).toEqual({});
    expect(unsafeFields(null)).toEqual({});
    expect(unsafeFields('text')).toEqual({});
  });

  it.each([...RESERVED_KEYS])('the reserved name %s, wherever it is', (key) => {
    const body = JSON.parse(`{"accounts":[{"${key}":1,"token":"t"}]}`);
    expect(unsafeFields(body)).toEqual({ [`accounts.0.${key}`]: ['is a reserved name, not a field of the mock control API'] });
  });

  it('a number JSON cannot carry back, at the top or in a field', () => {
    expect(unsafeFields(Number.POSITIVE_INFINITY)).toEqual({ body: ['must be a finite number'] });
    expect(unsafeFields({ ms: JSON.parse('1e400'), nested: { n: Number.NaN } })).toEqual({
      ms: ['must be a finite number'],
      'nested.n': ['must be a finite number'],
    });
  });

  it(`nesting to ${MAX_CONTROL_DEPTH} levels is fine; one more is named once, at the level it passes`, () => {
    const nest = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i += 1) value = { a: value };
      return value;
    };
    expect(unsafeFields(nest(MAX_CONTROL_DEPTH))).toEqual({});
    const deep = unsafeFields(nest(MAX_CONTROL_DEPTH + 1));
    expect(deep).toEqual({ [Array(MAX_CONTROL_DEPTH).fill('a').join('.')]: [`nests deeper than ${MAX_CONTROL_DEPTH} levels`] });
    expect(Object.keys(unsafeFields(nest(10_000)))).toHaveLength(1);
  });
});
