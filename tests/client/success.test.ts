// Narrowing a success: `api.data(call)` resolves with the envelope's `data` (typed without undefined),
// throws a VideoApiError for an error answer and an error naming the call for a success without
// `data`; `hasData(body)` narrows a body already in hand. Against a scripted local server.
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createVideoApiClient, hasData, VideoApiError } from '../../client/index.js';
import { fail, ok, startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a success, narrowed', () => {
  it('api.data resolves with the resource itself', async () => {
    server = await startLocalServer(() => ok({ credits: { remaining: 42 } }));
    const api = createVideoApiClient({ baseUrl: server.baseUrl, token: 'mock-dev' });
    const me = await api.data(api.GET('/me'));
    expectTypeOf(me.credits.remaining).toEqualTypeOf<number>();
    expect(me.credits.remaining).toBe(42);
  });

  it('an error answer throws the VideoApiError; a success without data names the call', async () => {
    server = await startLocalServer((req) =>
      req.url.endsWith('/me') ? fail(404, 'GEN-NOT-FOUND', 'Gone.') : { status: 200, body: { message: 'Success.', status: 200 } },
    );
    const api = createVideoApiClient({ baseUrl: server.baseUrl, token: 'mock-dev' });
    await expect(api.data(api.GET('/me'))).rejects.toBeInstanceOf(VideoApiError);
    await expect(api.data(api.GET('/credits/costs'))).rejects.toThrow('GET /credits/costs (getCreditCosts) answered 200 without data');
  });

  it('hasData narrows a body in hand', () => {
    const body = { data: { id: 1 } } as { data?: { id: number } } | undefined;
    expect(hasData(body)).toBe(true);
    if (hasData(body)) expectTypeOf(body.data.id).toEqualTypeOf<number>();
    expect(hasData({ data: undefined })).toBe(false);
    expect(hasData(undefined)).toBe(false);
  });
});
