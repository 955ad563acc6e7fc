// Typed errors (code, status, message, 422 errors, 402 required/available) and the token's secrecy:
// it never appears in an error, its JSON, its stack, a log line, or the serialised client.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../generated/contract.js';
import { BROWSER_TOKEN_WARNING, createVideoApiClient, isVideoApiError, VideoApiError } from '../client/index.js';
import { fail, ok, startLocalServer, type LocalServer } from './client-local-server.js';

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
