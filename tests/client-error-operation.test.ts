// What a failed call's error carries at run time: every VideoApiError names its operation (id, method,
// path template), a status with no code in its body gets the documented fallback, and the
// browser-token warning is said once per page and never for the mock's tokens or a mock's base URL.
// In process, through the MSW handlers. (That codes are a compile-time union: frontend-errors.test.ts;
// the typed fields and the token never leaking: client-errors.test.ts.)
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_TOKEN_WARNING, createVideoApiClient, VideoApiError } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

const baseUrl = 'http://errors.test/v2';
const api = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...api);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => api.control.reset());
afterAll(() => server.close());

describe('VideoApiError names its call and falls back by status', () => {
  const client = () => createVideoApiClient({ baseUrl, token: 'test', fetch: (r) => fetch(r) });

  it('carries operationId, method and path of the failed call', async () => {
    const c = client();
    const error = await c.unwrap(c.GET('/faceless/{faceless}', { params: { path: { faceless: 424242 } } })).catch((e) => e);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'GEN-NOT-FOUND',
      operationId: 'getFacelessVideo',
      method: 'GET',
      path: '/faceless/{faceless}',
    });
  });

  it("a code outside the catalogue (the mock's MOCK-FAULT) falls back to the status's code and keeps the sent one", async () => {
    await api.control.addFault({ operationId: 'getMe', status: 503 });
    const c = client();
    const error = await c.unwrap(c.GET('/me')).catch((e) => e);
    expect(error).toMatchObject({ status: 503, code: 'GEN-API-ERROR', serverCode: 'MOCK-FAULT', operationId: 'getMe' });
  });

  it('a 403 with no code is GEN-FORBIDDEN; a 429 with none (no catalogue code) is HTTP-429', async () => {
    const c = client();
    const bare = (status: number) =>
      c.unwrap(Promise.resolve({ error: { message: 'no code here' }, response: new Response(null, { status }) })).catch((e) => e);
    expect(((await bare(403)) as VideoApiError).code).toBe('GEN-FORBIDDEN');
    expect(((await bare(429)) as VideoApiError).code).toBe('HTTP-429');
  });
});

describe('the browser-token warning', () => {
  const g = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  it('is said once per page, and never for mock tokens or a mock base URL', () => {
    g.window = {};
    g.document = {};
    const warn = vi.fn();
    for (let i = 0; i < 3; i++) createVideoApiClient({ baseUrl: 'production', token: 'sk-live-0123456789abcdef', warn });
    expect(warn.mock.calls).toEqual([[BROWSER_TOKEN_WARNING]]);
    g.document = {};
    const quiet = vi.fn();
    for (const token of ['test', 'mock-dev', 'screen-test', 'mock']) createVideoApiClient({ baseUrl: 'production', token, warn: quiet });
    for (const url of ['/v2', 'http://api.test/v2', 'http://127.0.0.1:4010/v2', 'http://localhost:4010/v2', 'mock'])
      createVideoApiClient({ baseUrl: url, token: 'sk-live-0123456789abcdef', warn: quiet });
    expect(quiet).not.toHaveBeenCalled();
  });
});
