// Every rule the contract states that a live deployment can break beyond the shape of one answer,
// derived once from the contract: actions a closed state machine refuses in a state, exact
// estimates, charges, free calls, refunds, ownership of resources, list orders, refused URLs, and what a 429 and a 402
// must carry. Conformance checks each one against its target and lists each in its rules table
// (passed, failed, or not reachable and why); nothing here names an operation.
import { withArticle } from './article.js';
import type { BundleModel } from './bundle-model.js';
import type { StateMachine } from './model.js';
import type { ContractOperation } from './operation.js';
import { templateParams } from './templates.js';

export type RuleFamily =
  | 'refused in state'
  | 'estimate = charge'
  | 'charge = meta.credits'
  | 'free'
  | 'refund'
  | 'ownership'
  | 'order'
  | 'refusal'
  | 'limit';

export interface StatedRule {
  /** Stable id, e.g. `refused-in-state:retryFacelessRender:completed`. */
  id: string;
  family: RuleFamily;
  /** The operations the rule is about (the first is the one a verdict is filed under). */
  operationIds: string[];
  /** The rule in words, naming where the contract states it. */
  text: string;
}

/** A refusal a closed machine states: `operationId` sent to a resource in `state` (null: no status yet). */
export interface StateRefusal extends StatedRule {
  machine: string;
  state: string | null;
}

const stateName = (state: string | null) => state ?? 'no status yet';

/** Operations that act on one existing resource of a machine (a path parameter), from its transitions. */
function actionsOf(machine: StateMachine, contract: BundleModel): string[] {
  const listed = machine.transitions.flatMap((t) => (t.automatic ? [] : (t.operationIds ?? [])));
  return [...new Set(listed)].filter((id) => contract.hasOperation(id) && templateParams(contract.operation(id).path).length > 0);
}

/** Every (action, state) a closed machine gives no transition for: the action must be refused there. */
export function stateRefusals(contract: BundleModel): StateRefusal[] {
  const rules: StateRefusal[] = [];
  for (const machine of contract.stateMachines()) {
    if (machine.open) continue;
    for (const id of actionsOf(machine, contract)) {
      const from = new Set(machine.transitions.filter((t) => t.operationIds?.includes(id)).map((t) => t.from));
      for (const state of [null, ...machine.states]) {
        if (from.has(state)) continue;
        rules.push({
          id: `refused-in-state:${id}:${state ?? 'none'}`,
          family: 'refused in state',
          operationIds: [id],
          machine: machine.name,
          state,
          text: `${contract.operation(id).label} on ${withArticle(machine.resource.toLowerCase())} in state ${stateName(state)} is refused (4xx) and charges nothing: the ${machine.resource} machine allows it only from ${[...from].map(stateName).join(', ')}`,
        });
      }
    }
  }
  return rules;
}

/** Exact estimates (`x-estimate.exact`): the estimate equals the charge of the call it prices. */
export function estimateRules(contract: BundleModel): StatedRule[] {
  return contract
    .operations()
    .filter((op) => op.estimate?.exact)
    .map((op) => ({
      id: `estimate:${op.id}`,
      family: 'estimate = charge' as const,
      operationIds: [op.id, ...(op.estimate?.operationIds ?? [])],
      text: `${op.label} gives the exact charge of ${op.estimate!.operationIds.map((id) => contract.operation(id).label).join(', ')} for the same inputs (x-estimate)`,
    }));
}

/** Every charging operation: the balance drops by no more than `meta.credits.cost`, and the ledger lists the debit. */
export function chargeRules(contract: BundleModel): StatedRule[] {
  return contract
    .operations()
    .filter((op) => op.credits.charges)
    .map((op) => ({
      id: `charge:${op.id}`,
      family: 'charge = meta.credits' as const,
      operationIds: [op.id],
      text: `${op.label} takes from the balance what its meta.credits.cost reports, and the ledger lists that debit${op.credits.cost !== undefined ? ` (flat ${op.credits.cost} credits)` : ''}`,
    }));
}

/** Every call the source states is free (`x-credits.free`): it leaves the balance as it was. */
export function freeRules(contract: BundleModel): StatedRule[] {
  return contract
    .operations()
    .filter((op) => op.credits.free && !op.credits.charges)
    .map((op) => ({
      id: `free:${op.id}`,
      family: 'free' as const,
      operationIds: [op.id],
      text: `${op.label} takes no credits: the balance read before and after it is the same (x-credits.free)`,
    }));
}

