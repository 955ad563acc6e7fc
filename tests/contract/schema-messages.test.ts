// The one reading of a schema error's words (lib/contract/schema-messages.ts): a pattern is told by
// its x-pattern-message, else by its description, and never by its regular expression.
import { describe, expect, it } from 'vitest';
import { newAjv, PATTERN_FALLBACK, schemaErrorMessage } from '../../lib/contract/index.js';

function messageFor(schema: object, value: unknown): string[] {
  const validate = newAjv().compile(schema);
  expect(validate(value)).toBe(false);
  return (validate.errors ?? []).map(schemaErrorMessage);
}

describe('schema error messages', () => {
  const words = '^\\S+(\\s+\\S+){2}$';
  it('a pattern with x-pattern-message is told in its words', () => {
    expect(messageFor({ type: 'string', pattern: words, 'x-pattern-message': 'must be three words' }, 'one')).toEqual([
      'must be three words',
    ]);
  });

  it('a pattern without one is told by its description, else plainly; never by the expression', () => {
    expect(messageFor({ type: 'string', pattern: words, description: 'Three words.' }, 'one')).toEqual([
      `${PATTERN_FALLBACK} (Three words)`,
    ]);
    expect(messageFor({ type: 'string', pattern: words }, 'one')).toEqual([PATTERN_FALLBACK]);
  });

  it("any other rule keeps Ajv's words", () => {
    expect(messageFor({ type: 'integer', maximum: 50 }, 51)).toEqual(['must be <= 50']);
  });
});
