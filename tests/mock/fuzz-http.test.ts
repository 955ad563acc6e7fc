// The multipart fuzz of tests/mock/fuzz.test.ts through the real HTTP server (`npm start`'s entry
// point in a child process): the socket adapter, body reading and limits on the way in, with the
// same checks per input (the envelope, never a 5xx, a time budget a super-linear parser misses).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CoreReply, CoreRequest } from '../../mock/core.js';
import { answeredWell, multipartRequests } from './fuzz-properties.js';
import { useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_QUIET: '1' });
const RUNS = 60;

/** One request over HTTP, as a CoreReply. */
async function overHttp(request: CoreRequest): Promise<CoreReply> {
  const origin = mock.base.replace(/\/v2$/, '');
  const response = await fetch(`${origin}${request.url}`, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body as BodyInit,
  });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** Header values a real client can send (fetch refuses line breaks and characters beyond Latin-1). */
const sendable = (request: CoreRequest) => Object.values(request.headers).every((v) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v ?? ''));

describe('multipart fuzzing over HTTP', () => {
  it('every generated multipart body is answered in the envelope, in time linear in its size', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(multipartRequests().filter(sendable), async (request) => {
        await answeredWell(overHttp, request);
        sent++;
      }),
      { numRuns: RUNS, endOnFailure: true, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    expect(sent).toBe(RUNS);
  });
});
