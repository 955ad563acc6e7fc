// A wrong base URL: a call outside the mock's base path is the API's 404 whose message names the
// base path the mock serves, from the MSW handlers (their own base URL) and from the command.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';
import { startMock, type RunningMock } from '../mock/start-mock.js';

const server = setupServer(...createMockHandlers({ baseUrl: 'http://wrong-base.test/api/v2' }));
beforeAll(() =>
  server.listen({
    // msw 3: an unhandled HTTP frame carries its request in frame.data.
    onUnhandledFrame: ({ frame, defaults }) => {
      const { request } = frame.data as { request?: Request };
      if (!request || new URL(request.url).hostname !== '127.0.0.1') defaults.error();
    },
  }),
);
afterAll(() => server.close());

describe('a call outside the base path', () => {
  it('under MSW: 404 in the envelope, naming the base URL the handlers serve', async () => {
    // The client's baseUrl lacks /api/v2.
    const client = createVideoApiClient({ baseUrl: 'http://wrong-base.test', token: 'test', fetch: (r) => fetch(r) });
    const error = await client.unwrap(client.GET('/me')).catch((e) => e);
    expect(error).toMatchObject({
      status: 404,
      code: 'GEN-NOT-FOUND',
      message: 'This mock serves the API under http://wrong-base.test/api/v2; /me is outside it.',
    });
  });

  describe('from the command', () => {
    let mock: RunningMock;
    beforeAll(async () => {
      mock = await startMock({ port: 0 });
    });
    afterAll(() => mock?.close());

    it('404 in the envelope, naming http://127.0.0.1:<port>/v2', async () => {
      const origin = new URL(mock.url).origin;
      const answer = await fetch(`${origin}/me`, { headers: { Authorization: 'Bearer test' } });
      expect({ status: answer.status, body: await answer.json() }).toMatchObject({
        status: 404,
        body: { status: 404, error: { code: 'GEN-NOT-FOUND' }, message: `This mock serves the API under ${mock.url}; /me is outside it.` },
      });
    });
  });
});
