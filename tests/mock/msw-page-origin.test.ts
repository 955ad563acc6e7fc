// MSW on the page's own origin (a relative base, as in a Vite app): a client whose baseUrl lacks
// /v2 calls `<page>/faceless/1`. That is answered with the API's 404 naming the base path, as the
// command and the Node handlers answer it, not passed to the dev server (whose index.html the
// client would try to read as JSON); the page's own requests (assets, routes) still pass by.
// The page's own control calls carry its Origin, and are answered on any page origin.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PAGE = 'http://app.test:5173';
const g = globalThis as { location?: unknown };
const before = g.location;
g.location = new URL(`${PAGE}/`);
const { createMockHandlers } = await import('../../mock/msw.js');
const handlers = createMockHandlers({ baseUrl: '/v2', clock: 'manual' });
// Stands in for the dev server behind the page: whatever MSW passes by lands here.
const devServer = http.all(`${PAGE}/*`, () =>
  HttpResponse.text('<!doctype html><title>app</title>', { headers: { 'content-type': 'text/html' } }),
);
const server = setupServer(...handlers, devServer);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => {
  server.close();
  g.location = before;
});

describe('handlers under a relative base, on the page origin', () => {
  it('an API path without the base path: the 404 envelope naming /v2', async () => {
    const answer = await fetch(`${PAGE}/faceless/1`, { headers: { authorization: 'Bearer page-test' } });
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { message: string };
    expect(body.message).toMatch(/\/v2/);
  });

  it("the page's own requests pass by to the dev server", async () => {
    for (const path of ['/', '/src/main.tsx', '/assets/logo.svg']) {
      const answer = await fetch(`${PAGE}${path}`);
      expect(answer.headers.get('content-type'), path).toMatch(/text\/html/);
    }
  });

  it('the API under /v2 still answers', async () => {
    const answer = await fetch(`${PAGE}/v2/me`, { headers: { authorization: 'Bearer page-test' } });
    expect(answer.status).toBe(200);
  });

  it("the page's own control calls with its Origin are answered on a page that is not on loopback (a Storybook on a team host)", async () => {
    const patch = await fetch(`${PAGE}/__mock/accounts/page-trial`, {
      method: 'PATCH',
      headers: { origin: PAGE, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: 'trial' }),
    });
    expect(patch.status).toBe(200);
    const gated = await fetch(`${PAGE}/v2/faceless/options`, { headers: { authorization: 'Bearer page-trial' } });
    expect(((await gated.json()) as { error: { code: string } }).error.code).toBe('PAID-SUBSCRIPTION-REQUIRED');
  });
});
