// Each x-state-machine is consistent with its status schema, with the operations it names, and
// with the named examples: every state of every machine has an example a poll can return.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationsOf, pointer } from './support/contract.js';

const doc = loadContract();
const byId = new Map(operationsOf(doc).map((o) => [o.operation.operationId, o]));
const machines = Object.entries<any>(doc.components!.schemas!).filter(([, s]) => s['x-state-machine']);

function pollExampleStatuses(machine: any): unknown[] {
  const out: unknown[] = [];
  for (const id of machine.pollOperationIds) {
    const { operation } = byId.get(id)!;
    const success = Object.entries<any>(operation.responses).find(([c]) => /^2/.test(c))![1];
    for (const ex of Object.values<any>(deref(doc, success).content['application/json'].examples)) {
      out.push(pointer(deref(doc, ex).value, machine.statusLocation));
    }
  }
  return out;
}

describe('state machines', () => {
  it('covers every state machine of the source', () => {
    expect(machines.map(([n]) => n).sort()).toEqual([
      'AutoTopupPreference',
      'CharacterStatus',
      'FacelessVideoStatus',
      'LaunchClipStatus',
      'StoryboardVideoStatus',
      'TextToVideoAssetStatus',
      'VoiceCloneStatus',
    ]);
  });

  describe.each(machines)('%s', (_name, schema) => {
    const m = schema['x-state-machine'];
    const states: string[] = m.states;

    it('lists exactly the enum of its schema, or is marked open with the states in examples', () => {
      if (schema.enum) expect([...states].sort()).toEqual([...schema.enum].sort());
      else if (m.stateValues) expect(Object.keys(m.stateValues).sort()).toEqual([...states].sort());
      else {
        expect(m.open).toBe(true);
        expect(schema['x-unspecified']).toBeTruthy();
        expect(schema.examples).toEqual(expect.arrayContaining(states));
      }
    });

    it('has initial, terminal, success and failure states among its states', () => {
      if (m.initial !== null) expect(states).toContain(m.initial);
      for (const s of [...m.terminal, ...m.success, ...m.failure]) expect(states).toContain(s);
      for (const s of [...m.success, ...m.failure]) expect(m.terminal).toContain(s);
    });

    it('has transitions between known states, triggered by operations that exist', () => {
      expect(m.transitions.length).toBeGreaterThan(0);
      for (const t of m.transitions) {
        if (t.from !== null) expect(states).toContain(t.from);
        if (t.to !== null) expect(states).toContain(t.to);
        else expect(t['x-unspecified']).toBeTruthy();
        for (const id of t.operationIds ?? []) expect(byId.has(id), id).toBe(true);
        expect(t.operationIds?.length || t.automatic).toBeTruthy();
      }
      for (const s of m.terminal) {
        // a terminal state leaves only by a client action (an operation), never automatically
        expect(m.transitions.filter((t: any) => t.from === s && t.automatic)).toEqual([]);
      }
    });

    it('is polled by operations that exist and return the status at statusLocation', () => {
      for (const id of m.pollOperationIds) expect(byId.has(id), id).toBe(true);
      const seen = pollExampleStatuses(m).map((v) => (m.stateValues ? Object.keys(m.stateValues).find((k) => m.stateValues[k] === v) : v));
      for (const state of states) expect(seen, `an example showing ${state}`).toContain(state);
    });
  });

  // An open machine (the source shows no table) has none to carry.
  const closed = machines.filter(([, schema]) => !schema['x-state-machine'].open);
  it('has closed machines', () => expect(closed.length).toBeGreaterThan(0));
  it.each(closed)('%s carries the source table in its description', (_name, schema) => {
    expect(schema.description ?? '').toMatch(/\| from \| trigger \| condition \| to \| other effects \|/);
  });
});
