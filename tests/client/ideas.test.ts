// Idea discovery: never retried; after a timeout, GET /ideas before anything else.
import { afterEach, describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../../client/index.js';
import { fail, ok, startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('client idea discovery', () => {
  it('returns the discover result when it answers in time', async () => {
    server = await startLocalServer(() => ok([{ title: 'espresso at home' }], 200));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const outcome = await client.discoverIdeas({ keyword: 'espresso', network: 'youtube' });
    expect(outcome.outcome).toBe('discovered');
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v2/ideas/discover']);
  });

  it('after a timeout, reconciles with GET /ideas (same keyword and network) and does not retry', async () => {
    server = await startLocalServer((req) => (req.method === 'POST' ? { ...ok([]), delayMs: 2000 } : ok([{ title: 'found anyway' }])));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const outcome = await client.discoverIdeas({ keyword: 'espresso', network: 'youtube' }, { timeoutMs: 100 });
    expect(outcome).toMatchObject({ outcome: 'reconciled', reason: 'timeout' });
    if (outcome.outcome === 'reconciled') expect(outcome.ideas.data).toEqual([{ title: 'found anyway' }]);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /v2/ideas/discover',
      'GET /v2/ideas?keyword=espresso&network=youtube',
    ]);
  });

  it('a 429 on discover is handed back, not retried (it charges)', async () => {
    server = await startLocalServer(() => fail(429, 'TOO-MANY', 'slow down', {}, { 'Retry-After': '0' }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    await expect(client.discoverIdeas({ keyword: 'k', network: 'youtube' })).rejects.toMatchObject({ status: 429 });
    expect(server.seen).toHaveLength(1);
  });

  it('an abort by the caller rejects without reconciling', async () => {
    const controller = new AbortController();
    // Abort once the server holds the request, so a loaded machine cannot abort before it is sent.
    server = await startLocalServer(() => {
      setTimeout(() => controller.abort(new Error('cancelled')), 20);
      return { ...ok([]), delayMs: 2000 };
    });
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    await expect(client.discoverIdeas({ keyword: 'k', network: 'youtube' }, { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(server.seen).toHaveLength(1);
  });
});
