// Bad input gets a clear answer in the API's envelope, never a silent change and never a 500:
// invalid UTF-8 in a JSON body, a body nested far deeper than any real one, and number parameters
// JSON cannot carry (`page=Infinity`).
import { describe, expect, it } from 'vitest';
import { Validators } from '../lib/contract/index.js';
import { MAX_JSON_DEPTH } from '../mock/request-body.js';
import { useMock } from './mock-harness.js';
import { loadContract } from './support/contract.js';

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
