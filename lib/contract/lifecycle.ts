// What an `x-state-machine` means at run time, written once: the mock simulates with these rules
// and the validating proxy (and the conformance flows through it) judges with the same ones, so
// the two cannot disagree about a lifecycle.
import type { StateMachine, Transition } from './model.js';
import { parsePointer, readPointer } from './pointer.js';

export type Outcome = 'success' | 'failure';

/** Where a status lives in an answer: under the poll operation's `data`, read by pointer. */
export interface StatusPlace {
  /** Keys from the body's root to the status (`['data', 'video', 'status']`). */
  keys: string[];
  /** Keys inside `data` to the object holding the status (`['video']`). */
  parent: string[];
  /** The status's own key (`status`). */
  key: string;
}

export class Lifecycle {
  readonly place: StatusPlace;

  constructor(readonly machine: StateMachine) {
    const keys = parsePointer(machine.statusLocation);
    this.place = { keys, parent: keys.slice(1, -1), key: keys.at(-1) ?? '' };
  }

  get name(): string {
    return this.machine.name;
  }

  /** The raw status value in an answer's body (undefined when the place is absent). */
  statusIn(body: unknown): unknown {
    return readPointer(body, this.place.keys);
  }

  /** The state a wire value stands for (auto top-up's `enabled: true` is `enabled`), else undefined. */
  stateOf(value: unknown): string | undefined {
    const values = this.machine.stateValues;
    if (values) return Object.entries(values).find(([, v]) => v === value)?.[0];
    return typeof value === 'string' && this.machine.states.includes(value) ? value : undefined;
  }

  /** The wire value of a state (the state's name unless `stateValues` says otherwise). */
  valueOf(state: string): unknown {
    return this.machine.stateValues?.[state] ?? state;
  }

  isTerminal(state: string): boolean {
    return this.machine.terminal.includes(state);
  }

  /** Whether the machine names every state (an open machine may show states it does not name). */
  get closed(): boolean {
    return !this.machine.open;
  }

  /**
   * The automatic transition the service takes from `state` on its own: the branch of the
   * wanted outcome where the machine branches, else the success branch.
   */
  nextAutomatic(state: string | null, outcome: Outcome = 'success'): Transition | undefined {
    const candidates = this.machine.transitions.filter((t) => t.automatic && t.from !== null && t.from === state);
    if (candidates.length <= 1) return candidates[0];
    return candidates.find((t) => t.outcome === outcome) ?? candidates.find((t) => t.outcome === 'success');
  }

  /**
   * The transitions a resource now in `state` (null: not in the machine yet) waits for a caller to
   * start: all of those out of it when it is not terminal and none of them is automatic, so that
   * polling alone never moves it on (a draft never rendered). Empty when the service moves it on
   * its own, when it is terminal, or when the machine names no way out of it.
   */
  waitsForCall(state: string | null): Transition[] {
    if (state !== null && this.isTerminal(state)) return [];
    const out = this.machine.transitions.filter((t) => t.from === state);
    return out.every((t) => !t.automatic) ? out : [];
  }

  /** States reachable from `state` by automatic transitions, `state` included. */
  reachable(state: string): Set<string> {
    const seen = new Set([state]);
    const queue = [state];
    while (queue.length) {
      const from = queue.shift() as string;
      for (const t of this.machine.transitions) {
        if (t.automatic && t.from === from && t.to && !seen.has(t.to)) {
          seen.add(t.to);
          queue.push(t.to);
        }
      }
    }
    return seen;
  }

  /** Transitions an operation starts on a resource now in `state` (null: not in the machine yet). */
  triggeredBy(operationId: string, state: string | null | undefined): Transition[] {
    const listed = this.machine.transitions.filter((t) => t.operationIds?.includes(operationId));
    const fitting = listed.filter((t) => t.from === null || state === undefined || t.from === state);
    return fitting.length ? fitting : listed;
  }

  /**
   * The one refund rule: moving from `from` to `to` refunds the run's charge when a transition
   * marked `refund: true` leads into `to` from a state the service reaches on its own from
   * `from` (`from` included). An observer who never saw the run's state (`from` undefined) expects
   * a refund on any refunding transition into `to`.
   */
  refunds(from: string | null | undefined, to: string): Transition | undefined {
    const into = this.machine.transitions.filter((t) => t.refund && t.to === to);
    if (from === undefined) return into[0];
    if (from === null) return into.find((t) => t.from === null);
    const before = this.reachable(from);
    return into.find((t) => t.from !== null && before.has(t.from));
  }
}

/** The runtime rules of every state machine of a contract, by machine name. */
export function lifecycles(machines: readonly StateMachine[]): Map<string, Lifecycle> {
  return new Map(machines.map((m) => [m.name, new Lifecycle(m)]));
}

/** What an operation is to the machines: the one whose status it reads, the ones whose transitions it starts. */
type MachineLike = Pick<StateMachine, 'pollOperationIds' | 'transitions'>;

/** The machine an operation polls (lists it in `pollOperationIds`), if any. */
export function machinePolledBy<M extends MachineLike>(machines: readonly M[], operationId: string): M | undefined {
  return machines.find((m) => m.pollOperationIds.includes(operationId));
}

/** The machines one of whose transitions an operation starts (lists it in a transition's `operationIds`). */
export function machinesTriggeredBy<M extends MachineLike>(machines: readonly M[], operationId: string): M[] {
  return machines.filter((m) => m.transitions.some((t) => t.operationIds?.includes(operationId)));
}

/** Every machine an operation polls or triggers, the polled one first, each once. */
export function machinesOf<M extends MachineLike>(machines: readonly M[], operationId: string): M[] {
  const polled = machinePolledBy(machines, operationId);
  return [...new Set([...(polled ? [polled] : []), ...machinesTriggeredBy(machines, operationId)])];
}
