// The charging calls no flow made, each sent once after the flows so that its stated rules are
// checked on every operation the contract marks as charging, not only the ones a flow walks:
//   - the call goes to a resource the run seeded on the flows' account; when the contract's machine
//     allows the call only from some states, the resource is first brought into one by the machine's
//     own transitions (user actions sent with their examples, automatic ones waited for by polling);
//   - the charge is judged as the flows judge theirs (FlowProbes: balance drop and ledger debit
//     against meta.credits.cost), each action sent on the way included;
//   - every state the resource is read in on the way is probed for the actions its machine refuses
//     there (a render sent while the render it started is still running).
// A call the target refuses on the seeded resource (a precondition the example does not meet) is
// "not reachable", with the refusal as the reason: a refusal is no verdict on the charge. The calls
// the source states are free that no flow made are sent once the same way: the balance must not move.
import {
  type ContractModel,
  type ContractOperation,
  fillPath,
  Lifecycle,
  machinesTriggeredBy,
  type StateMachine,
  templateParams,
} from '../../../lib/contract/index.js';
import type { AccountProbeOptions, AccountSide } from './account-probes.js';
import { type FlowProbes, type FlowTarget, firstSegment } from './flow-probes.js';
import { call, exampleBody, exchangeLine, type Sent, success } from './send.js';

/** One step towards the state a call needs: an action to send, or an automatic transition to wait for. */
export type PlanStep = { act: string; to: string } | { wait: string };

/** How many steps a plan may take (draft -> render -> rendering -> completed is three). */
const MAX_STEPS = 4;

/**
 * The shortest walk on the machine from `from` into a state `goals` holds: user actions (by their
 * first operation) and the automatic transitions the service takes on success. A state reached only
 * by a failure is not planned for: a run cannot make a job fail on a real deployment.
 */
export function planTo(
  machine: StateMachine,
  from: string | null,
  goals: ReadonlySet<string | null>,
  usable: (operationId: string) => boolean,
): PlanStep[] | undefined {
  const queue: { state: string | null; steps: PlanStep[] }[] = [{ state: from, steps: [] }];
  const seen = new Set<string | null>([from]);
  while (queue.length) {
    const { state, steps } = queue.shift()!;
    if (goals.has(state)) return steps;
    if (steps.length >= MAX_STEPS) continue;
    for (const t of machine.transitions) {
      if (t.from !== state || !t.to || seen.has(t.to)) continue;
      const action = t.operationIds?.find(usable);
      const step: PlanStep | undefined = t.automatic
        ? t.outcome === 'failure'
          ? undefined
          : { wait: t.to }
        : action
          ? { act: action, to: t.to }
          : undefined;
      if (!step) continue;
      seen.add(t.to);
      queue.push({ state: t.to, steps: [...steps, step] });
    }
  }
  return undefined;
}

export interface ChargeProbeOptions extends AccountProbeOptions {
  probes: FlowProbes;
  /** Between two reads while waiting for an automatic transition. */
  pollIntervalMs: number;
  /** How long one automatic transition is waited for. */
  pollTimeoutMs: number;
}

/** A resource the probes walk: where its requests go, its path values, and its machine's read. */
interface Walked {
  target: FlowTarget;
  values: Record<string, string>;
  lifecycle?: Lifecycle;
  read?: ContractOperation;
}

/** Charging calls first that start no machine (a script), then the ones that do (a render). */
const startsMachine = (contract: ContractModel, op: ContractOperation) => machinesTriggeredBy(contract.stateMachines(), op.id).length > 0;

/** Sends every charging call whose charge no flow checked, on the account's seeded resources. */
export async function probeUnreachedCharges(o: ChargeProbeOptions, side: AccountSide): Promise<void> {
  const due = o.contract
    .operations()
    .filter((op) => op.credits.charges && op.method !== 'delete' && (!o.only || o.only.has(op.id)))
    .filter((op) => o.table.verdict(`charge:${op.id}`) === 'not reachable')
    .sort((a, b) => Number(startsMachine(o.contract, a)) - Number(startsMachine(o.contract, b)));
  for (const op of due) {
    const why = reasonNotToSend(o, side, op);
    if (why) o.table.unreachable(`charge:${op.id}`, why);
    else await probeCharge(o, walkedFor(o.contract, side, op), op);
  }
}

/** Sends once every call the source states is free that no flow made: the balance must stay as it was. */
export async function probeUnreachedFree(o: ChargeProbeOptions, side: AccountSide): Promise<void> {
  const due = o.contract
    .operations()
    .filter((op) => op.credits.free && op.method !== 'delete' && (!o.only || o.only.has(op.id)))
    .filter((op) => o.table.verdict(`free:${op.id}`) === 'not reachable');
  for (const op of due) {
    const why = reasonNotToSend({ ...o, allowCharges: true }, side, op);
    if (why) {
      o.table.unreachable(`free:${op.id}`, why);
      continue;
    }
    const { answer, line } = await sendProbed(o, walkedFor(o.contract, side, op), op);
    if (!success(answer.status)) o.table.unreachable(`free:${op.id}`, `the target refused it on the run's resource: ${line}`);
  }
}

