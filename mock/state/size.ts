// The approximate size of stored state, as the bytes of its JSON text: each string counts its
// length, each number, boolean or null 8, each key its length. A walk, not JSON.stringify: a 2 MB
// script is counted by its length without being copied. A text kept in two places counts twice.

/** What the walk reads of a stored resource (store.ts's Resource), and where it keeps the measure. */
export interface MeasuredResource {
  data: unknown;
  texts: unknown;
  job?: unknown;
  bytes?: number;
}

/** What the walk reads of an account (store.ts's Account). */
export interface MeasuredAccount {
  token: string;
  ledger: unknown;
  deleted: unknown;
  previews?: unknown;
  autoTopup?: unknown;
  resources: Map<string, MeasuredResource>;
}

export function approxBytes(value: unknown): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === 'string') total += node.length + 2;
    else if (node === null || typeof node !== 'object') total += 8;
    else if (node instanceof Map) for (const [key, child] of node) stack.push(key, child);
    else if (node instanceof Set) for (const child of node) stack.push(child);
    else
      for (const [key, child] of Object.entries(node)) {
        total += key.length + 3;
        stack.push(child);
      }
  }
  return total;
}

/** One stored resource: its data, the texts sent for it, its job. */
export function resourceBytes(resource: MeasuredResource): number {
  return 64 + approxBytes(resource.data) + approxBytes(resource.texts) + (resource.job ? approxBytes(resource.job) : 0);
}

// Each resource keeps its size as last measured (Resource.bytes). A resource changes only while a
// call holds it, and a call gets it only from its account's ResourceMap (by key, or a new one) or as
// one of the account's running jobs, each of which forgets the measure: the rest are as they were
// measured, so an account of a hundred resources is not walked whole after every call.

/** Forgets a resource's measured size: a call was handed it and may change it. */
export function remeasure(resource: MeasuredResource): void {
  resource.bytes = undefined;
}

/** resourceBytes, measured again only when the resource may have changed since it was last measured. */
export function knownResourceBytes(resource: MeasuredResource): number {
  resource.bytes ??= resourceBytes(resource);
  return resource.bytes;
}

/** One account: its resources (by `measure`: as last measured unless changed), ledger and the rest of what it keeps. */
export function accountBytes(account: MeasuredAccount, measure: (resource: MeasuredResource) => number = knownResourceBytes): number {
  let total = 256 + account.token.length + approxBytes(account.ledger) + approxBytes(account.deleted) + approxBytes(account.previews ?? []);
  if (account.autoTopup) total += approxBytes(account.autoTopup);
  for (const resource of account.resources.values()) total += measure(resource);
  return total;
}
