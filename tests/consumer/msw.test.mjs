// A consumer's Vitest file: the stateful mock in process through MSW, the typed client, the manual clock.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createVideoApiClient } from 'video-api-v2-client';
import { createMockHandlers } from 'video-api-v2-mock/msw';

const baseUrl = 'http://api.example.test/v2';
const mock = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...mock);
let api;

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  api = createVideoApiClient({ baseUrl, token: 'consumer-test' });
});
afterAll(() => server.close());

async function draft(client, topic) {
  const created = (await client.unwrap(client.POST('/faceless', { body: { type: 'b-roll', topic } }))).data;
  const params = { path: { faceless: created.id } };
  await client.unwrap(client.PUT('/faceless/{faceless}/scripts', { params, body: { topic, duration: 60 } }));
  const voice = (await client.unwrap(client.GET('/faceless/options'))).data.mandatory.voices[0];
  await client.unwrap(client.PATCH('/faceless/{faceless}', { params, body: { voice_id: voice.id } }));
  return { id: created.id, params };
}

it('renders to completed when the test advances the clock', async () => {
  const { params } = await draft(api, 'octopus hearts');
  expect((await api.POST('/faceless/{faceless}/render', { params })).response.status).toBe(202);
  expect((await api.unwrap(api.GET('/faceless/{faceless}', { params }))).data.video.status).toBe('rendering');
  await mock.control.advance({ steps: 10 });
  expect((await api.unwrap(api.GET('/faceless/{faceless}', { params }))).data.video.status).toBe('completed');
});

it('a forced failure is what the app then reads', async () => {
  const { id, params } = await draft(api, 'to be failed');
  await api.unwrap(api.POST('/faceless/{faceless}/render', { params }));
  await mock.control.force('consumer-test', `/faceless/${id}`, 'failed');
  expect((await api.unwrap(api.GET('/faceless/{faceless}', { params }))).data.video.status).toBe('failed');
});

it('a render without credits is a 402 with required and available', async () => {
  const { params } = await draft(api, 'no credits left');
  await mock.control.updateAccount('consumer-test', { credits: 0 });
  const error = await api.unwrap(api.POST('/faceless/{faceless}/render', { params })).catch((e) => e);
  expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT-CREDITS', available: 0 });
  expect(typeof error.required).toBe('number');
});
