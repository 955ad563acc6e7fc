// The mock and the validating proxy read each state machine through one interpreter
// (lib/contract/lifecycle.ts). This proves they agree, in-process and on the mock's own clock:
// every run the mock simulates (to success, to failure with the mock's failure marker, and forced
// by its control plane) is one the proxy's lifecycle checker accepts, and the refunds the mock
// pays are exactly the refunds the checker expects.
import { describe, expect, it } from 'vitest';
import { Lifecycle } from '../../lib/contract/index.js';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { FAIL_MARKER, Machines } from '../../mock/state/machines.js';
import { type Account, type Resource, Store } from '../../mock/state/store.js';
import { LifecycleTracker } from '../../qa/checker/lifecycle.js';

const STEP = 1000;
const CHARGE = 7;
const contract = mockContract();
const machines = new Machines(contract, STEP);

/** Each machine with the operation that starts a job on a new resource, and that operation's example data. */
const starts = machines.jobMachines().map((machine) => {
  const transition = machine.transitions.find((t) => t.from === null && t.operationIds?.length)!;
  const opId = transition.operationIds![0];
  const example = Object.values(contract.examples(operationFromContract(contract, opId)))[0];
  return { name: machine.name, machine, transition, opId, triggerData: example?.data as Record<string, any> | undefined };
});

function world(failing: boolean) {
  const account: Account = new Store(() => 100).fresh('agreement', 'paid');
  const resource: Resource = {
    family: '',
    id: 1,
    data: {},
    texts: failing ? { prompt: `please ${FAIL_MARKER}` } : {},
    scraped: false,
    path: '/x/1',
  };
  return { account, resource, tracker: new LifecycleTracker(contract) };
}

/** What a client polling the resource sees, judged by the checker: findings and promised refunds. */
function observe(tracker: LifecycleTracker, opId: string, resource: Resource) {
  return tracker.observe('agreement', opId, String(resource.id), { data: structuredClone(resource.data) });
}

describe('the mock and the checker agree on every lifecycle', () => {
  it.each(
    starts.flatMap((s) => [
      { ...s, failing: false },
      { ...s, failing: true },
    ]),
  )(
    '$name: a run to its end (failing: $failing) is accepted, and refunded exactly when expected',
    ({ name, machine, transition, opId, triggerData, failing }) => {
      expect.hasAssertions();
      const { account, resource, tracker } = world(failing);
      resource.family = name;
      const findings: string[] = [];
      let promised = 0;
      const take = (o: ReturnType<typeof observe>) => {
        findings.push(...o.findings.map((f) => `${f.kind}: expected ${f.expected}, got ${f.got}`));
        promised += o.refunds.length;
      };
      machines.start(name, transition, resource, 0, { amount: CHARGE, label: 'test', contentType: 'test' }, triggerData);
      take(observe(tracker, opId, resource));
      const poll = machine.pollOperationIds[0];
      let now = 0;
      for (let step = 0; step < 20 && machines.advance(account, resource, now); step += 1) {
        now += STEP;
        take(observe(tracker, poll, resource));
      }
      machines.advance(account, resource, now);
      take(observe(tracker, poll, resource));
      const refunded = account.balance - 100;
      expect(findings).toEqual([]);
      expect(refunded).toBe(promised * CHARGE);
      const rules = new Lifecycle(machine);
      const end = machines.stateOf(resource);
      // A machine without a failure state (the source names none) ends in success even when asked to fail.
      const wanted = failing && machine.failure.length ? machine.failure : machine.success;
      if (end && rules.isTerminal(end)) expect(wanted).toContain(end);
    },
  );

  it('refunds a forced state exactly when the checker, watching the same change, expects a refund', () => {
    expect.hasAssertions();
    const disagreements: string[] = [];
    for (const { name, machine, transition, opId, triggerData } of starts) {
      const rules = new Lifecycle(machine);
      for (const from of machine.states) {
        for (const to of machine.states) {
          if (from === to || rules.isTerminal(from)) continue;
          const { account, resource, tracker } = world(false);
          resource.family = name;
          machines.start(name, transition, resource, 0, { amount: CHARGE, label: 'test', contentType: 'test' }, triggerData);
          observe(tracker, opId, resource);
          machines.force(account, resource, from, 0);
          const before = observe(tracker, machine.pollOperationIds[0], resource).refunds.length;
          const paid = machines.force(account, resource, to, 0);
          const after = observe(tracker, machine.pollOperationIds[0], resource).refunds.length;
          if (before === 0 && paid > 0 !== after > 0)
            disagreements.push(`${name} ${from}->${to}: mock paid ${paid}, checker expected ${after}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
