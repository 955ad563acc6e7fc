// How long the client waits before retrying a 429, and what it remembers of X-RateLimit-*, as an app
// sees it (onRetry's waitMs, onRateLimit, client.rateLimit()): Retry-After in seconds or as an HTTP
// date, X-RateLimit-Reset when there is no Retry-After, 1 s when neither says, and never longer
// than maxWaitMs. Waits of seconds are read from onRetry and the call is then aborted, not waited for.
import { afterEach, describe, expect, it } from 'vitest';
import { createVideoApiClient, type VideoApiClientOptions } from '../../client/index.js';
import { ok, startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const tooMany = (headers: Record<string, string>) => ({ status: 429, body: { message: 'Too Many Requests', status: 429 }, headers });

/** GET /me answered 429 with `headers` once, then 200; resolves with the waits the client announced. */
async function waitsFor(headers: Record<string, string>, options: Partial<VideoApiClientOptions> = {}) {
  server = await startLocalServer((_req, n) => (n === 1 ? tooMany(headers) : ok({ id: 1 })));
  const events: { operation: string; attempt: number; waitMs: number }[] = [];
  const abort = new AbortController();
  const client = createVideoApiClient({
    baseUrl: server.baseUrl,
    token: 't',
    ...options,
    onRetry: (event) => {
      events.push(event);
      // A wait longer than a moment is only looked at, not waited out.
      if (event.waitMs > 50) abort.abort();
    },
  });
  const result = await client.GET('/me', { signal: abort.signal }).catch((error: unknown) => ({ aborted: error }));
  return { events, result, requests: server.seen.length };
}

describe('the wait before retrying a 429', () => {
  it('Retry-After as an HTTP date in the past: retried at once', async () => {
    const { events, requests } = await waitsFor({ 'Retry-After': new Date(Date.now() - 60_000).toUTCString() }, { maxWaitMs: 500 });
    expect(events).toEqual([{ operation: 'GET /me', attempt: 1, waitMs: 0 }]);
    expect(requests).toBe(2);
  });

  it('Retry-After as an HTTP date ahead: waits until then', async () => {
    const { events } = await waitsFor({ 'Retry-After': new Date(Date.now() + 30_000).toUTCString() });
    expect(events).toHaveLength(1);
    expect(events[0].waitMs).toBeGreaterThan(28_000);
    expect(events[0].waitMs).toBeLessThanOrEqual(30_000);
  });

  it('no Retry-After: waits until X-RateLimit-Reset (Unix seconds)', async () => {
    const { events } = await waitsFor({ 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + 30) });
    expect(events).toHaveLength(1);
    expect(events[0].waitMs).toBeGreaterThan(28_000);
    expect(events[0].waitMs).toBeLessThanOrEqual(30_000);
  });

  it('no Retry-After and a reset already past: retried at once', async () => {
    const { events, requests } = await waitsFor({ 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) - 30) }, { maxWaitMs: 500 });
    expect(events.map((e) => e.waitMs)).toEqual([0]);
    expect(requests).toBe(2);
  });

  it('neither header, or a Retry-After that is no number and no date: waits 1 s', async () => {
    expect((await waitsFor({})).events.map((e) => e.waitMs)).toEqual([1000]);
    await server?.close();
    expect((await waitsFor({ 'Retry-After': 'soon' })).events.map((e) => e.waitMs)).toEqual([1000]);
  });

  it('a wait of exactly maxWaitMs is waited; one above it is not, and the 429 is returned', async () => {
    expect((await waitsFor({ 'Retry-After': '2' }, { maxWaitMs: 2000 })).events.map((e) => e.waitMs)).toEqual([2000]);
    await server?.close();
    const over = await waitsFor({ 'Retry-After': '2' }, { maxWaitMs: 1999 });
    expect(over.events).toEqual([]);
    expect(over.requests).toBe(1);
    expect((over.result as { response: Response }).response.status).toBe(429);
  });

  it('a 429 without a body (from an app-supplied fetch) is retried', async () => {
    let calls = 0;
    const client = createVideoApiClient({
      baseUrl: 'http://no-body.test/v2',
      token: 't',
      fetch: async () =>
        ++calls === 1
          ? new Response(null, { status: 429, headers: { 'Retry-After': '0' } })
          : Response.json({ message: 'Success.', status: 200, data: { id: 2 } }),
    });
    const { response, data } = await client.GET('/me');
    expect(response.status).toBe(200);
    expect(data?.data).toEqual({ id: 2 });
    expect(calls).toBe(2);
  });
});

describe('the last X-RateLimit-* values', () => {
  it('each header alone is remembered; an answer without any keeps the values seen before', async () => {
    const answers: Record<string, string>[] = [
      { 'X-RateLimit-Limit': '30' },
      { 'X-RateLimit-Remaining': '7' },
      { 'X-RateLimit-Reset': '1900000000' },
      {},
      { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '' },
    ];
    server = await startLocalServer((_req, n) => ok({ id: n }, 200, answers[n - 1]));
    const seen: unknown[] = [];
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't', onRateLimit: (info) => seen.push(info) });
    const after: unknown[] = [];
    for (let i = 0; i < answers.length; i++) {
      await client.GET('/me');
      after.push(client.rateLimit());
    }
    const none = { limit: undefined, remaining: undefined, reset: undefined };
    expect(after).toEqual([
      { ...none, limit: 30 },
      { ...none, remaining: 7 },
      { ...none, reset: 1900000000 },
      { ...none, reset: 1900000000 },
      // An empty header is no value (not 0 remaining).
      { ...none, limit: 30 },
    ]);
    expect(seen).toHaveLength(4);
  });
});

describe('bearer auth', () => {
  it('a client without a token sends no Authorization header at all', async () => {
    server = await startLocalServer(() => ok({ id: 1 }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: undefined });
    await client.GET('/me');
    expect(server.seen[0].headers.authorization).toBeUndefined();
  });
});
