// State machines over time. For every resource the proxy sees polled (a machine's
// pollOperationIds, status read at its statusLocation) or started (an operation listed on one of
// its transitions), each observed status must be a state of the machine's x-state-machine; each
// change between two observations must be a transition the machine allows, or a chain of
// automatic ones; a terminal state must not change unless a client action started a new run.
// Where the machine is open (the source does not show every state), an unnamed status is not a
// failure, and a transition whose target is not shown (`to: null`) allows anything.
// What each machine means (status place, named states, reachable states, the refund rule) is the
// contract model's one reading (lib/contract/lifecycle.ts), the same the mock simulates with.
import {
  type ContractModel,
  Lifecycle,
  machinePolledBy,
  machinesTriggeredBy,
  type StateMachine,
  type Transition,
  templateParams,
} from '../../lib/contract/index.js';

export interface LifecycleFinding {
  kind: 'state' | 'transition' | 'terminal';
  resource: string;
  expected: string;
  got: string;
}

/** A resource entered a state that a refunding transition leads to (e.g. a failed clip). */
export interface RefundPromise {
  resource: string;
  account: string;
  transition: Transition;
  machine: StateMachine;
  /** The operation that started the run (whose charge is refunded), if the proxy saw it. */
  trigger?: string;
}

interface Tracked {
  /** Last observed state (a named state), or undefined before any. */
  last?: string;
  /** Last observed raw value when it was not a named state of an open machine. */
  lastUnnamed?: unknown;
  /** Set by a client action that (re)starts the machine: what the next observation may show. */
  started?: { operationId: string; allowed: Set<string> | 'any' };
  /** States already observed, so a refund is promised once per entry into a refunding state. */
  refundedStates: Set<string>;
  trigger?: string;
}

export class LifecycleTracker {
  private readonly resources = new Map<string, Tracked>();
  private readonly byPoll = new Map<string, StateMachine>();
  private readonly byTrigger = new Map<string, StateMachine[]>();
  private readonly rules = new Map<string, Lifecycle>();

  /** Called on every observed change of a resource's state (`from` undefined: this observer saw none before). */
  onChange?: (machine: string, from: string | null | undefined, to: string) => void;

  constructor(private readonly contract: ContractModel) {
    const machines = contract.stateMachines();
    for (const machine of machines) this.rules.set(machine.name, new Lifecycle(machine));
    // Which machine each operation polls or triggers: the contract model's one answer, looked up once.
    for (const { id } of contract.operations()) {
      const polled = machinePolledBy(machines, id);
      if (polled) this.byPoll.set(id, polled);
      const triggered = machinesTriggeredBy(machines, id);
      if (triggered.length) this.byTrigger.set(id, triggered);
    }
  }

  /** The machine an operation polls, else the first whose transition it starts (looked up once, at construction). */
  machineOf(operationId: string): StateMachine | undefined {
    return this.byPoll.get(operationId) ?? this.byTrigger.get(operationId)?.[0];
  }

  private rule(machine: StateMachine): Lifecycle {
    return this.rules.get(machine.name) as Lifecycle;
  }

  /** States reachable from `state` by automatic transitions, `state` included. */
  reachable(machine: StateMachine, state: string): Set<string> {
    return this.rule(machine).reachable(state);
  }

  /**
   * One successful exchange. `resourceId` is the resource's path parameter (or, for a create,
   * the `id` of the answer). Returns findings and any refund the machine now promises.
   */
  observe(
    account: string,
    operationId: string,
    resourceId: string | undefined,
    body: unknown,
  ): { findings: LifecycleFinding[]; refunds: RefundPromise[] } {
    const findings: LifecycleFinding[] = [];
    const refunds: RefundPromise[] = [];
    const poll = this.byPoll.get(operationId);
    const triggered = this.byTrigger.get(operationId) ?? [];
    for (const machine of new Set([...(poll ? [poll] : []), ...triggered])) {
      // A machine polled without a path parameter (the account's own) has one resource per account.
      const perAccount = machine.pollOperationIds.every((p) => templateParams(this.contract.operation(p).path).length === 0);
      const id = resourceId ?? (perAccount ? 'account' : undefined);
      if (id === undefined) continue;
      const resource = `${machine.name}#${id}`;
      const key = `${account}|${resource}`;
      const tracked = this.resources.get(key) ?? { refundedStates: new Set<string>() };
      this.resources.set(key, tracked);

      if (triggered.includes(machine)) this.start(machine, operationId, tracked);
      const rules = this.rule(machine);
      const value = rules.statusIn(body);
      // Absent or null: the resource is not in the machine yet (a draft); nothing to judge.
      if (value === undefined || value === null) continue;
      const state = rules.stateOf(value);
      if (!state) {
        if (rules.closed) {
          findings.push({
            kind: 'state',
            resource,
            expected: `one of ${machine.states.join(', ')} (${machine.statusLocation})`,
            got: JSON.stringify(value),
          });
        }
        tracked.lastUnnamed = value;
        continue;
      }
      this.judge(machine, resource, tracked, state, findings);
      // The run's earlier state, when this observer knows it (after a client's trigger it does not).
      const from = tracked.started ? undefined : tracked.last;
      if (tracked.last !== state) this.onChange?.(machine.name, tracked.started && !tracked.last ? null : tracked.last, state);
      tracked.last = state;
      tracked.lastUnnamed = undefined;
      tracked.started = undefined;
      const refund = from === state ? undefined : rules.refunds(from, state);
      if (refund && !tracked.refundedStates.has(state)) {
        tracked.refundedStates.add(state);
        refunds.push({ resource, account, transition: refund, machine, trigger: tracked.trigger });
      }
    }
    return { findings, refunds };
  }

  private start(machine: StateMachine, operationId: string, tracked: Tracked): void {
    const candidates = this.rule(machine).triggeredBy(operationId, tracked.last);
    let allowed: Set<string> | 'any' = new Set(tracked.last ? this.reachable(machine, tracked.last) : []);
    for (const t of candidates) {
      if (t.to === null) {
        allowed = 'any';
        break;
      }
      for (const s of this.reachable(machine, t.to)) allowed.add(s);
    }
    tracked.started = { operationId, allowed };
    tracked.trigger = operationId;
    tracked.refundedStates.clear();
  }

  private judge(machine: StateMachine, resource: string, tracked: Tracked, state: string, findings: LifecycleFinding[]): void {
    if (tracked.started) {
      const { allowed, operationId } = tracked.started;
      if (allowed !== 'any' && !allowed.has(state)) {
        findings.push({ kind: 'transition', resource, expected: `after ${operationId}: one of ${[...allowed].join(', ')}`, got: state });
      }
      return;
    }
    // After a status the machine does not name (open machines), any named state may follow.
    if (tracked.last === undefined || tracked.last === state) return;
    const by = machine.transitions
      .filter((t) => t.operationIds?.length && (t.from === tracked.last || t.from === null))
      .flatMap((t) => t.operationIds!);
    const through = by.length ? ` (no ${[...new Set(by)].join('/')} call for it passed through the proxy)` : '';
    if (machine.terminal.includes(tracked.last)) {
      findings.push({ kind: 'terminal', resource, expected: `terminal state ${tracked.last} to stay${through}`, got: state });
      return;
    }
    const allowed = this.reachable(machine, tracked.last);
    if (!allowed.has(state)) {
      findings.push({
        kind: 'transition',
        resource,
        expected: `${tracked.last} → ${[...allowed].filter((s) => s !== tracked.last).join(' or ') || '(no automatic transition)'}${through}`,
        got: `${tracked.last} → ${state}`,
      });
    }
  }
}
