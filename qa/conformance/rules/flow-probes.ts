// The rule checks that ride on the lifecycle flows, where the run already brings resources into
// their states and spends credits:
//   - refused in state: each time a flow reads a resource in a state, every action the contract's
//     machine gives no transition for from that state is sent, and must be refused with a 4xx that
//     takes no credits. A state the service leaves on its own can change between the read and the
//     probe, so an acceptance there counts only when it repeats (each time read in that state first);
//     from a state nothing leaves on its own, one acceptance is a failure;
//   - charge = meta.credits: every charging success takes no more from the balance than its
//     meta.credits.cost, and the ledger lists that debit;
//   - estimate = charge: an exact estimate (x-estimate) equals the charge of the priced call after it;
//   - free: the first time a flow makes a call the source states is free (x-credits.free), the
//     balance read before and after it is the same (a refund or a top-up may only raise it).
import {
  type ContractModel,
  type ContractOperation,
  Lifecycle,
  machinePolledBy,
  readPointer,
  type StateMachine,
  stateRefusals,
  type StateRefusal,
  templateSegments,
} from '../../../lib/contract/index.js';
import type { RulesTable } from './table.js';
import { accountReads, balanceOf, call, exampleBody, exchangeLine, onePath, success } from './send.js';

/** Where a flow's request went: the base URL (through the checker) and the flow's token. */
export interface FlowTarget {
  base: string;
  token: string;
}

/** How many times an acceptance in a state the service leaves on its own must repeat to count. */
const REPEATS = 3;
/** The surface a template belongs to: its first segment (`faceless`, `b-roll`). */
export const firstSegment = (template: string) => {
  const first = templateSegments(template)[0];
  return first && 'literal' in first ? first.literal : undefined;
};

export class FlowProbes {
  private readonly refusals: StateRefusal[];
  private readonly lifecycles = new Map<string, Lifecycle>();
  private readonly estimates = new Map<string, { estimateId: string; figure?: number }>();
  private balanceBefore?: number;

  constructor(
    private readonly contract: ContractModel,
    private readonly table: RulesTable,
    private readonly allowCharges: boolean,
    private readonly log: (line: string) => void,
  ) {
    this.refusals = stateRefusals(contract);
    for (const m of contract.stateMachines()) this.lifecycles.set(m.name, new Lifecycle(m));
  }

  /** Before a flow's step is sent: a charging step, and the first of each free call, reads the balance first. */
  async before(op: ContractOperation, target: FlowTarget): Promise<void> {
    const watched = op.credits.charges || this.table.verdict(`free:${op.id}`) === 'not reachable';
    this.balanceBefore = watched ? await balanceOf(this.contract, target.base, target.token) : undefined;
  }

  /** After a flow's step succeeded: estimates remembered, charges compared, states probed. */
  async after(op: ContractOperation, answer: { parsed: unknown }, target: FlowTarget, resourceId: unknown): Promise<void> {
    if (op.estimate?.exact) {
      const figure = op.estimate.figure ? readPointer(answer.parsed, op.estimate.figure) : undefined;
      for (const priced of op.estimate.operationIds)
        this.estimates.set(priced, { estimateId: op.id, figure: typeof figure === 'number' ? figure : undefined });
    }
    // The balance read before this step is this step's alone: a later answer (a poll) compares nothing.
    const before = this.balanceBefore;
    this.balanceBefore = undefined;
    if (op.credits.charges) await this.checkCharge(op, answer, target, before);
    else if (before !== undefined) await this.checkFree(op, target, before);
    const machine = machinePolledBy(this.contract.stateMachines(), op.id);
    if (machine && resourceId !== undefined) await this.probeState(machine, op, answer, target, resourceId);
  }

  private async checkCharge(
    op: ContractOperation,
    answer: { parsed: unknown },
    target: FlowTarget,
    before: number | undefined,
  ): Promise<void> {
    const cost = readPointer(answer.parsed, '/meta/credits/cost');
    if (typeof cost !== 'number') return;
    const after = await balanceOf(this.contract, target.base, target.token);
    const id = `charge:${op.id}`;
    const drop = before !== undefined && after !== undefined ? before - after : undefined;
    if (drop !== undefined && drop > cost)
      this.table.fail(id, `${op.label}: meta.credits.cost says ${cost}, but the balance went ${before} -> ${after} (${drop} taken)`);
    const debit = await this.ledgerDebit(target, cost);
    if (debit === false) this.table.fail(id, `${op.label} charged ${cost}, and the ledger's newest entries list no debit of ${cost}`);
    if (drop !== undefined && drop <= cost && debit !== false) this.table.pass(id);
    this.compareEstimate(op, cost, drop);
  }

  /** A call the source states is free left the balance as it was (checked once per operation). */
  private async checkFree(op: ContractOperation, target: FlowTarget, before: number): Promise<void> {
    const after = await balanceOf(this.contract, target.base, target.token);
    if (after === undefined) return;
    const id = `free:${op.id}`;
    if (after < before) this.table.fail(id, `${op.label} is free, but the balance went ${before} -> ${after} (${before - after} taken)`);
    else this.table.pass(id);
  }

