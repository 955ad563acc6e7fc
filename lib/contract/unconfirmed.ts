// Operations whose path or method the source does not show (`x-unspecified-scope: [operation]`,
// openapi/EXTENSIONS.md) are guesses. Wherever such an operation surfaces (the reference docs, the
// assistants' docs, the generated types and so the client's paths, the client's operation facts)
// it carries the same note, made here from the contract's own `x-unspecified` text, never by hand.
import { isGuessedOperation } from './leniency.js';

type OperationObject = { 'x-unspecified'?: unknown; summary?: string; description?: string; operationId?: string };

export const UNCONFIRMED_LABEL = 'Unconfirmed';

/** The one-line note: what is not shown, and that the operation may not exist as modelled. */
export function unconfirmedNote(op: OperationObject): string {
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
export function withUnconfirmedNotes<T extends { paths?: object }>(doc: T): T {
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths ?? {}) as Array<Record<string, unknown>>) {
    for (const node of Object.values(item ?? {})) {
      if (!node || typeof node !== 'object' || !isGuessedOperation(node)) continue;
      const op = node as OperationObject;
      op.summary = `${UNCONFIRMED_LABEL}: ${op.summary ?? op.operationId}`;
      op.description = [unconfirmedNote(op), op.description].filter(Boolean).join('\n\n');
    }
  }
  return copy;
}
