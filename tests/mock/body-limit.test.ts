// The mock's body limit over real HTTP (mock/server.ts, in process on a free port, with
// MOCK_MAX_BODY_BYTES small): a body of exactly the limit is answered, one byte more is 413, and a
// request that declares more than the limit in Content-Length is refused from its headers alone,
// without waiting for a body the mock would not accept anyway.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockContract } from '../../mock/contract.js';
import { createMock, type MockServer } from '../../mock/server.js';

const LIMIT = 4_096;
let server: MockServer;

beforeAll(async () => {
  const mock = await createMock({ MOCK_QUIET: '1', MOCK_MAX_BODY_BYTES: String(LIMIT) }, mockContract());
  server = await mock.listen(0, '127.0.0.1');
});
afterAll(() => server.close());

/** A valid createFacelessVideo body padded with JSON whitespace to exactly `size` bytes. */
function bodyOf(size: number): string {
  const json = JSON.stringify({ type: 'b-roll', topic: 'Limits' });
  return `${json}${' '.repeat(size - Buffer.byteLength(json))}`;
}

const post = (body: string) =>
  fetch(`${server.url}/faceless`, {
    method: 'POST',
    headers: { authorization: 'Bearer body-limit', 'content-type': 'application/json' },
    body,
  });

/** Sends only the headers of a POST declaring `length` bytes, and resolves with the status of the reply. */
function headersOnly(length: number): Promise<number> {
  const url = new URL(`${server.url}/faceless`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { authorization: 'Bearer body-limit', 'content-type': 'application/json', 'content-length': String(length) },
    });
    request.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}

describe('MOCK_MAX_BODY_BYTES', () => {
  it('answers a body of exactly the limit', async () => {
    const reply = await post(bodyOf(LIMIT));
    expect(reply.status).toBe(200);
    expect((await reply.json()).data.topic).toBe('Limits');
  });

  it('refuses a body one byte over the limit with 413 in the API envelope', async () => {
    const reply = await post(bodyOf(LIMIT + 1));
    expect(reply.status).toBe(413);
    expect(await reply.json()).toMatchObject({ message: expect.stringContaining(`${LIMIT} bytes`) });
  });

  it('refuses a declared Content-Length one byte over the limit before any of the body is sent', async () => {
    // No body byte is ever written: an answer can only come from the headers.
    expect(await headersOnly(LIMIT + 1)).toBe(413);
  });
});
