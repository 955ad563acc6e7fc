// Operations whose path or method the source does not show (`x-unspecified-scope: [operation]`,
// openapi/EXTENSIONS.md) are guesses. Wherever such an operation surfaces (the reference docs,
// the generated types and so the client's paths, the client's operation facts) it carries the
// same note, made here from the contract's own `x-unspecified` text, never written by hand.
import { isGuessedOperation } from '../../lib/contract/index.js';

type Json = any; // one operation object of the bundle

export const UNCONFIRMED_LABEL = 'Unconfirmed';

/** True when the operation itself (its path or method) is a guess: the leniency rule's own test. */
export { isGuessedOperation };

/** The one-line note: what is not shown, and that the operation may not exist as modelled. */
export function unconfirmedNote(op: Json): string {
  const why = String(op['x-unspecified'] ?? 'The source does not show this operation.')
    .replace(/\s+/g, ' ')
    .trim();
  return `${UNCONFIRMED_LABEL} (x-unspecified): ${why} This path or method is the contract's guess; the real API may differ.`;
}

/**
 * A copy of the bundle where every guessed operation's summary starts with "Unconfirmed:" and its
 * description with the note, for outputs that show summary and description (openapi-typescript
 * turns them into JSDoc on `paths` and `operations`).
 */
export function withUnconfirmedNotes(doc: Json): Json {
  const copy = structuredClone(doc);
  for (const item of Object.values<Json>(copy.paths ?? {})) {
    for (const op of Object.values<Json>(item)) {
      if (!op || typeof op !== 'object' || !isGuessedOperation(op)) continue;
      op.summary = `${UNCONFIRMED_LABEL}: ${op.summary ?? op.operationId}`;
      op.description = [unconfirmedNote(op), op.description].filter(Boolean).join('\n\n');
    }
  }
  return copy;
}
