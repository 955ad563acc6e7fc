// Bad input gets a clear answer in the API's envelope, never a silent change and never a 500:
// invalid UTF-8 in a JSON body, and a body nested far deeper than any real one.
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../mock/request-body.js';
import { useMock } from './mock-harness.js';

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
