// Each x-state-machine is consistent with its status schema, with the operations it names, and
// with the named examples: every state of every machine has an example a poll can return.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationsOf, pointer } from '../support/contract.js';

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

  /**
   * Runs a rule on every machine with a soft expect labelled by the machine's name, so a failure
   * names every machine that breaks the rule, not only the first.
   */
  function everyMachine(check: (e: (value: unknown, what?: string) => any, m: any, states: string[], schema: any) => void): void {
    expect(machines.length).toBeGreaterThan(0);
    for (const [name, schema] of machines) {
      const e = (value: unknown, what?: string) => expect.soft(value, what ? `${name}: ${what}` : name);
      check(e, schema['x-state-machine'], schema['x-state-machine'].states, schema);
    }
  }

  it('every machine lists exactly the enum of its schema, or is marked open with the states in examples', () => {
    everyMachine((e, m, states, schema) => {
      if (schema.enum) e([...states].sort()).toEqual([...schema.enum].sort());
      else if (m.stateValues) e(Object.keys(m.stateValues).sort()).toEqual([...states].sort());
      else {
        e(m.open).toBe(true);
        e(schema['x-unspecified']).toBeTruthy();
        e(schema.examples).toEqual(expect.arrayContaining(states));
      }
    });
  });

  it('every machine has initial, terminal, success and failure states among its states', () => {
    everyMachine((e, m, states) => {
      if (m.initial !== null) e(states).toContain(m.initial);
      for (const s of [...m.terminal, ...m.success, ...m.failure]) e(states).toContain(s);
      for (const s of [...m.success, ...m.failure]) e(m.terminal).toContain(s);
    });
  });

  it('every machine has transitions between known states, triggered by operations that exist', () => {
    everyMachine((e, m, states) => {
      e(m.transitions.length).toBeGreaterThan(0);
      for (const t of m.transitions) {
        if (t.from !== null) e(states).toContain(t.from);
        if (t.to !== null) e(states).toContain(t.to);
        else e(t['x-unspecified'], `transition to null`).toBeTruthy();
        for (const id of t.operationIds ?? []) e(byId.has(id), id).toBe(true);
        e(t.operationIds?.length || t.automatic).toBeTruthy();
      }
      for (const s of m.terminal) {
        // a terminal state leaves only by a client action (an operation), never automatically
        e(m.transitions.filter((t: any) => t.from === s && t.automatic)).toEqual([]);
      }
    });
  });

  it('every machine is polled by operations that exist and return the status at statusLocation', () => {
    everyMachine((e, m, states) => {
      for (const id of m.pollOperationIds) e(byId.has(id), id).toBe(true);
      const seen = pollExampleStatuses(m).map((v) => (m.stateValues ? Object.keys(m.stateValues).find((k) => m.stateValues[k] === v) : v));
      for (const state of states) e(seen, `an example showing ${state}`).toContain(state);
    });
  });

  it('failureLocation points at the failure details every example of a failure state carries', () => {
    const withFailure = machines.filter(([, schema]) => schema['x-state-machine'].failureLocation);
    expect(withFailure.map(([n]) => n).sort()).toEqual(['FacelessVideoStatus', 'LaunchClipStatus', 'TextToVideoAssetStatus']);
    for (const [name, schema] of withFailure) {
      const m = schema['x-state-machine'];
      const examples = m.pollOperationIds.flatMap((id: string) => {
        const success = Object.entries<any>(byId.get(id)!.operation.responses).find(([c]) => /^2/.test(c))![1];
        return Object.values<any>(deref(doc, success).content['application/json'].examples).map((ex) => deref(doc, ex).value);
      });
      const failed = examples.filter((body: any) => m.failure.includes(pointer(body, m.statusLocation)));
      expect.soft(failed.length, name).toBeGreaterThan(0);
      for (const body of failed as any[]) expect.soft(pointer(body, m.failureLocation), name).toBeTruthy();
    }
  });

  // An open machine (the source shows no table) has none to carry.
  const closed = machines.filter(([, schema]) => !schema['x-state-machine'].open);
  it('every closed machine carries the source table in its description', () => {
    expect(closed.length).toBeGreaterThan(0);
    for (const [name, schema] of closed) {
      expect.soft(schema.description ?? '', name).toMatch(/\| from \| trigger \| condition \| to \| other effects \|/);
    }
  });
});
