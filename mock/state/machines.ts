// Advances resources along the contract's `x-state-machine`s (generated/openapi.json), never a
// copy: operations listed on a transition start it, `automatic` transitions fire every step,
// `outcome: failure` is taken for jobs whose inputs said `mock:fail`. What a machine means (the
// next automatic step, which moves refund, where the status lives) is the contract model's one
// reading (lib/contract/lifecycle.ts), the same the validating proxy judges with.
// Time is evaluated lazily on every request, so there are no timers to leak or race.
import { Lifecycle, readPointer } from '../../lib/contract/index.js';
import { type MockContract, operationFromContract, type StateMachine, type Transition } from '../contract.js';
import { record, type Account, type Resource } from './store.js';
import { FAIL_MARKER } from '../markers.js';

interface MachineInfo {
  machine: StateMachine;
  rules: Lifecycle;
  /** Path inside `data` to the object holding the status, and the status key. */
  parentPath: string[];
  statusKey: string;
  /** The poll operation's example `data` per state name (named one example per state). */
  stateExamples: Record<string, Record<string, any>>;
  /** Keys of the status-holding object whose example values change from state to state. */
  stateKeys: string[];
}

export { FAIL_MARKER };

export class Machines {
  readonly byName = new Map<string, MachineInfo>();

  constructor(
    readonly contract: MockContract,
    readonly stepMs: number,
  ) {
    for (const machine of contract.stateMachines()) {
      const rules = new Lifecycle(machine);
      if (rules.place.keys[0] !== 'data') continue;
      const parentPath = rules.place.parent;
      const stateExamples: MachineInfo['stateExamples'] = {};
      for (const pollId of machine.pollOperationIds) {
        for (const [name, value] of Object.entries(contract.examples(operationFromContract(contract, pollId)))) {
          stateExamples[name] ??= value?.data;
        }
      }
      const parents = Object.values(stateExamples).map((data) => dig(data, parentPath) ?? {});
      const keys = new Set(parents.flatMap((parent) => Object.keys(parent)));
      const stateKeys = [...keys].filter((key) => key !== 'id' && new Set(parents.map((parent) => JSON.stringify(parent[key]))).size > 1);
      this.byName.set(machine.name, { machine, rules, parentPath, statusKey: rules.place.key, stateExamples, stateKeys });
    }
  }

  /** Machines a client starts with an operation on a new or existing resource (not auto top-up). */
  jobMachines(): StateMachine[] {
    return [...this.byName.values()]
      .map((info) => info.machine)
      .filter((machine) => machine.transitions.some((t) => t.from === null && t.operationIds?.length));
  }

  /** The transition an operation triggers on this resource, if any. */
  triggered(machineName: string, operationId: string, resource: Resource): Transition | undefined {
    const info = this.byName.get(machineName);
    const current = resource.job?.state ?? null;
    return info?.rules.triggeredBy(operationId, current).find((t) => t.from === null || t.from === current);
  }

  /**
   * Starts (or restarts) a job after a successful triggering call. `charge` is what that call cost,
   * kept for a refund. `triggerData` is the triggering operation's example data, whose status is
   * what the resource shows while an open machine's hidden steps run.
   */
  start(
    machineName: string,
    transition: Transition,
    resource: Resource,
    now: number,
    charge: { amount: number; label: string; contentType: string },
    triggerData: Record<string, any> | undefined,
  ): void {
    const info = this.byName.get(machineName)!;
    const fail = Object.values(resource.texts).some((text) => text.includes(FAIL_MARKER));
    resource.job = {
      machine: machineName,
      state: resource.job?.state ?? null,
      enteredAt: now,
      fail,
      charge: charge.amount,
      chargeLabel: charge.label,
      chargeType: charge.contentType,
    };
    if (transition.automatic && transition.to) {
      // "POST render, then the render finishes": the in-between states are not shown; show what
      // the triggering call's own example shows, then arrive at `to` one step later.
      resource.job.pendingTo = transition.to;
      const shown = dig(triggerData, [...info.parentPath, info.statusKey]);
      setAt(resource.data, [...info.parentPath, info.statusKey], shown ?? null);
      return;
    }
    // `to: null` ("not shown", e.g. after a retry): the mock starts the machine over.
    this.enter(info, resource, transition.to ?? info.machine.initial);
  }