  /** Whether the ledger's newest entries list a debit of `cost` (undefined: no ledger to read). */
  private async ledgerDebit(target: FlowTarget, cost: number): Promise<boolean | undefined> {
    const ledger = accountReads(this.contract).ledger;
    if (!ledger || cost === 0) return undefined;
    const order = ledger.order ? `${ledger.order.parameter}=${encodeURIComponent(ledger.order.default)}&` : '';
    const answer = await call(target.base, target.token, 'GET', `${ledger.path}?${order}per_page=5`);
    const entries = readPointer(answer.parsed, '/data');
    if (!success(answer.status) || !Array.isArray(entries)) return undefined;
    return entries.some((e) => Number(String(e?.credit_spend ?? '').replace(/\s/g, '')) === -cost);
  }

  private compareEstimate(op: ContractOperation, cost: number, drop: number | undefined): void {
    const estimate = this.estimates.get(op.id);
    if (!estimate) return;
    this.estimates.delete(op.id);
    const id = `estimate:${estimate.estimateId}`;
    const where = this.contract.operation(estimate.estimateId).estimate?.figure;
    if (estimate.figure === undefined) {
      this.table.unreachable(
        id,
        `the estimate's answer has no number at ${where} (where the contract guesses it: the source does not show its shape)`,
      );
      return;
    }
    if (estimate.figure !== cost || (drop !== undefined && drop !== estimate.figure))
      this.table.fail(
        id,
        `${estimate.estimateId} said ${estimate.figure}; ${op.label} then charged meta.credits.cost ${cost}${drop === undefined ? '' : ` and took ${drop} from the balance`}`,
      );
    else this.table.pass(id);
  }

  /** The action refusals for a state just read, on the operations of the same surface as the read. */
  private async probeState(
    machine: StateMachine,
    read: ContractOperation,
    answer: { parsed: unknown },
    target: FlowTarget,
    resourceId: unknown,
  ) {
    const lifecycle = this.lifecycles.get(machine.name)!;
    const raw = lifecycle.statusIn(answer.parsed);
    const state = raw === null || raw === undefined ? null : lifecycle.stateOf(raw);
    if (state === undefined) return;
    const due = this.refusals.filter(
      (r) =>
        r.machine === machine.name &&
        r.state === state &&
        this.table.verdict(r.id) === 'not reachable' &&
        firstSegment(this.contract.operation(r.operationIds[0]).path) === firstSegment(read.path),
    );
    for (const rule of due) await this.probe(rule, lifecycle, read, target, resourceId);
  }

  private async probe(rule: StateRefusal, lifecycle: Lifecycle, read: ContractOperation, target: FlowTarget, resourceId: unknown) {
    const action = this.contract.operation(rule.operationIds[0]);
    if (action.credits.charges && !this.allowCharges) {
      this.table.unreachable(rule.id, 'a wrong acceptance would charge credits (CONFORMANCE_ALLOW_CHARGES=1 checks it)');
      return;
    }
    const settles = rule.state === null || !lifecycle.nextAutomatic(rule.state)?.to;
    const body = exampleBody(this.contract, action);
    const accepted: string[] = [];
    for (let attempt = 0; attempt < (settles ? 1 : REPEATS); attempt++) {
      const before = await balanceOf(this.contract, target.base, target.token);
      const now = await call(target.base, target.token, 'GET', onePath(read, resourceId));
      const raw = lifecycle.statusIn(now.parsed);
      if ((raw === null || raw === undefined ? null : lifecycle.stateOf(raw)) !== rule.state) break;
      const path = onePath(action, resourceId);
      const sent = await call(target.base, target.token, action.method.toUpperCase(), path, body);
      const line = exchangeLine(action.method.toUpperCase(), path, body, sent);
      if (sent.status >= 400 && sent.status < 500) return this.judgeRefusal(rule, target, before, line);
      if (!success(sent.status)) return this.table.fail(rule.id, `answered ${sent.status}, not a refusal: ${line}`);
      accepted.push(line);
    }
    if (accepted.length === (settles ? 1 : REPEATS))
      this.table.fail(rule.id, `accepted in state ${rule.state ?? 'no status yet'}: ${accepted.join('\n')}`);
    else if (!accepted.length) this.log(`rules: ${rule.id}: the resource left the state before it could be probed`);
  }

  private async judgeRefusal(rule: StateRefusal, target: FlowTarget, before: number | undefined, line: string): Promise<void> {
    const after = await balanceOf(this.contract, target.base, target.token);
    if (before !== undefined && after !== undefined && after < before)
      this.table.fail(rule.id, `refused, but the balance went ${before} -> ${after}: ${line}`);
    else this.table.pass(rule.id);
  }
}
