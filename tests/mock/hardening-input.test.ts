// Bad input gets a clear answer in the API's envelope, never a silent change and never a 500:
// invalid UTF-8 in a JSON body, a body nested far deeper than any real one, and number parameters
// JSON cannot carry (`page=Infinity`).
import { describe, expect, it } from 'vitest';
import { Validators } from '../../lib/contract/index.js';
import { createMockCore } from '../../mock/core.js';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../../mock/request-body.js';
import { useMock } from '../support/mock-harness.js';
import { loadContract } from '../support/contract.js';
import { callerAs } from '../support/core-calls.js';

const mock = useMock();

async function post(path: string, body: BodyInit, token: string) {
  const response = await fetch(`${mock.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe('bad JSON bodies', () => {
  it('invalid UTF-8 in a JSON body is 400 GEN-WRONG-ARGS in the envelope, and nothing is stored', async () => {
    // {"type":"b-roll","topic":"caf<0xE9>"}: Latin-1 é, not UTF-8.
    const bytes = Buffer.concat([Buffer.from('{"type":"b-roll","topic":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const reply = await post('/faceless', bytes, 'utf8-check');
    const account = await (await fetch(`${mock.base.replace(/\/v2$/, '')}/__mock/accounts/utf8-check`)).json();
    expect([reply.status, reply.body.error?.code, reply.body.errors?.body?.[0], account.resources]).toEqual([
      400,
      'GEN-WRONG-ARGS',
      'The request body is not valid UTF-8, which JSON text must be.',
      [],
    ]);
  });

  it(`a body nested deeper than ${MAX_JSON_DEPTH} levels is 400 in the envelope (100,000 levels: no 500)`, async () => {
    const deep = `{"type":"b-roll","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const shallow = `{"type":"b-roll","extra":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const refused = await post('/faceless', deep, 'depth-check');
    const accepted = await post('/faceless', shallow, 'depth-check');
    expect([refused.status, refused.body.error?.code, refused.body.errors?.body?.[0], accepted.status]).toEqual([
      400,
      'GEN-WRONG-ARGS',
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
      200,
    ]);
  });

  it("a body without Content-Type is read as JSON (the mock's documented choice): JSON is served, anything else is 400", async () => {
    const send = async (text: string) => {
      // A Uint8Array body makes fetch send no Content-Type at all.
      const response = await fetch(`${mock.base}/faceless`, {
        method: 'POST',
        headers: { authorization: 'Bearer no-type' },
        body: new TextEncoder().encode(text),
      });
      return [response.status, (await response.json()).error?.code ?? null];
    };
    expect([await send('{"type":"b-roll"}'), await send('type=b-roll')]).toEqual([
      [200, null],
      [400, 'GEN-WRONG-ARGS'],
    ]);
  });
});

describe('integer query parameters that JSON cannot carry', () => {
  it('page=Infinity, page=1e400, page=-Infinity and per_page=Infinity are 422 naming the parameter (never current_page null)', async () => {
    const answers = [];
    for (const query of ['page=Infinity', 'page=1e400', 'page=-Infinity', 'per_page=Infinity']) {
      const response = await fetch(`${mock.base}/credits/history?${query}`, { headers: { authorization: 'Bearer finite-check' } });
      const body = await response.json();
      answers.push([response.status, Object.keys(body.errors ?? {})]);
    }
    expect(answers).toEqual([
      [422, ['page']],
      [422, ['page']],
      [422, ['page']],
      [422, ['per_page']],
    ]);
  });

  it("the contract's one request check refuses them, so the proxy and the client's validate agree with the mock", () => {
    const check = Validators.of(loadContract()).request('listCreditHistory');
    const messages = ['Infinity', '1e400', '12'].map((page) => check.parameters('query', { page }).map((v) => v.message));
    expect(messages).toEqual([
      ['Request query parameter page must be a finite number'],
      ['Request query parameter page must be a finite number'],
      [],
    ]);
  });
});

describe('JSON bodies too wide or too deep are refused before they are parsed (issue 52)', () => {
  const origin = () => mock.base.replace(/\/v2$/, '');
  const wide = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

  it(`${MAX_JSON_KEYS + 1} keys is 400 naming body, on /v2 and on /__mock alike; fewer are read`, async () => {
    const send = async (url: string, method: string, raw: string) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: 'Bearer wide-check', 'content-type': 'application/json' },
        body: raw,
      });
      const body = await response.json();
      return [response.status, body.error?.code, Object.keys(body.errors ?? {}).slice(0, 1)];
    };
    const tooWide = `{"type":"b-roll","extra":${wide(MAX_JSON_KEYS)}}`;
    expect([
      await send(`${mock.base}/faceless`, 'POST', tooWide),
      await send(`${origin()}/__mock/scenario`, 'POST', `{"accounts":[],"extra":${wide(MAX_JSON_KEYS)}}`),
      await send(`${origin()}/__mock/accounts/wide-check`, 'PATCH', wide(MAX_JSON_KEYS + 1)),
      await send(`${mock.base}/faceless`, 'POST', `{"type":"b-roll","extra":${wide(MAX_JSON_KEYS - 2)}}`),
    ]).toEqual([
      [400, 'GEN-WRONG-ARGS', ['body']],
      [400, 'MOCK-INVALID', ['body']],
      [400, 'MOCK-INVALID', ['body']],
      [200, undefined, []],
    ]);
  });

  it('the limits are settings: MOCK_MAX_JSON_KEYS=3 refuses a body of four keys, MOCK_MAX_JSON_DEPTH=2 one of three levels', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_MAX_JSON_KEYS: '3', MOCK_MAX_JSON_DEPTH: '2' } });
    const call = callerAs('limit-settings');
    const replies = [
      await call(core, 'POST', '/faceless', { type: 'b-roll', a: 1, b: 2, c: 3 }),
      await call(core, 'POST', '/faceless', { type: 'b-roll', a: { b: [] } }),
      await call(core, 'POST', '/faceless', { type: 'b-roll', topic: 'owls' }),
    ];
    expect(replies.map((r) => [r.status, r.body.errors?.body?.[0] ?? null])).toEqual([
      [400, 'The request body holds more than 3 keys and array items.'],
      [400, 'The request body nests deeper than 2 levels.'],
      [200, null],
    ]);
  });

  it('an errors map names at most 50 fields, then "…": ["and K more"] (a control body with 200 unknown keys)', async () => {
    const response = await fetch(`${origin()}/__mock/accounts/cap-check`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: wide(200),
    });
    const body = await response.json();
    const fields = Object.keys(body.errors);
    expect([response.status, fields.length, fields.at(-1), body.errors['…'], body.message.length < 5_000]).toEqual([
      422,
      51,
      '…',
      ['and 150 more'],
      true,
    ]);
  });
});
