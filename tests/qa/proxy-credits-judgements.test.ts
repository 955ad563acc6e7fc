// The checker's credit judgements (qa/checker/credits.ts) on exchanges written by hand: a charge
// must show in meta.credits, a refund the state machine promises must show in a later balance or
// on the ledger. Each both ways: a violation when the target departs, silence (or "unconfirmed",
// never red) when it is right or when the figures cannot tell.
import { describe, expect, it } from 'vitest';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { Checker } from '../../qa/checker/checker.js';
import type { Observed } from '../../qa/checker/types.js';
import {
  account,
  charge,
  charged,
  contract,
  entry,
  exchange,
  failed,
  flat,
  ledgerPage,
  me,
  poll,
  priced,
  statedCost,
  trigger,
} from '../support/credit-exchanges.js';

const T0 = Date.parse('2026-07-04T10:00:00Z');
const run = (exchanges: Observed[], refundGraceMs = 0) => {
  const checker = new Checker({ contract, refundGraceMs });
  for (const ex of exchanges) checker.check(ex);
  return checker;
};
/** The credit and refund findings, as the lines QA reads. */
const credits = (checker: Checker) => checker.violations.filter((v) => v.kind === 'credits' || v.kind === 'refund').map((v) => v.message);
const unconfirmed = (checker: Checker) => checker.report().unconfirmed.map((u) => u.message);
const flatOp = trigger(flat);
const cost = statedCost(flat);
const flatPath = operationFromContract(contract, flatOp).path;

describe('a charging success reports its charge in meta.credits', () => {
  it('an answer without meta.credits is a violation naming the operation, the run and what came', () => {
    const checker = run([charge(flat, 31, undefined)]);
    expect(credits(checker)).toEqual([
      `${flatOp} POST ${flatPath} [${flat.name}#31]: expected meta.credits { cost, remaining } on a charging success; got no meta.credits`,
    ]);
  });

  it.each([
    ['a cost that is a string', { cost: String(cost), remaining: 995 }],
    ['no remaining', { cost }],
    ['null', null],
  ])('meta.credits with %s is a violation showing what came', (_, credits_) => {
    const checker = run([charge(flat, 32, { credits: credits_ })]);
    expect(credits(checker)).toEqual([
      `${flatOp} POST ${flatPath} [${flat.name}#32]: expected meta.credits { cost, remaining } on a charging success; got ${JSON.stringify(credits_)}`,
    ]);
  });

  it('an operation that charges only sometimes (its success schema does not require meta.credits) is not judged without it', () => {
    const sometimes = contract.operations().find((o) => o.credits?.charges && /only when/.test(o.credits.note ?? ''))!;
    const body = Object.values(contract.examples(sometimes))[0];
    const checker = run([exchange(sometimes.id, {}, body)]);
    expect(checker.report().operations).toEqual({ [sometimes.id]: 1 });
    expect(credits(checker)).toEqual([]);
  });

  it.each([
    ['meta without a description', { type: 'object', required: ['meta'] }],
    ['meta whose credits are optional', { type: 'object', required: ['meta'], properties: { meta: { type: 'object', properties: {} } } }],
  ])(
    'where the success schema requires %s, a charge without meta.credits is not judged (the source does not say it is always there)',
    (_, charged_) => {
      const doc = structuredClone(contract.doc) as { components: { schemas: Record<string, unknown> } };
      const schema = (
        contract.deref(contract.successResponse(operationFromContract(contract, flatOp)).response.content!['application/json'].schema!) as {
          allOf: { $ref?: string }[];
        }
      ).allOf.find((part) => JSON.stringify(contract.deref(part)).includes('"credits"'))!.$ref!;
      doc.components.schemas[schema.split('/').at(-1)!] = charged_;
      const checker = new Checker({ contract: mockContract(doc), refundGraceMs: 0 });
      checker.check(charge(flat, 35, undefined));
      expect(checker.report().operations).toEqual({ [flatOp]: 1 });
      expect(credits(checker)).toEqual([]);
    },
  );

  it('meta.credits on a call the contract says is free is neither a charge nor a balance', () => {
    const free = poll(flat, failed(flat), 33, { at: T0 });
    const body = JSON.parse(free.responseBody.toString());
    const withMeta = { ...free, responseBody: Buffer.from(JSON.stringify({ ...body, meta: { credits: { cost: 0, remaining: 995 } } })) };
    const checker = run([charged(flat, 33, cost, 995, { at: T0 - 1 }), withMeta]);
    expect(credits(checker)).toEqual([]);
    expect(unconfirmed(checker)).toHaveLength(1);
  });

  it('a success answer whose body is JSON null is judged without a fault', () => {
    const checker = new Checker({ contract, refundGraceMs: 0 });
    checker.check(charged(flat, 34, cost, 995));
    checker.check(poll(flat, failed(flat), 34));
    for (const id of ['getMe', 'listCreditHistory']) expect(() => checker.check(exchange(id, {}, null))).not.toThrow();
    expect(checker.violations.map((v) => v.kind)).toEqual(['schema', 'schema']);
    expect(unconfirmed(checker)).toHaveLength(1);
  });
});