  /**
   * Applies every transition whose time has come. Refunds go to the owner's ledger. Returns false
   * once nothing can happen to the resource without a new client action.
   */
  advance(account: Account, resource: Resource, now: number): boolean {
    const job = resource.job;
    if (!job) return false;
    const info = this.byName.get(job.machine)!;
    const outcome = job.fail ? 'failure' : 'success';
    for (;;) {
      if (!job.pendingTo && !info.rules.nextAutomatic(job.state, outcome)?.to) return false;
      if (now - job.enteredAt < this.stepMs) return true;
      if (job.pendingTo) {
        const to = job.pendingTo;
        job.pendingTo = undefined;
        job.enteredAt += this.stepMs;
        this.enter(info, resource, to);
        continue;
      }
      const from = job.state;
      const next = info.rules.nextAutomatic(from, outcome)!;
      job.enteredAt += this.stepMs;
      this.enter(info, resource, next.to!);
      if (info.rules.refunds(from, next.to!) && job.charge > 0) {
        // The entry first: should it fail, the balance has not moved.
        record(account, {
          label: `Refund: ${job.chargeLabel}`,
          content_type: job.chargeType,
          credit_spend: `+${job.charge}`,
          transaction_type: 'Refund',
          at: job.enteredAt,
        });
        account.balance += job.charge;
        job.charge = 0;
      }
    }
  }

  /**
   * Puts a resource straight into `state` (the control plane's force), with that state's fields
   * from the contract's example. When moving there refunds (the contract model's one rule), the
   * charge of the job is refunded, once. Returns the refund.
   */
  force(account: Account, resource: Resource, state: string, now: number): number {
    const info = this.byName.get(resource.family)!;
    const from = resource.job?.state ?? null;
    resource.job ??= { machine: resource.family, state: null, enteredAt: now, fail: false, charge: 0, chargeLabel: '', chargeType: '' };
    const job = resource.job;
    job.pendingTo = undefined;
    job.enteredAt = now;
    this.enter(info, resource, state);
    if (!info.rules.refunds(from, state) || job.charge <= 0) return 0;
    const amount = job.charge;
    record(account, {
      label: `Refund: ${job.chargeLabel}`,
      content_type: job.chargeType,
      credit_spend: `+${amount}`,
      transaction_type: 'Refund',
      at: now,
    });
    job.charge = 0;
    account.balance += amount;
    return amount;
  }

  /** The states of a machine the mock runs (every resource family is one: mock/state/resources.ts). */
  statesOf(machineName: string): string[] {
    const info = this.byName.get(machineName);
    if (!info) throw new Error(`mock: ${machineName} is not a state machine of the contract`);
    return info.machine.states;
  }

  /** The state a client polling the resource sees now (its status field), else the job's state. */
  stateOf(resource: Resource): string | null {
    const info = this.byName.get(resource.family);
    const shown = info ? dig(resource.data, [...info.parentPath, info.statusKey]) : undefined;
    return typeof shown === 'string' ? shown : (resource.job?.state ?? null);
  }

  /**
   * Where given fields show a status that is not a state of the machine (a scenario's `data`): the
   * keys inside `data` to it, else undefined (no status there, or a state's name or wire value).
   */
  strayStatus(machineName: string, data: unknown): string[] | undefined {
    const info = this.byName.get(machineName);
    if (!info) return undefined;
    const at = [...info.parentPath, info.statusKey];
    const value = dig(data, at);
    return value === undefined || info.rules.stateOf(value) !== undefined ? undefined : at;
  }

  /** The contract's example `data` of a machine's poll operation for one state, if it has one. */
  stateExample(machineName: string, state: string): Record<string, any> | undefined {
    return this.byName.get(machineName)?.stateExamples[state];
  }

  /** Puts the resource in `state`, copying the state's own fields (url, failure, error…) from its example. */
  private enter(info: MachineInfo, resource: Resource, state: string | null): void {
    resource.job!.state = state;
    const example = state ? dig(info.stateExamples[state], info.parentPath) : undefined;
    const parent = ensure(resource.data, info.parentPath);
    if (example) {
      // File URLs of the example name the example's id (…/videos/4821.mp4): name this resource's.
      const exampleId = state ? info.stateExamples[state]?.id : undefined;
      for (const key of info.stateKeys) {
        if (key in example) parent[key] = renameId(structuredClone(example[key]), exampleId, resource.id);
        else delete parent[key];
      }
    }
    parent[info.statusKey] = state;
  }
}

function renameId(value: any, from: unknown, to: number): any {
  if (from === undefined || from === null) return value;
  const pattern = new RegExp(`\\b${String(from).replace(/[^\w-]/g, '')}\\b`, 'g');
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? value.replace(pattern, String(to)) : value;
  if (Array.isArray(value)) return value.map((item) => renameId(item, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameId(item, from, to)]));
  }
  return value;
}

/** The value at `path` inside `value` (the contract model's pointer reader, typed loosely for example data). */
export function dig(value: unknown, path: string[]): any {
  return readPointer(value, path);
}

function ensure(root: Record<string, any>, path: string[]): Record<string, any> {
  let node = root;
  for (const key of path) {
    if (node[key] == null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  return node;
}

function setAt(root: Record<string, any>, path: string[], value: unknown): void {
  ensure(root, path.slice(0, -1))[path.at(-1)!] = value;
}
