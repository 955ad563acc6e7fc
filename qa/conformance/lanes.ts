// CONFORMANCE_TOKENS: a run spread over several accounts of one deployment. Each token is a lane
// with its own rate budget (its own throttle), its own seeded resources and its own Schemathesis
// processes. The work is cut into units that lanes take from one queue as they become free:
// - the per-operation phases (examples, coverage, fuzzing) in small batches of operations, since
//   each operation is tested on its own there;
// - the stateful phase once per group of operations joined by OpenAPI links, so every sequence
//   (create, then read, update, render the same resource) runs on the token that created it.
// Pure planning here; run.ts starts the processes.
import type { OperationFact } from './contract-facts.js';

export const PER_OPERATION_PHASES = ['examples', 'coverage', 'fuzzing'];
export const STATEFUL_PHASE = 'stateful';

export interface Unit {
  /** For the log: what this unit tests. */
  label: string;
  operationIds: string[];
  phases: string[];
}

/** Batches per lane: enough that the lanes finish close together (8 lanes over the whole contract: one operation each). */
const BATCHES_PER_LANE = 8;

/** Groups of selected operations joined by links (either direction); single operations are left out. */
export function linkedGroups(selected: OperationFact[]): string[][] {
  const ids = new Set(selected.map((f) => f.operationId));
  const parent = new Map([...ids].map((id) => [id, id]));
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  for (const f of selected) for (const target of f.links) if (ids.has(target)) parent.set(root(target), root(f.operationId));
  const groups = new Map<string, string[]>();
  for (const f of selected) groups.set(root(f.operationId), [...(groups.get(root(f.operationId)) ?? []), f.operationId]);
  return [...groups.values()].filter((g) => g.length > 1).sort((a, b) => b.length - a.length);
}

/**
 * The units of a run over `lanes` tokens: stateful groups first (the longest units, so no lane is
 * left with one at the end), then the per-operation batches.
 */
export function planUnits(selected: OperationFact[], phases: string[], lanes: number): Unit[] {
  const units: Unit[] = [];
  if (phases.includes(STATEFUL_PHASE)) {
    for (const group of linkedGroups(selected)) {
      units.push({ label: `stateful: ${group[0]} and ${group.length - 1} linked`, operationIds: group, phases: [STATEFUL_PHASE] });
    }
  }
  const perOperation = phases.filter((p) => p !== STATEFUL_PHASE);
  if (perOperation.length) {
    const ops = [...selected].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
    const size = Math.max(1, Math.ceil(ops.length / (lanes * BATCHES_PER_LANE)));
    for (let i = 0; i < ops.length; i += size) {
      const batch = ops.slice(i, i + size).map((f) => f.operationId);
      units.push({ label: `${perOperation.join(', ')}: ${batch.join(', ')}`, operationIds: batch, phases: perOperation });
    }
  }
  return units;
}

/**
 * Runs the units on the lanes: each lane takes the next unit as soon as it is free. Resolves when
 * every lane is done; `stopped` ends the lanes before their next unit.
 */
export async function runOnLanes<L>(
  units: Unit[],
  lanes: L[],
  run: (unit: Unit, lane: L, index: number) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < units.length && !stopped()) {
        const index = next++;
        await run(units[index], lane, index);
      }
    }),
  );
}

/** One JUnit document from the units' reports: each unit's suite kept, named after its lane and unit. */
export function mergeJUnit(parts: { name: string; xml: string }[]): string {
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const part of parts) {
    for (const suite of part.xml.matchAll(/<testsuite\b([^>]*)>([\s\S]*?)<\/testsuite>/g)) {
      const attrs = suite[1];
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
        totals[key] += Number(new RegExp(`\\b${key}="(\\d+)"`).exec(attrs)?.[1] ?? 0);
      }
      suites.push(`  <testsuite${attrs.replace(/\bname="[^"]*"/, `name="${xmlAttr(part.name)}"`)}>${suite[2]}</testsuite>`);
    }
  }
  const head = `<testsuites tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}">`;
  return ['<?xml version="1.0" encoding="utf-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A token as the log shows it: never whole. */
export const maskToken = (token: string) => (token.length > 8 ? `…${token.slice(-4)}` : '…');

/** Spreads the flows over the lanes, one list per lane (round robin). */
export function spread<T>(items: T[], lanes: number): T[][] {
  const out: T[][] = Array.from({ length: lanes }, () => []);
  for (const [i, item] of items.entries()) out[i % lanes].push(item);
  return out;
}
