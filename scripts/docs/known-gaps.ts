// "Known gaps": every place the contract marks with `x-unspecified` (what the source leaves open),
// so readers and QA know what the API does not promise.
import { code } from './markdown.js';
import { isGuessedOperation, toPointer } from '../../lib/contract/index.js';

export interface Gap {
  /** JSON pointer into generated/openapi.json of the object that carries `x-unspecified`. */
  pointer: string;
  /** Where that is, in words (operation, schema, parameter ...). */
  place: string;
  text: string;
  /** The operation itself (its path or method) is a guess (x-unspecified-scope: operation). */
  guess: boolean;
}

export function describe(keys: string[]): string {
  if (keys[0] === 'paths' && keys.length >= 3) {
    const rest = keys.slice(3).join(' › ');
    return `${keys[2].toUpperCase()} ${keys[1]}${rest ? ` › ${rest}` : ''}`;
  }
  if (keys[0] === 'paths' && keys.length === 2) return `path ${keys[1]}`;
  if (keys[0] === 'components' && keys.length >= 3) {
    const kind = keys[1].replace(/s$/, '');
    const rest = keys
      .slice(3)
      .filter((k) => k !== 'properties')
      .join(' › ');
    return `${kind} ${keys[2]}${rest ? ` › ${rest}` : ''}`;
  }
  return keys.length ? keys.join(' › ') : 'document';
}

/** Every `x-unspecified`, in document order. */
export function knownGaps(doc: object): Gap[] {
  const gaps: Gap[] = [];
  const walk = (node: unknown, keys: string[]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...keys, String(i)]);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-unspecified')
        gaps.push({ pointer: toPointer(keys), place: describe(keys), text: String(value), guess: isGuessedOperation(node) });
      else walk(value, [...keys, key]);
    }
  };
  walk(doc, []);
  return gaps;
}

export function knownGapsMarkdown(gaps: Gap[]): string {
  const guesses = gaps.filter((g) => g.guess).length;
  return [
    `The source leaves these ${gaps.length} places unspecified ("not shown"). The contract models each one`,
    'leniently and marks it with `x-unspecified`; nothing here is promised, and a conformance run against',
    `staging does not verify it. In the **guess** column, **operation** marks the ${guesses} operations whose path`,
    'or method is itself a guess (shown with an "Unconfirmed" badge); **detail** marks an open detail of a shown',
    'place. Each gap ends with its JSON pointer into `generated/openapi.json`.',
    '',
    // Three columns, so the table fits the page's middle column without scrolling sideways.
    '| # | guess | place: what is not shown |',
    '| --- | --- | --- |',
    ...gaps.map(
      (g, i) => `| ${i + 1} | ${g.guess ? '**operation**' : 'detail'} | **${cell(g.place)}**: ${cell(g.text)} ${code(g.pointer || '/')} |`,
    ),
  ].join('\n');
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return inline(text).replace(/\|/g, '\\|');
}

/** One line of markdown: no newlines. */
function inline(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