function reasonNotToSend(o: ChargeProbeOptions, side: AccountSide, op: ContractOperation): string | undefined {
  if (!o.allowCharges) return 'a charging call is sent only with CONFORMANCE_ALLOW_CHARGES=1';
  if (!exampleBody(o.contract, op) && o.contract.deref(op.operation.requestBody))
    return 'its body is not JSON, which the rule checks do not send, and no flow made this charge';
  const values = side.parameters.get(op.id) ?? {};
  if (fillPath(op.path, (name) => values[`path.${name}`]).missing.length)
    return "no resource for it on the flows' account (seeding did not create one)";
  return undefined;
}

function walkedFor(contract: ContractModel, side: AccountSide, op: ContractOperation): Walked {
  const target = { base: side.base, token: side.token };
  const values = side.parameters.get(op.id) ?? {};
  const machine = machinesTriggeredBy(contract.stateMachines(), op.id)[0];
  const read = machine?.pollOperationIds.map((id) => contract.operation(id)).find((r) => templateParams(r.path).length > 0);
  return { target, values, lifecycle: machine && new Lifecycle(machine), read };
}

const pathOf = (w: Walked, op: ContractOperation) => fillPath(op.path, (name) => w.values[`path.${name}`]).path;
const resourceIdOf = (w: Walked, op: ContractOperation) => w.values[`path.${templateParams(op.path)[0]}`];

/** Sends one call with the probes around it (its charge judged); returns the answer. */
async function sendProbed(o: ChargeProbeOptions, w: Walked, op: ContractOperation): Promise<{ answer: Sent; line: string }> {
  const body = exampleBody(o.contract, op);
  const path = pathOf(w, op);
  await o.probes.before(op, w.target);
  const answer = await call(w.target.base, w.target.token, op.method.toUpperCase(), path, body);
  if (success(answer.status)) await o.probes.after(op, answer, w.target, resourceIdOf(w, op));
  return { answer, line: exchangeLine(op.method.toUpperCase(), path, body, answer) };
}

/**
 * Reads the resource's state (its refusals probed on the way): the state (null: not in the machine
 * yet, a draft), or undefined with the exchange that did not say it.
 */
async function readState(o: ChargeProbeOptions, w: Walked): Promise<{ state?: string | null; line: string }> {
  if (!w.read || !w.lifecycle) return { line: 'no read of its machine' };
  const path = pathOf(w, w.read);
  const answer = await call(w.target.base, w.target.token, 'GET', path);
  const line = exchangeLine('GET', path, undefined, answer);
  if (!success(answer.status)) return { line };
  await o.probes.after(w.read, answer, w.target, resourceIdOf(w, w.read));
  const raw = w.lifecycle.statusIn(answer.parsed);
  return { state: raw === null ? null : w.lifecycle.stateOf(raw), line };
}

async function waitFor(o: ChargeProbeOptions, w: Walked, state: string): Promise<boolean> {
  const until = Date.now() + o.pollTimeoutMs;
  for (;;) {
    if ((await readState(o, w)).state === state) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, o.pollIntervalMs));
  }
}

/** Brings the resource into a state the call is allowed from; says why not when it cannot. */
async function bringIntoState(o: ChargeProbeOptions, w: Walked, op: ContractOperation): Promise<string | undefined> {
  const lifecycle = w.lifecycle;
  if (!lifecycle || !w.read) return undefined;
  const allowed = lifecycle.machine.transitions.filter((t) => t.operationIds?.includes(op.id)).map((t) => t.from);
  if (allowed.includes(null)) return undefined;
  const named = (state: string | null) => state ?? 'not started (no status)';
  const { state: now, line } = await readState(o, w);
  if (now === undefined) return `its resource's state could not be read: ${line}`;
  // An action of the same surface (a b-roll video is rendered by the b-roll render), never a delete.
  const usable = (id: string) => {
    const action = o.contract.operation(id);
    return id !== op.id && action.method !== 'delete' && firstSegment(action.path) === firstSegment(op.path);
  };
  const plan = planTo(lifecycle.machine, now, new Set(allowed), usable);
  if (!plan)
    return `its resource is ${named(now)}, and no action or automatic success leads from there to ${allowed.map(named).join(' or ')}`;
  for (const step of plan) {
    if ('wait' in step) {
      if (!(await waitFor(o, w, step.wait))) return `its resource did not reach ${step.wait} within ${o.pollTimeoutMs / 1000}s`;
      continue;
    }
    const { answer, line } = await sendProbed(o, w, o.contract.operation(step.act));
    if (!success(answer.status)) return `the way to ${allowed.map(named).join(' or ')} was refused: ${line}`;
  }
  return undefined;
}

async function probeCharge(o: ChargeProbeOptions, w: Walked, op: ContractOperation): Promise<void> {
  const id = `charge:${op.id}`;
  const blocked = await bringIntoState(o, w, op);
  if (blocked) {
    o.table.unreachable(id, blocked);
    return;
  }
  const { answer, line } = await sendProbed(o, w, op);
  if (!success(answer.status)) o.table.unreachable(id, `the target refused it on the run's resource, so nothing was charged: ${line}`);
  else if (o.table.verdict(id) === 'not reachable') o.table.unreachable(id, `answered without a number at meta.credits.cost: ${line}`);
  else await readState(o, w);
}
