// The field a diff message names (`response field \`data.videos[].id\``), read from the keys inside a
// schema: property names joined with dots, `[]` for an array's items, `*` for a map's values, and the
// schema keywords between them left out.
import { describe, expect, it } from 'vitest';
import { fieldName } from '../../scripts/diff/locate.js';

describe('the field a change is named by', () => {
  it('an array item: `[]` right after the array, no dot', () => {
    expect(fieldName(['properties', 'data', 'properties', 'videos', 'items', 'properties', 'id', 'type'])).toBe('data.videos[].id');
  });

  it('a map value (additionalProperties): `*`', () => {
    expect(fieldName(['properties', 'meta', 'additionalProperties', 'properties', 'cost', 'minimum'])).toBe('meta.*.cost');
  });

  it('a change at the `properties` keyword itself names the object that holds them', () => {
    expect(fieldName(['properties', 'data', 'properties'])).toBe('data');
  });

  it('combinators and keywords are left out of the name', () => {
    expect(fieldName(['allOf', '1', 'properties', 'status', 'enum', '2'])).toBe('status');
  });
});
