// The stateful API's parts in process, without a server: the ledger (debits, 402, slots), the rules
// (preconditions, the preview pace) and a machine's refund, with time given as numbers (the mock's
// clock is just `now`).
import { describe, expect, it } from 'vitest';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { templateValues } from '../../lib/contract/index.js';
import { priceList } from '../../mock/costs.js';
import { ApiError, Errors } from '../../mock/errors.js';
import type { Call, StateContext } from '../../mock/state/call.js';
import { Ledger } from '../../mock/state/ledger.js';
import { FAIL_MARKER, Machines } from '../../mock/state/machines.js';
import { Resources } from '../../mock/state/resources.js';
import { Rules } from '../../mock/state/rules.js';
import { StatefulApi } from '../../mock/state/api.js';
import { accountBytes, resourceBytes } from '../../mock/state/size.js';
import { type Account, newId, type Resource, Store } from '../../mock/state/store.js';

const STEP_MS = 1_000;
const contract = mockContract();
const machines = new Machines(contract, STEP_MS);
const resources = new Resources(contract, machines);
const ctx: StateContext = {
  contract,
  machines,
  resources,
  prices: priceList(contract),
  errors: new Errors(contract),
  options: { includeAllowlist: [] },
};
const ledger = new Ledger(ctx);
const rules = new Rules(ctx, ledger);

// One world for the accounts of this file, so their ids never collide (ids are per world).
const world = new Store(() => 0);
let accounts = 0;
const account = (balance: number): Account => ({ ...world.fresh(`parts-${++accounts}`, 'paid'), balance });

function callOf(op: Call['op'], who: Account, body: unknown = {}, now = 0): Call {
  const example = Object.values(contract.examples(op))[0];
  return {
    op,
    account: who,
    params: templateValues(op.path, op.path),
    query: {},
    body,
    // Prism hands each call a body of its own; the contract's example is shared by every mock of
    // this module graph, and the pipeline writes into the body it is given.
    prism: { status: 200, body: structuredClone(example) },
    now,
    baseUrl: 'http://mock/v2',
  };
}

/** The status an ApiError thrown by `run` answers, or undefined when nothing is thrown. */
function refused(run: () => unknown): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.answer.status;
    throw error;
  }
}

const flatCharging = contract.operations().find((op) => op.credits?.charges && typeof op.credits.cost === 'number' && op.credits.cost > 0)!;

describe('ledger', () => {
  it('debits a charging call at its price and writes one Debit entry; short of credits it is 402 and nothing moves', () => {
    const cost = ledger.price(flatCharging);
    const who = account(cost);
    expect(ledger.charge(callOf(flatCharging, who))).toEqual({ cost, remaining: 0 });
    expect(who.ledger.map((entry) => [entry.transaction_type, entry.credit_spend])).toEqual([['Debit', `-${cost}`]]);
    expect([refused(() => ledger.charge(callOf(flatCharging, who))), who.balance, who.ledger.length]).toEqual([402, 0, 1]);
  });

  it('a voice clone takes a free slot for nothing; with slots full it is 403 unless purchase_addon buys one', () => {
    const create = contract.operation('createVoiceClone');
    const family = resources.familyOf(create)!;
    const who = account(10_000);
    const free = ledger.freeSlots(callOf(create, who));
    expect(ledger.takeSlot(callOf(create, who))).toBeUndefined();
    for (let i = 0; i < free; i++) {
      const id = newId(who);
      who.resources.set(Store.key(family.machine, id), {
        family: family.machine,
        id,
        data: { id },
        texts: {},
        scraped: false,
        path: `/x/${id}`,
      });
    }
    expect(ledger.freeSlots(callOf(create, who))).toBe(0);
    expect(refused(() => ledger.takeSlot(callOf(create, who, { name: 'x' })))).toBe(403);
    const bought = ledger.takeSlot(callOf(create, who, { purchase_addon: 'true' }));
    expect([bought?.remaining, who.boughtSlots, ledger.freeSlots(callOf(create, who))]).toEqual([who.balance, 1, 1]);
  });
});

describe('machines', () => {
  it("a machine's states are the contract's, in its order; a name that is no machine is an error saying so", () => {
    for (const machine of contract.stateMachines()) expect(machines.statesOf(machine.name)).toEqual(machine.states);
    expect(() => machines.statesOf('NoSuchStatus')).toThrow('mock: NoSuchStatus is not a state machine of the contract');
  });
});

describe('rules', () => {
  it("a render's first failing precondition answers with its own status, in the contract's order", () => {
    const render = contract.operation('renderFacelessVideo');
    const first = render.preconditions![0];
    const resource: Resource = { family: 'x', id: 1, data: { id: 1, type: 'b-roll' }, texts: {}, scraped: false, path: '/faceless/1' };
    expect(refused(() => rules.checkPreconditions(callOf(render, account(10_000)), resource))).toBe(first.status);
  });

  it('character previews: the limit per minute passes, one more is 429, and a minute later the next passes', () => {
    const perMinute = contract.doc.info?.['x-limits']?.characterPreview?.perMinute as number;
    const preview = contract.operation('previewCharacter');
    const who = account(10_000);
    const at = (now: number) => refused(() => rules.checkPreviewPace(callOf(preview, who, {}, now)));
    const within = Array.from({ length: perMinute }, (_, i) => at(i * 1_000));
    expect([within.every((status) => status === undefined), at(30_000), at(60_001)]).toEqual([true, 429, undefined]);
  });
});