/** Every refunding transition: the whole charge comes back. */
export function refundRules(contract: BundleModel): StatedRule[] {
  return contract.stateMachines().flatMap((machine) =>
    machine.transitions
      .filter((t) => t.refund)
      .map((t) => {
        const charged = machine.transitions.filter((s) => s.from === null && s.operationIds?.length).flatMap((s) => s.operationIds!);
        return {
          id: `refund:${machine.name}:${t.to}`,
          family: 'refund' as const,
          operationIds: [...charged, ...machine.pollOperationIds],
          text: `${withArticle(machine.resource.toLowerCase())} that ends ${t.to} gets its whole charge back (x-state-machine refund: true)`,
        };
      }),
  );
}

/** Every operation on an existing resource: another account's resource is a 404 (Authentication rule 6). */
export function ownershipRules(contract: BundleModel): StatedRule[] {
  return contract
    .operations()
    .filter((op) => templateParams(op.path).length > 0)
    .map((op) => ({
      id: `ownership:${op.id}`,
      family: 'ownership' as const,
      operationIds: [op.id],
      text: `${op.label} on another account's resource answers 404 and changes nothing`,
    }));
}

/** Lists with an `x-order`: the default order, and the direction of each value. */
export function orderRules(contract: BundleModel): StatedRule[] {
  return contract.operations().flatMap((op) => {
    const order = op.order;
    if (!order) return [];
    const rules: StatedRule[] = [
      {
        id: `order-default:${op.id}`,
        family: 'order',
        operationIds: [op.id],
        text: `${op.label} without ${order.parameter} lists the items as ${order.parameter}=${order.default} does (x-order)`,
      },
    ];
    if (order.by && order.values)
      rules.push({
        id: `order-values:${op.id}`,
        family: 'order',
        operationIds: [op.id],
        text: `${op.label} with ${Object.entries(order.values)
          .map(([value, direction]) => `${order.parameter}=${value} lists ${order.by} ${direction}`)
          .join(', ')}`,
      });
    return rules;
  });
}

/** Operations with `x-refused-urls`: every spelling of a listed host is refused with the stated status. */
export function refusedUrlRules(contract: BundleModel): StatedRule[] {
  return contract.operations().flatMap((op: ContractOperation) =>
    op.refusedUrls.map((refusal) => ({
      id: `refused-urls:${op.id}:${refusal.field}`,
      family: 'refusal' as const,
      operationIds: [op.id],
      text: `${op.label} refuses ${refusal.field} on ${refusal.hosts.join(', ')} (any subdomain, letter case, trailing dot, http or https) with ${refusal.status}: ${refusal.reason}`,
    })),
  );
}

/** What the limits' answers must carry: the headers the 429 response requires, the fields the 402 body requires. */
export function limitRules(contract: BundleModel): StatedRule[] {
  const rules: StatedRule[] = [];
  const with429 = contract.operations().filter((op) => op.operation.responses['429']);
  const headers = Object.entries(contract.deref(with429[0]?.operation.responses['429'])?.headers ?? {})
    .filter(([, h]) => contract.deref(h)?.required)
    .map(([name]) => name);
  if (with429.length)
    rules.push({
      id: 'limit:429-headers',
      family: 'limit',
      operationIds: with429.map((op) => op.id),
      text: `a 429 carries ${headers.join(', ')} (Retry-After in whole seconds), on every operation`,
    });
  const with402 = contract.operations().filter((op) => op.operation.responses['402']);
  if (with402.length)
    rules.push({
      id: 'limit:402-fields',
      family: 'limit',
      operationIds: with402.map((op) => op.id),
      text: 'a 402 INSUFFICIENT-CREDITS carries required and available, and charges nothing',
    });
  return rules;
}

/** Every stated rule of the contract, in a stable order (family, then contract order). */
export function statedRules(contract: BundleModel): StatedRule[] {
  return [
    ...stateRefusals(contract),
    ...estimateRules(contract),
    ...chargeRules(contract),
    ...freeRules(contract),
    ...refundRules(contract),
    ...ownershipRules(contract),
    ...orderRules(contract),
    ...refusedUrlRules(contract),
    ...limitRules(contract),
  ];
}
