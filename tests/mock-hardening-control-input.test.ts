// Control-plane bodies are checked like API input: a top-level key that names a member of
// Object.prototype (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `valueOf`) and a number
// JSON cannot carry (`1e400`, read as Infinity) are a 422 MOCK-INVALID naming the field, never a 500
// (the error map once threw on them) and never a stored value that GET /v2/me then shows as null.
import { describe, expect, it } from 'vitest';
import { call, useMock } from './mock-harness.js';

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