describe('a promised refund against the balances the traffic shows', () => {
  const failedRun = (id: number, remaining: number, at = T0) => [
    charged(flat, id, cost, remaining, { at: at - 10 }),
    poll(flat, failed(flat), id, { at }),
  ];

  it('a balance exactly without the refund is a violation saying the balance expected and the balance seen', () => {
    const checker = run([...failedRun(40, 995), me(995, { at: T0 + 1 })]);
    expect(credits(checker)).toEqual([
      `getMe GET /me [${flat.name}#40]: expected balance ${995 + cost} (refund of ${cost} after ${flatOp} failed); got balance 995, no refund`,
    ]);
    expect(checker.credits.refundState(account(), `${flat.name}#40`)).toBe('violated');
  });

  it('the balance without the refund is a violation from the end of the grace on, not a millisecond before', () => {
    const early = run([...failedRun(41, 995), me(995, { at: T0 + 9_999 })], 10_000);
    expect(credits(early)).toEqual([]);
    expect(unconfirmed(early)).toHaveLength(1);
    const due = run([...failedRun(41, 995), me(995, { at: T0 + 10_000 })], 10_000);
    expect(credits(due)).toHaveLength(1);
  });

  it('charges of other runs after the refunded one are taken out of the balance expected', () => {
    const other = charged(flat, 43, cost, 990, { at: T0 - 5 });
    const [first, failure] = failedRun(42, 995);
    const checker = run([first, other, failure, me(990, { at: T0 + 1 })]);
    expect(credits(checker)).toEqual([
      `getMe GET /me [${flat.name}#42]: expected balance ${990 + cost} (refund of ${cost} after ${flatOp} failed); got balance 990, no refund`,
    ]);
  });

  it("a later charge's meta.credits.remaining is a balance: without the refund a violation, with it confirmed", () => {
    const missing = run([...failedRun(44, 995), charged(flat, 45, cost, 990, { at: T0 + 1 })]);
    expect(credits(missing)).toEqual([
      `${flatOp} POST ${flatPath} [${flat.name}#44]: expected balance ${990 + cost} (refund of ${cost} after ${flatOp} failed); got balance 990, no refund`,
    ]);
    const paid = run([...failedRun(44, 995), charged(flat, 45, cost, 995, { at: T0 + 1 })]);
    expect(credits(paid)).toEqual([]);
    expect(unconfirmed(paid)).toEqual([]);
  });

  it('a refund once confirmed is not called missing by a later, lower balance (spent elsewhere)', () => {
    const checker = run([...failedRun(46, 995), me(1000, { at: T0 + 1 }), me(995, { at: T0 + 2 })]);
    expect(credits(checker)).toEqual([]);
    expect(checker.credits.refundState(account(), `${flat.name}#46`)).toBe('confirmed');
    expect(checker.report().coverage.charging.refundsSeen).toBe(1);
  });

  it('a refund reported missing stays missing when a later balance rises (a top-up is no refund seen in time)', () => {
    const checker = run([...failedRun(47, 995), me(995, { at: T0 + 1 }), me(2000, { at: T0 + 2 })]);
    expect(credits(checker)).toHaveLength(1);
    expect(checker.credits.refundState(account(), `${flat.name}#47`)).toBe('violated');
    expect(checker.report().coverage.charging.refundsSeen).toBe(0);
  });

  it('a balance below the one without the refund (spent where the proxy did not see) cannot tell: unconfirmed, never red', () => {
    const checker = run([...failedRun(55, 995), me(990, { at: T0 + 1 })]);
    expect(credits(checker)).toEqual([]);
    expect(unconfirmed(checker)).toHaveLength(1);
  });

  it('the refund expected is the failed run’s own charge, not the latest charge of another run', () => {
    const checker = run([
      charged(priced, 48, 8, 992, { at: T0 - 20 }),
      charged(priced, 49, 12, 980, { at: T0 - 10 }),
      poll(priced, failed(priced), 48, { at: T0 }),
      me(980, { at: T0 + 1 }),
    ]);
    expect(credits(checker)).toEqual([
      `getMe GET /me [${priced.name}#48]: expected balance 988 (refund of 8 after ${trigger(priced)} failed); got balance 980, no refund`,
    ]);
  });

  it('a run started again on the same resource: the second refund is judged against the second charge', () => {
    const checker = run([
      ...failedRun(50, 995, T0),
      charged(flat, 50, cost, 995, { at: T0 + 10 }), // the first refund showed: 1000 - 5
      poll(flat, failed(flat), 50, { at: T0 + 20 }),
      me(995, { at: T0 + 30 }),
    ]);
    expect(credits(checker)).toEqual([
      `getMe GET /me [${flat.name}#50]: expected balance 1000 (refund of ${cost} after ${flatOp} failed); got balance 995, no refund`,
    ]);
  });

  it('a balance that is not a number is no figure: the refund stays unconfirmed', () => {
    const checker = run([...failedRun(51, 995), me(String(995 + cost), { at: T0 + 1 })]);
    expect(unconfirmed(checker)).toHaveLength(1);
    expect(checker.report().coverage.charging.refundsSeen).toBe(0);
  });

  it.each([
    ['no credits', (body: Record<string, any>) => delete body.data.credits],
    ['no data', (body: Record<string, any>) => delete body.data],
  ])('a balance read whose answer has %s is no figure and no fault', (_, strip) => {
    const noCredits = me(0, { at: T0 + 1 });
    const body = JSON.parse(noCredits.responseBody.toString());
    strip(body);
    const checker = run([...failedRun(52, 995), { ...noCredits, responseBody: Buffer.from(JSON.stringify(body)) }]);
    expect(credits(checker)).toEqual([]);
    expect(unconfirmed(checker)).toHaveLength(1);
  });

  it('only the balance read counts: another account-level read carrying credits.remaining is no balance', () => {
    const other = contract
      .operations()
      .find(
        (o) =>
          o.method === 'get' && !o.path.includes('{') && o.id !== 'getMe' && !Array.isArray(Object.values(contract.examples(o))[0]?.data),
      )!;
    const body = structuredClone(Object.values(contract.examples(other))[0]) as Record<string, any>;
    body.data.credits = { remaining: 995 };
    const checker = run([...failedRun(53, 995), exchange(other.id, {}, body, { at: T0 + 1 })]);
    expect(credits(checker)).toEqual([]);
    expect(unconfirmed(checker)).toHaveLength(1);
  });

  it.each([
    ['a write without path parameters', 'updateAutoTopup'],
    ['a read of one resource', 'getCharacter'],
  ])("%s is no balance read, even where the contract's example shows credits.remaining", (_, id) => {
    const variant = mockContract(structuredClone(contract.doc));
    const example = Object.values(variant.examples(operationFromContract(variant, id)))[0] as Record<string, any>;
    example.data.credits = { remaining: 1000 };
    const checker = new Checker({ contract: variant, refundGraceMs: 0 });
    for (const ex of failedRun(54, 995)) checker.check(ex);
    checker.check(exchange(id, { id: 7 }, { ...example, data: { ...example.data, credits: { remaining: 995 } } }, { at: T0 + 1 }));
    expect(checker.report().operations).toMatchObject({ [id]: 1 });
    expect(credits(checker)).toEqual([]);
    expect(unconfirmed(checker)).toHaveLength(1);
  });
});

