// The headers the mock hands to Prism are made safe first (mock/request-headers.ts): an Accept that
// is not a list of media ranges was a 500 (Prism's negotiator threw), and a Content-Type with a long
// run of tabs cost time growing with its square (Prism's media-type parser). In process, through
// the core the server and MSW share.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockCore, type MockCore } from '../../mock/core.js';
import { MAX_NEGOTIATION_HEADER } from '../../mock/request-headers.js';

let core: MockCore;
beforeAll(async () => {
  core = await createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} });
});

const me = (headers: Record<string, string>) =>
  core.answer({ method: 'GET', url: '/v2/me', headers: { authorization: 'Bearer hdr', ...headers }, body: '' });

async function timed(contentType: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const reply = await core.answer({
    method: 'POST',
    url: '/v2/faceless',
    headers: { authorization: 'Bearer hdr', 'content-type': contentType },
    body: '{"type":"b-roll"}',
  });
  return { status: reply.status, ms: performance.now() - started };
}

describe('Accept and Content-Type before Prism', () => {
  it('an Accept that is not a list of media ranges is ignored: the plain answer, never a 500', async () => {
    const statuses = [];
    for (const accept of [' ', 'x', '/', 'application/json,', 'text/html;q', 'a/b; q="1']) statuses.push((await me({ accept })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it(`a Content-Type, Accept or Prefer longer than ${MAX_NEGOTIATION_HEADER} characters is 400 GEN-WRONG-ARGS in the envelope`, async () => {
    const long = `application/json${'\t'.repeat(MAX_NEGOTIATION_HEADER)}x`;
    const replies = [
      await timed(long),
      { status: (await me({ accept: long })).status },
      { status: (await me({ prefer: `code=${';'.repeat(2000)}` })).status },
    ];
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400]);
  });

  it('a Content-Type with 16,000 tabs costs about what one with 1,000 does (it was seconds)', async () => {
    const type = (tabs: number) => `application/json${'\t'.repeat(tabs)}x`;
    await timed(type(1_000));
    const small = Math.min((await timed(type(1_000))).ms, (await timed(type(1_000))).ms);
    const large = Math.min((await timed(type(16_000))).ms, (await timed(type(16_000))).ms);
    expect(large).toBeLessThan(16 * small + 100);
  });
});
