// Response range keys (`2XX`, `5XX`) as api-smart-diff can compare them. The library compares an
// operation's responses only under the keys it knows (`200`, `2xx`): one written `2XX` yields no
// entry at all, whatever changes inside it. Both documents are given with such keys written in
// lower case (`2xx`), and every place the library reports is given back as the document writes it
// (`2XX`), in its entries and in its merged document, so the rules, messages and pointers see the
// key as written.
import { parsePointer, readPointer, toPointer } from '../../lib/contract/index.js';

const RANGE = /^[1-5]XX$/;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object';

/** The places where a document writes a range key upper case: `<pointer of the responses map>|2xx`. */
export type Written = Set<string>;

/** An operation's responses map with its range keys lowered (a copy), or the map itself. */
function lowerResponses(responses: Node, at: string[], written: Written): Node {
  const ranges = Object.keys(responses).filter((k) => RANGE.test(k) && !(k.toLowerCase() in responses));
  if (!ranges.length) return responses;
  const out: Node = {};
  for (const [k, v] of Object.entries(responses)) {
    if (!ranges.includes(k)) out[k] = v;
    else {
      out[k.toLowerCase()] = v;
      written.add(`${toPointer(at)}|${k.toLowerCase()}`);
    }
  }
  return out;
}

/** `node` with every operation's range keys lowered (callbacks and webhooks included); the nodes on
 *  the way to a changed map are copied, the rest shared. */
function lowered(node: unknown, at: string[], written: Written): unknown {
  if (Array.isArray(node)) {
    const items = node.map((v, i) => lowered(v, [...at, String(i)], written));
    return items.some((v, i) => v !== node[i]) ? items : node;
  }
  if (!isNode(node)) return node;
  let copy: Node | undefined;
  for (const [k, v] of Object.entries(node)) {
    const next =
      k === 'responses' && isNode(v) && !Array.isArray(v) && METHODS.has(at.at(-1) ?? '')
        ? lowerResponses(v, [...at, k], written)
        : lowered(v, [...at, k], written);
    if (next !== v) {
      copy ??= { ...node };
      copy[k] = next;
    }
  }
  return copy ?? node;
}

/** The document as the library compares it, and the places whose range keys were lowered. */
export function lowerRanges(doc: object): { doc: object; written: Written } {
  const written: Written = new Set();
  return { doc: lowered(doc, [], written) as object, written };
}

/** The keys of a reported place, with each lowered range key written as the documents write it. */
export function writtenKeys(keys: readonly string[], written: Written): string[] {
  return keys.map((k, i) =>
    i > 0 && keys[i - 1] === 'responses' && written.has(`${toPointer(keys.slice(0, i))}|${k}`) ? k.toUpperCase() : k,
  );
}

/** Renames the lowered range keys of the library's merged document back, in place. */
export function restoreMerged(merged: unknown, written: Written): void {
  for (const entry of written) {
    const cut = entry.lastIndexOf('|');
    const [pointer, key] = [entry.slice(0, cut), entry.slice(cut + 1)];
    const responses = readPointer(merged, parsePointer(pointer));
    if (!isNode(responses) || !(key in responses) || key.toUpperCase() in responses) continue;
    responses[key.toUpperCase()] = responses[key];
    delete responses[key];
  }
}