describe('a promised refund against the ledger', () => {
  const failedRun = (id: number) => [charged(flat, id, cost, 995, { at: T0 - 10 }), poll(flat, failed(flat), id, { at: T0 })];

  it('a credit of the charged amount confirms the refund, among entries of other kinds', () => {
    const checker = run([...failedRun(60), ledgerPage([{ label: 'Plan renewal' }, entry(`+${cost}`)], { at: T0 + 1 })]);
    expect(unconfirmed(checker)).toEqual([]);
    expect(checker.report().coverage.charging.refundsSeen).toBe(1);
  });

  it('a credit written with a space in its signed amount confirms it too', () => {
    const checker = run([...failedRun(61), ledgerPage([entry(`+ ${cost}`)], { at: T0 + 1 })]);
    expect(unconfirmed(checker)).toEqual([]);
  });

  it('a debit of the same amount (the charge itself) confirms nothing', () => {
    const checker = run([...failedRun(62), ledgerPage([entry(`-${cost}`)], { at: T0 + 1 })]);
    expect(unconfirmed(checker)).toEqual([
      `${flat.name}#62: refund of ${cost} after ${flatOp} failed not seen in any balance or ledger the proxy observed`,
    ]);
  });

  it('one ledger credit confirms one refund, even when the same page is read twice', () => {
    const page = [entry('-15', 'Idea discovery'), entry(`+${cost}`)];
    const checker = run([
      charged(flat, 63, cost, 995, { at: T0 - 20 }),
      charged(flat, 64, cost, 990, { at: T0 - 10 }),
      poll(flat, failed(flat), 63, { at: T0 }),
      poll(flat, failed(flat), 64, { at: T0 }),
      ledgerPage(page, { at: T0 + 1 }),
      ledgerPage(page, { at: T0 + 2 }),
    ]);
    expect(checker.report().coverage.charging.refundsSeen).toBe(1);
    expect(checker.report().unconfirmed).toHaveLength(1);
  });

  it('a ledger credit goes to a refund still awaited, not to one a balance already confirmed', () => {
    const checker = run([
      ...failedRun(65),
      me(995 + cost, { at: T0 + 1 }),
      charged(flat, 66, cost, 995, { at: T0 + 2 }),
      poll(flat, failed(flat), 66, { at: T0 + 3 }),
      ledgerPage([entry(`+${cost}`)], { at: T0 + 4 }),
    ]);
    expect(checker.report().unconfirmed).toEqual([]);
    expect(checker.report().coverage.charging.refundsSeen).toBe(2);
  });

  it('a page whose entries are not all objects is still read, without a fault', () => {
    const checker = new Checker({ contract, refundGraceMs: 0 });
    for (const ex of failedRun(67)) checker.check(ex);
    expect(() => checker.check(ledgerPage(['not an entry', null, entry(`+${cost}`)], { at: T0 + 1 }))).not.toThrow();
    expect(checker.report().unconfirmed).toEqual([]);
  });

  it('a refund whose amount is unknown (neither charged through the proxy nor stated) is never confirmed by a ledger credit', () => {
    const checker = run([poll(priced, failed(priced), 68, { at: T0 }), ledgerPage([entry('+8'), entry('+12')], { at: T0 + 1 })]);
    expect(unconfirmed(checker)).toEqual([
      `${priced.name}#68: refund after ${priced.pollOperationIds[0]} failed not seen in any balance or ledger the proxy observed (the charge itself did not pass through the proxy)`,
    ]);
  });
});

