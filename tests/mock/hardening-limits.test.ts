// Request bodies above MOCK_MAX_BODY_BYTES are refused with 413 in the API's envelope, whether the
// size is announced (Content-Length) or only found while streaming (chunked); smaller ones pass.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { call, useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_MAX_BODY_BYTES: '4096' });

function chunked(body: string): Promise<{ status: number; body: any }> {
  const target = new URL(mock.base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: '/v2/faceless',
        headers: { authorization: 'Bearer paid-chunked', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    for (let i = 0; i < body.length; i += 1000) req.write(body.slice(i, i + 1000));
    req.end();
  });
}

describe('MOCK_MAX_BODY_BYTES', () => {
  it('answers 413 in the envelope for an announced oversize body', async () => {
    const reply = await call(mock.base, 'POST', '/faceless', { body: { type: 'b-roll', extra: 'x'.repeat(8000) } });
    expect([reply.status, reply.body?.status, reply.body?.error?.code]).toEqual([413, 413, 'MOCK-PAYLOAD-TOO-LARGE']);
  });

  it('answers 413 in the envelope for a chunked oversize body', async () => {
    const reply = await chunked(JSON.stringify({ type: 'b-roll', extra: 'x'.repeat(8000) }));
    expect([reply.status, reply.body?.error?.code]).toEqual([413, 'MOCK-PAYLOAD-TOO-LARGE']);
  });

  it('accepts a body under the limit', async () => {
    // op() also checks the answer against the contract.
    const reply = await mock.op('createFacelessVideo', {}, { body: { type: 'b-roll', extra: 'x'.repeat(1000) } });
    expect(reply.status).toBe(200);
  });
});
