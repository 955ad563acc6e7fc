// The document's servers, compared server by server. A list compared by position says that removing
// the first server changed every one after it (its URL, its description, its guesses); so servers are
// paired first by URL, then by description, then in the order left, and each pair compared as one.
// A server's path is part of every call's URL (the `/v2` base path); its host (a variable here, the
// source shows none) is the deployment's, so everything else about a server is docs.
import { basePathOf, toPointer } from '../../lib/contract/index.js';
import { extensionNotes } from './extensions.js';
import type { RawChange } from './openapi.js';
import { show } from './schema-rules.js';
import { isObject, same } from './types.js';

type Server = Record<string, unknown>;

const serversOf = (doc: object): Server[] => {
  const list = (doc as { servers?: unknown }).servers;
  return Array.isArray(list) ? list.filter(isObject) : [];
};

/** [base index, head index] of each pair, and the servers left on each side. */
export function pairServers(base: Server[], head: Server[]): { pairs: Array<[number, number]>; removed: number[]; added: number[] } {
  const pairs: Array<[number, number]> = [];
  const freeBase = base.map((_, i) => i);
  const freeHead = head.map((_, i) => i);
  const pairBy = (match: (b: Server, h: Server) => boolean) => {
    for (const b of [...freeBase]) {
      const h = freeHead.find((i) => match(base[b], head[i]));
      if (h === undefined) continue;
      pairs.push([b, h]);
      freeBase.splice(freeBase.indexOf(b), 1);
      freeHead.splice(freeHead.indexOf(h), 1);
    }
  };
  pairBy((b, h) => b.url === h.url);
  pairBy((b, h) => b.description !== undefined && b.description === h.description);
  pairBy(() => true);
  return { pairs, removed: freeBase, added: freeHead };
}

function urlChange(pointer: string, was: unknown, now: unknown): RawChange {
  const [from, to] = [basePathOf(String(was)), basePathOf(String(now))];
  if (from !== to)
    return {
      class: 'breaking',
      pointer,
      message: `The base path of the server ${String(was)} changes from ${from || '/'} to ${to || '/'}: every call's URL changes.`,
    };
  return { class: 'docs', pointer, message: `The server ${String(was)} is now written ${String(now)} (its host only).` };
}

/** Every value that differs under two servers, extensions left out (extensionNotes says those). */
function fieldChanges(was: unknown, now: unknown, keys: string[], label: string, out: RawChange[]): RawChange[] {
  if (same(was, now)) return out;
  if (isObject(was) && isObject(now)) {
    for (const k of new Set([...Object.keys(was), ...Object.keys(now)]))
      if (!k.startsWith('x-')) fieldChanges(was[k], now[k], [...keys, k], label, out);
    return out;
  }
  const [verb, value] = was === undefined ? ['Added', now] : now === undefined ? ['Removed', was] : ['Changed', now];
  const shown = value === undefined || typeof value === 'object' ? '' : ` = ${show(value)}`;
  out.push({ class: 'docs', pointer: toPointer(keys), message: `${verb} ${keys.slice(2).join('.')}${shown} of the server ${label}.` });
  return out;
}

const named = (server: Server) => `${String(server.url)}${typeof server.description === 'string' ? ` (${server.description})` : ''}`;

export function serverChanges(baseDoc: object, headDoc: object): RawChange[] {
  const [base, head] = [serversOf(baseDoc), serversOf(headDoc)];
  const { pairs, removed, added } = pairServers(base, head);
  const out: RawChange[] = [];
  for (const [b, h] of pairs) {
    const at = ['servers', String(h)];
    const [was, now] = [base[b], head[h]];
    if (!same(was.url, now.url)) out.push(urlChange(toPointer([...at, 'url']), was.url, now.url));
    fieldChanges({ ...was, url: undefined }, { ...now, url: undefined }, at, String(was.url), out);
    out.push(...extensionNotes(was, now, at));
  }
  for (const b of removed)
    out.push({ class: 'docs', pointer: toPointer(['servers', String(b)]), message: `Removed the server ${named(base[b])}.` });
  for (const h of added)
    out.push({ class: 'docs', pointer: toPointer(['servers', String(h)]), message: `Added the server ${named(head[h])}.` });
  return out;
}
