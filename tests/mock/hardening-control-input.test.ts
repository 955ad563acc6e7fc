// Control-plane bodies are checked like API input: a top-level key that names a member of
// Object.prototype (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `valueOf`) and a number
// JSON cannot carry (`1e400`, read as Infinity) are a 422 MOCK-INVALID naming the field, never a 500
// (the error map once threw on them) and never a stored value that GET /v2/me then shows as null.
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { call, useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_QUIET: '1' });
const origin = () => mock.base.replace(/\/v2$/, '');
const RESERVED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** A control write with a raw JSON text (JSON.stringify would not write a `__proto__` key). */
async function control(method: string, path: string, raw: string) {
  const reply = await call(origin(), method, `/__mock${path}`, { token: null, raw, headers: { 'content-type': 'application/json' } });
  return { status: reply.status, code: reply.body?.error?.code, fields: Object.keys(reply.body?.errors ?? {}) };
}

const WRITES: Array<[string, string, string]> = [
  ['PATCH', '/accounts/control-input', '"credits":5'],
  ['POST', '/faults', '"operationId":"getMe"'],
  ['POST', '/clock', '"mode":"auto"'],
  ['POST', '/clock/advance', '"ms":1'],
  ['POST', '/force', '"token":"control-input","path":"/faceless/1","state":"draft"'],
  ['POST', '/scenario', '"accounts":[]'],
];

describe('reserved keys in control bodies', () => {
  it.each(RESERVED)('%s at the top level is a 422 naming it, on every control write', async (key) => {
    const answers = [];
    for (const [method, path, valid] of WRITES) answers.push(await control(method, path, `{${valid},"${key}":{"credits":1}}`));
    expect(answers).toEqual(WRITES.map(() => ({ status: 422, code: 'MOCK-INVALID', fields: [key] })));
  });

  it('a reserved key deeper in a scenario is a 422 naming its path; the account is unchanged', async () => {
    const reply = await control('POST', '/scenario', '{"accounts":[{"token":"control-deep","credits":3,"constructor":{"x":1}}]}');
    const account = await call(origin(), 'GET', '/__mock/accounts/control-deep', { token: null });
    expect([reply, account.body.seen]).toEqual([{ status: 422, code: 'MOCK-INVALID', fields: ['accounts.0.constructor'] }, false]);
  });
});

describe('numbers JSON cannot carry', () => {
  it('{"credits":1e400} is a 422 naming credits, and the balance stays a number', async () => {
    await control('PATCH', '/accounts/control-infinite', '{"credits":40}');
    const replies = [
      await control('PATCH', '/accounts/control-infinite', '{"credits":1e400}'),
      await control('PATCH', '/accounts/control-infinite', '{"credits":-1e400}'),
    ];
    const me = await call(mock.base, 'GET', '/me', { token: 'control-infinite' });
    expect([...replies, me.body.data.credits.remaining]).toEqual([
      { status: 422, code: 'MOCK-INVALID', fields: ['credits'] },
      { status: 422, code: 'MOCK-INVALID', fields: ['credits'] },
      40,
    ]);
  });

  it('a fault with delayMs 1e400 or a clock advance of 1e400 ms is a 422 naming the field; no fault is stored', async () => {
    const fault = await control('POST', '/faults', '{"operationId":"getMe","delayMs":1e400}');
    const advance = await control('POST', '/clock/advance', '{"ms":1e400}');
    const faults = await call(origin(), 'GET', '/__mock/faults', { token: null });
    expect([fault, advance, faults.body.faults]).toEqual([
      { status: 422, code: 'MOCK-INVALID', fields: ['delayMs'] },
      { status: 422, code: 'MOCK-INVALID', fields: ['ms'] },
      [],
    ]);
  });
});

describe('bounds the control document states (issue 52)', () => {
  const clockNow = async () => (await call(origin(), 'GET', '/__mock/clock', { token: null })).body?.now as string | undefined;

  it('a clock advance past the range of a Date is 422 naming ms or steps; the clock and charging calls work on', async () => {
    const before = await clockNow();
    const answers = [];
    for (const raw of ['{"ms":8640000000000001}', '{"steps":1e15}', '{"ms":1e308}', '{"ms":8640000000000000}', '{"ms":1,"steps":1}'])
      answers.push(await control('POST', '/clock/advance', raw));
    const after = await clockNow();
    await call(mock.base, 'POST', '/faceless', { token: 'clock-bounds', body: { type: 'b-roll', topic: 'owls' } });
    const script = await call(mock.base, 'PUT', '/faceless/1/scripts', { token: 'clock-bounds', body: {} });
    const account = (await call(origin(), 'GET', '/__mock/accounts/clock-bounds', { token: null })).body;
    expect([answers, Date.parse(after!) - Date.parse(before!) < 60_000, script.status, account.ledger.length]).toEqual([
      [
        { status: 422, code: 'MOCK-INVALID', fields: ['ms'] },
        { status: 422, code: 'MOCK-INVALID', fields: ['steps'] },
        { status: 422, code: 'MOCK-INVALID', fields: ['ms'] },
        { status: 422, code: 'MOCK-INVALID', fields: ['ms'] },
        { status: 422, code: 'MOCK-INVALID', fields: ['body'] },
      ],
      true,
      200,
      1,
    ]);
  });

  it('PATCH credits 1e308 or 9007199254740993 is 422 naming credits (in a scenario too); 2^53 - 1 is taken', async () => {
    const replies = [
      await control('PATCH', '/accounts/credit-bounds', '{"credits":1e308}'),
      await control('PATCH', '/accounts/credit-bounds', '{"credits":9007199254740993}'),
      await control('POST', '/scenario', '{"accounts":[{"token":"credit-bounds","credits":1e308}]}'),
      await control('PATCH', '/accounts/credit-bounds', '{"credits":9007199254740991}'),
    ];
    const account = await call(origin(), 'GET', '/__mock/accounts/credit-bounds', { token: null });
    expect([...replies, account.body.credits]).toEqual([
      { status: 422, code: 'MOCK-INVALID', fields: ['credits'] },
      { status: 422, code: 'MOCK-INVALID', fields: ['credits'] },
      { status: 422, code: 'MOCK-INVALID', fields: ['accounts.0.credits'] },
      { status: 200, code: undefined, fields: [] },
      9007199254740991,
    ]);
  });

  it("a scenario whose data shows a status outside the family's machine is 422 naming that field; nothing is created", async () => {
    const resource = '{"family":"faceless","state":"failed","data":{"video":{"status":"exploded"}}}';
    const reply = await control('POST', '/scenario', `{"accounts":[{"token":"stray-status","resources":[${resource}]}]}`);
    const account = await call(origin(), 'GET', '/__mock/accounts/stray-status', { token: null });
    expect([reply, account.body.seen]).toEqual([
      { status: 422, code: 'MOCK-INVALID', fields: ['accounts.0.resources.0.data.video.status'] },
      false,
    ]);
  });

  it('a full reset restores the clock: its start mode and its start time', async () => {
    const core = await createMockCore({ env: { MOCK_CLOCK: 'manual', MOCK_QUIET: '1' } });
    const start = await core.control.clock();
    await core.control.advance({ ms: 10 ** 12 });
    await core.control.setClock('auto');
    await core.control.reset();
    expect(await core.control.clock()).toEqual(start);
  });
});
