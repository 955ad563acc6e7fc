// `--shard <i>/<n>` (or CONFORMANCE_SHARD): one machine's deterministic part of a run, so a CI
// matrix of n jobs covers what one run covers. Operations are dealt out as groups: the operations
// OpenAPI links join (linkedGroups) stay in one shard, so the stateful phase's sequences are whole;
// every other operation is a group of its own. Groups are dealt largest first, each to the shard
// with the fewest operations so far (ties to the lower index), by operationId order: the same
// contract and selection always give the same parts. The flows are dealt round robin by name.
// `video-api-conformance merge` (merge.ts) joins the shards' reports.
import type { OperationFact } from './contract-facts.js';
import { linkedGroups } from './lanes.js';

export interface Shard {
  /** 1-based, as written: 2 in `2/4`. */
  index: number;
  count: number;
}

export function parseShard(value: string | undefined): Shard | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  const shard = m ? { index: Number(m[1]), count: Number(m[2]) } : undefined;
  if (!shard || shard.count < 1 || shard.index < 1 || shard.index > shard.count)
    throw new Error(`a shard is <i>/<n> with 1 <= i <= n (e.g. 2/4), got "${raw}"`);
  return shard;
}

/** The operations of each shard (index 0 is shard 1). */
export function dealOperations(selected: OperationFact[], count: number): string[][] {
  const linked = linkedGroups(selected).map((g) => [...g].sort());
  const inGroup = new Set(linked.flat());
  const singles = selected
    .map((f) => f.operationId)
    .filter((id) => !inGroup.has(id))
    .map((id) => [id]);
  const groups = [...linked, ...singles].sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
  const parts: string[][] = Array.from({ length: count }, () => []);
  for (const group of groups) {
    const smallest = parts.reduce((best, part, i) => (part.length < parts[best].length ? i : best), 0);
    parts[smallest].push(...group);
  }
  return parts.map((p) => p.sort());
}

/** This shard's share of a list dealt round robin in name order. */
export function dealByName<T>(items: readonly T[], name: (item: T) => string, shard: Shard): T[] {
  return [...items].sort((a, b) => name(a).localeCompare(name(b))).filter((_, i) => i % shard.count === shard.index - 1);
}