describe('refunds not confirmed, as the report lists them', () => {
  it('a run whose charge was seen: the amount charged, the operation, the run', () => {
    const checker = run([charged(flat, 70, cost, 995, { at: T0 - 1 }), poll(flat, failed(flat), 70, { at: T0 })]);
    expect(checker.report().unconfirmed).toEqual([
      {
        resource: `${flat.name}#70`,
        operationId: flatOp,
        amount: cost,
        message: `${flat.name}#70: refund of ${cost} after ${flatOp} failed not seen in any balance or ledger the proxy observed`,
      },
    ]);
  });

  it('a run started without meta.credits: the cost the contract states, and that the charge did not pass', () => {
    const checker = run([charge(flat, 71, undefined, { at: T0 - 1 }), poll(flat, failed(flat), 71, { at: T0 })]);
    expect(unconfirmed(checker)).toEqual([
      `${flat.name}#71: refund of ${cost} after ${flatOp} failed not seen in any balance or ledger the proxy observed (the charge itself did not pass through the proxy)`,
    ]);
  });

  it('the coverage counts only the refunds confirmed', () => {
    const checker = run([
      charged(flat, 72, cost, 995, { at: T0 - 3 }),
      poll(flat, failed(flat), 72, { at: T0 - 2 }),
      me(1000, { at: T0 - 1 }),
      charged(flat, 73, cost, 995, { at: T0 }),
      poll(flat, failed(flat), 73, { at: T0 + 1 }),
    ]);
    expect(checker.report().coverage.charging.refundsSeen).toBe(1);
    expect(checker.report().unconfirmed).toHaveLength(1);
  });
});

