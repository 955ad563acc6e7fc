// The repository's one Ajv set-up (lib/contract/ajv.ts): every error of a value is collected, formats
// are checked, and in strict mode (the repository's own schemas: extensions, Arazzo) a schema may
// still use a list of types and properties that a pattern of patternProperties also matches.
import { describe, expect, it } from 'vitest';
import { newAjv } from '../../lib/contract/ajv.js';

describe('newAjv', () => {
  it('collects every error of a value, not only the first', () => {
    const validate = newAjv().compile({ type: 'object', required: ['a', 'b'] });
    expect(validate({})).toBe(false);
    expect(validate.errors?.map((e) => e.params)).toEqual([{ missingProperty: 'a' }, { missingProperty: 'b' }]);
  });

  it('refuses a value that breaks its format', () => {
    const validate = newAjv().compile({ type: 'string', format: 'email' });
    expect([validate('ann@example.com'), validate('ann')]).toEqual([true, false]);
  });

  it('accepts a list of types in strict mode', () => {
    const validate = newAjv({ strict: true }).compile({ type: ['string', 'integer'] });
    expect([validate(1), validate(1.5)]).toEqual([true, false]);
  });

  it('accepts in strict mode a property that a pattern of patternProperties matches too', () => {
    const schema = { type: 'object', properties: { foo: { type: 'string' } }, patternProperties: { '^f': { type: 'string' } } };
    const validate = newAjv({ strict: true }).compile(schema);
    expect([validate({ foo: 'x' }), validate({ foo: 1 })]).toEqual([true, false]);
  });
});
