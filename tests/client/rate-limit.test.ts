// 429 handling against a local server that answers 429: a safe call is retried after Retry-After,
// a charging call (x-credits.charges: true in the contract) is never retried.
import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../../generated/contract.js';
import { chargesCredits, createVideoApiClient } from '../../client/index.js';
import { fail, ok, startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const tooMany = (retryAfter: string) =>
  fail(
    429,
    'TOO-MANY-REQUESTS',
    'Too Many Requests',
    {},
    {
      'Retry-After': retryAfter,
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 60),
    },
  );

// Fill every {param} of a path template with a dummy id.
const fill = (template: string) => Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], '1']));

describe('client rate limits', () => {
  it('the operations used below are what the contract says they are', () => {
    expect(chargesCredits('GET', '/me')).toBe(false);
    expect(chargesCredits('POST', '/faceless')).toBe(false);
    expect(chargesCredits('POST', '/faceless/{faceless}/render')).toBe(true);
    expect(chargesCredits('POST', '/ideas/discover')).toBe(true);
  });

  it('retries a safe GET after waiting Retry-After, and reads X-RateLimit-*', async () => {
    server = await startLocalServer((_req, n) =>
      n === 1 ? tooMany('1') : ok({ id: 1 }, 200, { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '28' }),
    );
    const retries: number[] = [];
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't', onRetry: (e) => retries.push(e.waitMs) });
    const started = Date.now();
    const { data, response } = await client.GET('/me');
    expect(response.status).toBe(200);
    expect(data?.data).toEqual({ id: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.seen).toHaveLength(2);
    expect(retries).toEqual([1000]);
    expect(client.rateLimit()).toEqual({ limit: 30, remaining: 28, reset: undefined });
    // The retried request carries the same auth header.
    expect(server.seen[1].headers.authorization).toBe('Bearer t');
  });

  it('replays the body of a safe POST when retrying it', async () => {
    server = await startLocalServer((_req, n) => (n === 1 ? tooMany('0') : ok({ id: 7, type: 'b-roll' }, 201)));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const { response } = await client.POST('/faceless', { body: { type: 'b-roll', topic: 'espresso' } });
    expect(response.status).toBe(201);
    expect(server.seen).toHaveLength(2);
    expect(JSON.parse(server.seen[1].body.toString())).toEqual({ type: 'b-roll', topic: 'espresso' });
  });

  it('never retries a charging call: a 429 on render comes back as an error after one request', async () => {
    server = await startLocalServer(() => tooMany('0'));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const result = await client.POST('/faceless/{faceless}/render', { params: { path: { faceless: 1 } } });
    expect(result.response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
    await expect(client.unwrap(client.POST('/faceless/{faceless}/render', { params: { path: { faceless: 1 } } }))).rejects.toMatchObject({
      name: 'VideoApiError',
      status: 429,
      retryAfterSeconds: 0,
    });
    expect(server.seen).toHaveLength(2);
  });

  it('for every operation of the contract: one request if it charges, a retry if it does not', async () => {
    server = await startLocalServer(() => tooMany('0'));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't', maxRetries: 1 });
    const request = client.request as unknown as (m: string, p: string, init: unknown) => Promise<{ response: Response }>;
    for (const [operationId, op] of Object.entries(operations)) {
      const before = server.seen.length;
      await request(op.method.toLowerCase(), op.path, {
        params: { path: fill(op.path) },
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
      });
      const sent = server.seen.length - before;
      // soft: a failure lists every operation handled wrongly, not only the first
      expect.soft({ operationId, sent }).toEqual({ operationId, sent: op.credits.charges ? 1 : 2 });
    }
  });

  it('does not wait for a Retry-After longer than maxWaitMs', async () => {
    server = await startLocalServer(() => tooMany('3600'));
    const retries: number[] = [];
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't', maxWaitMs: 5000, onRetry: (e) => retries.push(e.waitMs) });
    const { response } = await client.GET('/me');
    expect(response.status).toBe(429);
    // No retry was scheduled (a wait of an hour would also time the test out).
    expect(retries).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });

  it('gives up after maxRetries and returns the last 429', async () => {
    server = await startLocalServer(() => tooMany('0'));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't', maxRetries: 2 });
    const { response } = await client.GET('/me');
    expect(response.status).toBe(429);
    expect(server.seen).toHaveLength(3);
  });
});
