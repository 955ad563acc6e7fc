// What a failed call's error carries at run time: typed fields (code, status, message, 422 errors,
// 402 required/available), the operation it names (id, method, path template), the documented
// fallback for a status with no code in its body, the browser-token warning (once per page, never for
// the mock's tokens or a mock's base URL), and the token's secrecy: it never appears in an error, its
// JSON, its stack, a log line, or the serialised client. In process: a scripted local server and the
// MSW handlers. (That codes are a compile-time union: tests/client/types.test.ts.)
import { inspect } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../../generated/contract.js';
import { BROWSER_TOKEN_WARNING, createVideoApiClient, isVideoApiError, VideoApiError } from '../../client/index.js';
import { createMockHandlers } from '../../mock/msw.js';
import { fail, ok, startLocalServer, type LocalServer } from './local-server.js';

const TOKEN = 'sk-live-7f3a9c21e5d84b6b';
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

function assertNoToken(...values: unknown[]) {
  for (const v of values) {
    expect(typeof v === 'string' ? v : inspect(v, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    if (typeof v === 'object') expect(JSON.stringify(v) ?? '').not.toContain(TOKEN);
  }
}

describe('client errors', () => {
  it('402 carries required and available; switch on code', async () => {
    server = await startLocalServer(() => fail(402, 'INSUFFICIENT-CREDITS', 'Not enough credits.', { required: 120, available: 40 }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: TOKEN });
    const error = await client.unwrap(client.POST('/faceless/{faceless}/render', { params: { path: { faceless: 9 } } })).catch((e) => e);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(isVideoApiError(error, 'INSUFFICIENT-CREDITS')).toBe(true);
    expect(error).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT-CREDITS',
      message: 'Not enough credits.',
      required: 120,
      available: 40,
    });
    let branch = '';
    switch ((error as VideoApiError).code) {
      case 'INSUFFICIENT-CREDITS':
        branch = 'top up';
        break;
      case 'GEN-NOT-FOUND':
        branch = 'missing';
        break;
    }
    expect(branch).toBe('top up');
  });

  it('422 carries the errors map', async () => {
    const errors = { genre_id: ['A genre is required for AI visuals and AI clips.'] };
    server = await startLocalServer(() => ({
      status: 422,
      body: { message: 'A genre is required for AI visuals and AI clips.', status: 422, errors },
    }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: TOKEN });
    const error = await client.unwrap(client.POST('/ai-visuals/{faceless}/render', { params: { path: { faceless: 3 } } })).catch((e) => e);
    expect(error).toMatchObject({ status: 422, code: 'HTTP-422', errors });
  });

  it('every code of the contract error catalogue comes through as error.code', async () => {
    const client = createVideoApiClient({ baseUrl: 'http://unused.invalid/v2', token: TOKEN });
    for (const entry of errorCatalogue) {
      const status = typeof entry.status === 'number' ? entry.status : 500;
      const error = await client
        .unwrap(
          Promise.resolve({ error: { message: entry.meaning, error: { code: entry.code } }, response: new Response(null, { status }) }),
        )
        .catch((e) => e);
      expect(error).toMatchObject({ code: entry.code, status });
    }
  });

  it('the token appears nowhere: not in errors, their JSON, stack, inspect, nor the client object', async () => {
    // A hostile server echoes the Authorization header back in its error message and errors map.
    server = await startLocalServer((req) =>
      fail(401, 'GEN-UNAUTHORIZED', `bad key ${req.headers.authorization}`, { errors: { token: [String(req.headers.authorization)] } }),
    );
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: TOKEN });
    expect(server.seen).toHaveLength(0);
    const error = await client.unwrap(client.GET('/me')).catch((e) => e);
    expect(server.seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`); // it was sent...
    expect(error).toMatchObject({ status: 401, code: 'GEN-UNAUTHORIZED' });
    assertNoToken(error, error.message, error.stack, String(error), JSON.stringify(error), client); // ...and is nowhere else
    expect(error.message).toContain('[redacted]');
  });

  it('polling and discovery errors are redacted too', async () => {
    server = await startLocalServer((req) => fail(404, 'GEN-NOT-FOUND', `no such thing for ${req.headers.authorization}`));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: TOKEN });
    const pollError = await client.poll.launchClip(5, { intervalMs: 1 }).catch((e) => e);
    const discoverError = await client.discoverIdeas({ keyword: 'k', network: 'youtube' }).catch((e) => e);
    for (const e of [pollError, discoverError]) {
      expect(e).toMatchObject({ status: 404, code: 'GEN-NOT-FOUND' });
      assertNoToken(e, e.stack);
    }
  });

  it('warns loudly in a browser with a real token, never printing it; mock tokens are quiet', () => {
    const g = globalThis as Record<string, unknown>;
    g.window = {};
    g.document = {};
    try {
      const warn = vi.fn();
      createVideoApiClient({ baseUrl: 'production', token: TOKEN, warn });
      expect(warn).toHaveBeenCalledWith(BROWSER_TOKEN_WARNING);
      assertNoToken(warn.mock.calls.flat().join('\n'));
      const quiet = vi.fn();
      for (const token of ['mock', 'mock-trial', 'mock-broke', undefined]) createVideoApiClient({ baseUrl: 'mock', token, warn: quiet });
      createVideoApiClient({ baseUrl: 'production', token: TOKEN, warn: quiet, dangerouslyAllowBrowser: true });
      expect(quiet).not.toHaveBeenCalled();
      // Default sink is console.warn (a new page: the warning is said once per page).
      g.document = {};
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      createVideoApiClient({ baseUrl: 'staging', token: TOKEN });
      expect(consoleWarn).toHaveBeenCalledTimes(1);
      assertNoToken(consoleWarn.mock.calls.flat().join('\n'));
    } finally {
      delete g.window;
      delete g.document;
    }
  });

  it('is quiet outside a browser', () => {
    const warn = vi.fn();
    createVideoApiClient({ baseUrl: 'production', token: TOKEN, warn });
    expect(warn).not.toHaveBeenCalled();
  });

  it('success passes through unwrap', async () => {
    server = await startLocalServer(() => ok({ id: 1, name: 'A' }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: TOKEN });
    const body = await client.unwrap(client.GET('/me'));
    expect(body.data).toMatchObject({ id: 1 });
  });
});

const baseUrl = 'http://errors.test/v2';
const api = createMockHandlers({ baseUrl, clock: 'manual' });

describe('VideoApiError names its call and falls back by status', () => {
  // The MSW server answers only inside this block: the tests above talk to a real local server.
  const msw = setupServer(...api);
  beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => api.control.reset());
  afterAll(() => msw.close());
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