describe('the character preview pace', () => {
  const perMinute = contract.doc.info?.['x-limits']?.characterPreview?.perMinute as number;
  const preview = contract.operation('previewCharacter');
  /** The answer of a refused preview at `now`, or undefined when it passes. */
  const paced = (rulesOf: Rules, who: Account, now: number) => {
    try {
      rulesOf.checkPreviewPace(callOf(preview, who, {}, now));
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return error.answer;
      throw error;
    }
  };

  it('a preview exactly a minute after the first of a full minute passes', () => {
    const who = account(10_000);
    for (let i = 0; i < perMinute; i++) paced(rules, who, i * 1_000);
    expect(paced(rules, who, 60_000)).toBeUndefined();
  });

  it('the refusal says when the oldest preview leaves the minute: Retry-After in whole seconds from now, X-RateLimit-Reset as a time', () => {
    const who = account(10_000);
    for (let i = 0; i < perMinute; i++) paced(rules, who, 500 + i * 1_000);
    const refusal = paced(rules, who, 30_000);
    expect([refusal?.status, refusal?.headers]).toEqual([429, expect.objectContaining({ 'Retry-After': 31, 'X-RateLimit-Reset': 61 })]);
  });

  it('a contract that states no pace limits nothing', () => {
    const doc = structuredClone(contract.doc) as any;
    delete doc.info['x-limits'].characterPreview;
    const unpaced = mockContract(doc);
    const machinesOf = new Machines(unpaced, STEP_MS);
    const ctxOf: StateContext = { ...ctx, contract: unpaced, machines: machinesOf, resources: new Resources(unpaced, machinesOf) };
    const who = account(10_000);
    const answers = Array.from({ length: perMinute + 3 }, (_, i) => paced(new Rules(ctxOf, new Ledger(ctxOf)), who, i));
    expect(answers.every((answer) => answer === undefined)).toBe(true);
  });
});

// The first machine whose failure branch refunds, and an operation that starts it.
const refunding = [...machines.byName.values()].find((info) =>
  info.machine.transitions.some((t) => t.automatic && t.outcome === 'failure' && info.rules.refunds(t.from, t.to!)),
)!;
const trigger = operationFromContract(contract, refunding.machine.transitions.find((t) => t.operationIds?.length)!.operationIds![0]);

describe('a machine with a refund', () => {
  it(`a job marked to fail reaches a failure state on the clock and refunds its charge exactly once (${refunding.machine.name})`, () => {
    const who = account(100);
    const resource: Resource = {
      family: refunding.machine.name,
      id: 1,
      data: { id: 1 },
      texts: { topic: FAIL_MARKER },
      scraped: false,
      path: '/x/1',
    };
    const transition = machines.triggered(refunding.machine.name, trigger.id, resource)!;
    who.balance -= 7;
    machines.start(refunding.machine.name, transition, resource, 0, { amount: 7, label: 'Run', contentType: 'x' }, undefined);
    let now = 0;
    while (machines.advance(who, resource, now) && now < 100 * STEP_MS) now += STEP_MS;
    const refunds = who.ledger.filter((entry) => entry.transaction_type === 'Refund');
    expect([refunding.machine.terminal.includes(resource.job!.state!), who.balance, refunds.map((entry) => entry.credit_spend)]).toEqual([
      true,
      100,
      ['+7'],
    ]);
  });
});

describe('the byte count (MOCK_MAX_STATE_BYTES)', () => {
  it('after each call equals a full walk of every account, though only resources a call was handed are measured again', () => {
    const store = new Store(() => 10_000);
    const api = new StatefulApi(contract, machines, resources, ctx.prices, ctx.errors, ctx.options);
    const walked = () => store.all().reduce((total, who) => total + accountBytes(who, resourceBytes), 0);
    const answer = (token: string, op: Call['op'], path: string, body: unknown, now = 0) => {
      const call = { ...callOf(op, store.account(token, 'paid'), body, now), params: templateValues(op.path, path) };
      call.prism = { status: 200, body: structuredClone(call.prism.body) };
      const reply = api.handle(call);
      store.settle();
      return reply.body as { data: { id: number } };
    };
    const counts: Array<[number, number]> = [];
    const id = answer('bytes-1', contract.operation('createFacelessVideo'), '/faceless', { type: 'b-roll' }).data.id;
    answer('bytes-2', contract.operation('createFacelessVideo'), '/faceless', { type: 'b-roll' });
    counts.push([store.bytes, walked()]);
    // Changed by key (PATCH): the resource is measured again, the other account is not touched.
    answer('bytes-1', contract.operation('updateFacelessVideo'), `/faceless/${id}`, { script: 'x'.repeat(5_000) });
    counts.push([store.bytes, walked()]);
    // A running job changes its resource on a later call of any kind, which never asks for it by key.
    const who = store.account('bytes-1', 'paid');
    const job: Resource = { family: refunding.machine.name, id: newId(who), data: { id: 0 }, texts: {}, scraped: false, path: '/x/0' };
    who.resources.set(Store.key(job.family, job.id), job);
    const run = { amount: 0, label: 'Run', contentType: 'x' };
    machines.start(job.family, machines.triggered(job.family, trigger.id, job)!, job, 0, run, { steps: 'x'.repeat(100) });
    who.active.add(job);
    store.settle();
    counts.push([store.bytes, walked()]);
    const before = store.bytes;
    answer('bytes-1', contract.operation('getMe'), '/me', undefined, 100 * STEP_MS);
    counts.push([store.bytes, walked()]);
    expect([counts.every(([kept, full]) => kept === full), counts[1][0] > counts[0][0] + 5_000, store.bytes !== before]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