describe("a refund's state, as the flows phase reads it", () => {
  it('each run has its own: pending, confirmed, violated, or none when no refund was promised', () => {
    const checker = run([
      charged(flat, 80, cost, 995, { at: T0 - 10 }),
      poll(flat, failed(flat), 80, { at: T0 - 9 }),
      me(1000, { at: T0 - 8 }),
      charged(flat, 81, cost, 995, { at: T0 - 7 }),
      poll(flat, failed(flat), 81, { at: T0 - 6 }),
      me(995, { at: T0 - 5 }),
      charged(flat, 82, cost, 990, { at: T0 - 4 }),
      poll(flat, failed(flat), 82, { at: T0 - 3 }),
    ]);
    const state = (id: number) => checker.credits.refundState(account(), `${flat.name}#${id}`);
    expect([80, 81, 82, 83].map(state)).toEqual(['confirmed', 'violated', 'pending', undefined]);
    expect(checker.credits.refundState(account('Bearer someone-else'), `${flat.name}#82`)).toBeUndefined();
  });
});

describe('the refunds the proxy still awaits when it stops', () => {
  it('lists each account with a refund pending, its header, and the end of its last grace', () => {
    const a = 'Bearer account-a';
    const b = 'Bearer account-b';
    const checker = run(
      [
        charged(flat, 90, cost, 995, { token: a, at: T0 - 100 }),
        poll(flat, failed(flat), 90, { token: a, at: T0 - 50 }),
        charged(flat, 91, cost, 990, { token: a, at: T0 - 40 }),
        poll(flat, failed(flat), 91, { token: a, at: T0 - 30 }),
        charged(flat, 92, cost, 995, { token: b, at: T0 - 20 }),
        poll(flat, failed(flat), 92, { token: b, at: T0 - 10 }),
        me(1000, { token: b, at: T0 - 5 }),
        charged(flat, 93, cost, 995, { token: 'Bearer account-c', at: T0 }),
      ],
      1_000,
    );
    expect(checker.credits.awaited()).toEqual([{ account: account(a), authorization: a, graceEndsAt: T0 - 30 + 1_000 }]);
  });

  it('the grace of an account counts only its refunds still pending', () => {
    const checker = run(
      [
        charged(flat, 94, cost, 995, { at: T0 - 100 }),
        poll(flat, failed(flat), 94, { at: T0 - 90 }),
        charged(priced, 95, 8, 987, { at: T0 - 80 }),
        poll(priced, failed(priced), 95, { at: T0 - 70 }),
        ledgerPage([entry('+8')], { at: T0 - 60 }),
      ],
      1_000,
    );
    // The ledger's credit confirmed the later refund; the earlier alone is awaited.
    expect(checker.credits.awaited()).toEqual([{ account: account(), authorization: expect.any(String), graceEndsAt: T0 - 90 + 1_000 }]);
    expect(checker.credits.refundState(account(), `${priced.name}#95`)).toBe('confirmed');
  });
});

describe("after the proxy's own reads (settle)", () => {
  const pending = (graceMs: number) =>
    run([charged(flat, 100, cost, 995, { at: T0 - 1 }), poll(flat, failed(flat), 100, { at: T0 })], graceMs);

  it('a refund of a known amount still missing once its grace is over is a violation, with what the reads found', () => {
    const checker = pending(0);
    expect(checker.credits.settle(account(), 987, T0)).toEqual([
      {
        kind: 'refund',
        resource: `${flat.name}#100`,
        operationId: flatOp,
        expected: `a refund of ${cost} after ${flatOp} failed, in the balance or the ledger`,
        got: `none: the proxy's own reads found balance 987 and no credit of ${cost} on the ledger's latest page`,
      },
    ]);
    expect(checker.credits.refundState(account(), `${flat.name}#100`)).toBe('violated');
    expect(checker.credits.settle(account(), 987, T0 + 1)).toEqual([]);
  });

  it('without a balance read, the finding says no balance was found', () => {
    const [found] = pending(0).credits.settle(account(), undefined, T0);
    expect(found.got).toBe(`none: the proxy's own reads found no balance and no credit of ${cost} on the ledger's latest page`);
  });

  it('within the grace nothing is settled; from its last millisecond on it is', () => {
    const checker = pending(5_000);
    expect(checker.credits.settle(account(), 995, T0 + 4_999)).toEqual([]);
    expect(checker.credits.refundState(account(), `${flat.name}#100`)).toBe('pending');
    expect(checker.credits.settle(account(), 995, T0 + 5_000)).toHaveLength(1);
  });

  it('a refund whose amount is unknown stays unconfirmed; an account never seen has nothing to settle', () => {
    const checker = run([poll(priced, failed(priced), 102, { at: T0 })]);
    expect(checker.credits.settle(account(), 1000, T0 + 60_000)).toEqual([]);
    expect(checker.report().unconfirmed).toHaveLength(1);
    expect(checker.credits.settle(account('Bearer never-seen'), 1000, T0)).toEqual([]);
  });
});
