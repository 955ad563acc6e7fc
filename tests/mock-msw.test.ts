// The mock in process through MSW (mock/msw.ts): the real handlers under msw's setupServer, the
// typed client over the patched fetch, the manual clock. No port is opened.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient, type VideoApiClient } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

const baseUrl = 'http://video-api.test/v2';
const handlers = createMockHandlers({ baseUrl, clock: 'manual' });
const other = createMockHandlers({ baseUrl: 'http://other-world.test/api/v2', clock: 'manual' });
const server = setupServer(...handlers, ...other);
let client: VideoApiClient;

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  // Made after listen(): MSW patches fetch, and the client takes fetch when it is made.
  client = createVideoApiClient({ baseUrl, token: 'msw-dev' });
});
afterAll(() => server.close());

async function renderedFaceless(api: VideoApiClient, topic: string) {
  const created = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll', topic } }))).data!;
  const voice = (await api.unwrap(api.GET('/faceless/options'))).data!.mandatory!.voices![0];
  const params = { path: { faceless: created.id } };
  await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { script: `A script about ${topic}.`, voice_id: voice.id } }));
  const render = await api.POST('/faceless/{faceless}/render', { params });
  expect(render.response.status).toBe(202);
  return { id: created.id, params };
}

describe('createMockHandlers under msw/node', () => {
  it('walks create, configure, render and poll to completed on the manual clock, charging credits', async () => {
    const before = (await client.unwrap(client.GET('/me'))).data!.credits.remaining;
    const { params } = await renderedFaceless(client, 'octopus hearts');
    const rendering = await client.unwrap(client.GET('/faceless/{faceless}', { params }));
    expect(rendering.data!.video.status).toBe('rendering');
    await handlers.control.advance({ steps: 10 });
    const done = await client.unwrap(client.GET('/faceless/{faceless}', { params }));
    expect(done.data!.video.status).toBe('completed');
    expect((await client.unwrap(client.GET('/me'))).data!.credits.remaining).toBeLessThan(before);
  });

  it('a forced failure shows as failed, keeps the charge as the contract says, and the journal shows what the app sent', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'msw-force' });
    const { id, params } = await renderedFaceless(api, 'forced failure');
    const charged = (await api.unwrap(api.GET('/me'))).data!.credits.remaining;
    const forced = await handlers.control.force('msw-force', `/faceless/${id}`, 'failed');
    expect(forced.state).toBe('failed');
    const failed = await api.unwrap(api.GET('/faceless/{faceless}', { params }));
    expect(failed.data!.video.status).toBe('failed');
    // The contract's faceless lifecycle has no refunding transition into failed: the charge stays.
    expect(forced.refunded).toBeFalsy();
    expect((await api.unwrap(api.GET('/me'))).data!.credits.remaining).toBe(charged);
    const journal = await handlers.control.requests({ token: 'msw-force' });
    expect(journal.map((entry) => entry.operationId)).toContain('renderFacelessVideo');
  });

  it('a broke account gets 402 with required and available, in the API envelope', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'msw-poor' });
    const created = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll', topic: 'no money' } }))).data!;
    await handlers.control.updateAccount('msw-poor', { credits: 0 });
    const voice = (await api.unwrap(api.GET('/faceless/options'))).data!.mandatory!.voices![0];
    const params = { path: { faceless: created.id } };
    await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { script: 'Short.', voice_id: voice.id } }));
    const error = await api.unwrap(api.POST('/faceless/{faceless}/render', { params })).catch((e) => e);
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT-CREDITS', available: 0 });
    expect(typeof error.required).toBe('number');
  });

  it('gates, faults, Prefer and the control API over HTTP-shaped calls work as on the server', async () => {
    const trial = createVideoApiClient({ baseUrl, token: 'mock-trial' });
    expect(await trial.unwrap(trial.GET('/faceless/options')).catch((e) => e)).toMatchObject({
      status: 403,
      code: 'PAID-SUBSCRIPTION-REQUIRED',
    });
    await handlers.control.addFault({ operationId: 'getMe', status: 503, count: 1 });
    expect((await client.GET('/me')).response.status).toBe(503);
    expect((await client.GET('/me')).response.status).toBe(200);
    const preferred = await fetch(`${baseUrl}/me`, { headers: { Authorization: 'Bearer x', Prefer: 'code=401' } });
    expect(preferred.status).toBe(401);
    const clock = await fetch('http://video-api.test/__mock/clock');
    expect(await clock.json()).toMatchObject({ mode: 'manual' });
    const unknown = await fetch(`${baseUrl}/nothing-here`, { headers: { Authorization: 'Bearer x' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'GEN-NOT-FOUND' } });
  });

  it('each handler set is its own world, under its own base path', async () => {
    const mine = createVideoApiClient({ baseUrl, token: 'shared-name' });
    const theirs = createVideoApiClient({ baseUrl: 'http://other-world.test/api/v2', token: 'shared-name' });
    const created = (await mine.unwrap(mine.POST('/faceless', { body: { type: 'b-roll', topic: 'only here' } }))).data!;
    const params = { path: { faceless: created.id } };
    expect((await mine.GET('/faceless/{faceless}', { params })).response.status).toBe(200);
    expect(await theirs.unwrap(theirs.GET('/faceless/{faceless}', { params })).catch((e) => e)).toMatchObject({ status: 404 });
    expect((await handlers.control.requests({ token: 'shared-name' })).length).toBe(2);
    expect((await other.control.requests({ token: 'shared-name' })).length).toBe(1);
  });
  it('an uploaded file arrives byte-exact: the journal has its size and SHA-256', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 151 + 7) % 256);
    const api = createVideoApiClient({ baseUrl, token: 'msw-upload' });
    const { response } = await api.POST('/characters', {
      body: { name: 'Ava', image: new File([bytes], 'ava.png', { type: 'image/png' }) },
    });
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
    const [entry] = await handlers.control.requests({ token: 'msw-upload', limit: 1 });
    expect(response.status).toBe(200);
    expect(entry.uploads).toContainEqual({ field: 'image', filename: 'ava.png', contentType: 'image/png', size: 4096, sha256: digest });
  });
});
