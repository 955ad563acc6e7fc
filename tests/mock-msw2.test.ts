// The MSW handlers (mock/msw.ts) still work with msw 2, which the mock package's peer range keeps
// (`^2.15.0 || ^3.0.0`): msw 3 is the repository's `msw`; msw 2 is the `msw2` alias, put in place of
// `msw` for this file only, under msw 2's own setupServer. One flow, the control plane and the
// refusal of a request outside the base path.
import { setupServer } from 'msw2/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVideoApiClient, type VideoApiClient } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

vi.mock('msw', async () => await import('msw2'));

const baseUrl = 'http://video-api.test/v2';
const handlers = createMockHandlers({ baseUrl, clock: 'manual' });
// Typed by msw 3 (the repository's `msw`), made by msw 2 at run time.
const server = setupServer(...(handlers as unknown as Parameters<typeof setupServer>));
let client: VideoApiClient;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  client = createVideoApiClient({ baseUrl, token: 'msw2-dev' });
});
afterAll(() => server.close());

describe('createMockHandlers under msw 2', () => {
  it('is msw 2 here, and walks a launch clip to completed on the manual clock', async () => {
    const { version } = (await import('msw2/package.json', { with: { type: 'json' } })).default;
    expect(version).toMatch(/^2\./);
    // The handlers are msw 2's own: mock/msw.ts's `msw` is msw 2 here.
    expect(handlers[0]).toBeInstanceOf((await import('msw2')).HttpHandler);
    const created = await client.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example', idea: 'a calm ritual' } });
    expect(created.response.status).toBe(201);
    const id = created.data!.data!.id;
    await handlers.control.advance({ steps: 10 });
    const done = await client.unwrap(client.GET('/launch-clips/{id}', { params: { path: { id } } }));
    expect(done.data!.status).toBe('completed');
    const journal = await handlers.control.requests({ token: 'msw2-dev' });
    expect(journal.map((entry) => entry.operationId)).toEqual(expect.arrayContaining(['createLaunchClip', 'getLaunchClip']));
    const outside = await fetch('http://video-api.test/v1/me');
    expect(outside.status).toBe(404);
  });
});
