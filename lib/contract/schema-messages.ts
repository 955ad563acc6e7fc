// The words a schema error is shown in, for a person: Ajv's own message, except where that message
// would show the schema's machinery instead of its meaning. A `pattern` is never shown as its
// regular expression: the schema's `x-pattern-message` (openapi/EXTENSIONS.md) says what the value
// must be ("must be between 5 and 1500 words"); without one, its description does. Reads the schema
// beside the error (Ajv's `parentSchema`, which lib/contract/ajv.ts always keeps).
import type { AjvError } from './ajv.js';

/** The extension that carries a pattern's rule in words. */
export const PATTERN_MESSAGE = 'x-pattern-message';

/** What a value that fails a pattern is told when its schema gives no words for it. */
export const PATTERN_FALLBACK = 'is not in the form this field takes';

/** The message of one schema error, in words (never a raw regular expression). */
export function schemaErrorMessage(error: AjvError): string {
  if (error.keyword === 'pattern') return patternMessage(error.parentSchema);
  return error.message ?? '';
}

function patternMessage(schema: unknown): string {
  const own = (schema as Record<string, unknown> | undefined)?.[PATTERN_MESSAGE];
  if (typeof own === 'string' && own.trim()) return own.trim();
  const description = (schema as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string' && description.trim()) return `${PATTERN_FALLBACK} (${description.trim().replace(/\.$/, '')})`;
  return PATTERN_FALLBACK;
}
