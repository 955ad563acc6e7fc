// A render refused by a precondition carries the contract's key (`no_script`, `no_voice`, `busy`,
// `insufficient_credits`, ...) on the client's error, read from the contract and the answer's own
// fields: a UI switches on the key, not on English text. Against the mock through MSW, in process.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient, type PreconditionKey, renderPreconditions, VideoApiError } from '../../client/index.js';
import { createMockHandlers } from '../../mock/msw.js';

const baseUrl = 'http://precondition-key.test/v2';
const server = setupServer(...createMockHandlers({ baseUrl, clock: 'manual' }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

async function refusal(token: string, prepare: (id: number | string, api: ReturnType<typeof createVideoApiClient>) => Promise<void>) {
  const api = createVideoApiClient({ baseUrl, token });
  const created = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll', topic: 'Why lighthouses are striped' } }))).data!;
  await prepare(created.id, api);
  const error = await api
    .unwrap(api.POST('/faceless/{faceless}/render', { params: { path: { faceless: created.id } } }))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(VideoApiError);
  return error as VideoApiError;
}

describe('the precondition key on a refused render', () => {
  it('no script, no voice, busy: each refusal names its key, and the key is one of the contract', async () => {
    const voice = async (api: ReturnType<typeof createVideoApiClient>) =>
      (await api.unwrap(api.GET('/faceless/options'))).data!.mandatory!.voices![0].id;
    const noScript = await refusal('pk-no-script', async () => undefined);
    const noVoice = await refusal('pk-no-voice', async (id, api) => {
      await api.unwrap(
        api.PATCH('/faceless/{faceless}', { params: { path: { faceless: id } }, body: { script: 'A script about lighthouses.' } }),
      );
    });
    const busy = await refusal('pk-busy', async (id, api) => {
      const params = { path: { faceless: id } };
      await api.unwrap(
        api.PATCH('/faceless/{faceless}', { params, body: { script: 'A script about lighthouses.', voice_id: await voice(api) } }),
      );
      await api.unwrap(api.POST('/faceless/{faceless}/render', { params }));
    });
    const keys: (PreconditionKey | undefined)[] = [noScript.precondition, noVoice.precondition, busy.precondition];
    expect(keys).toEqual(['no_script', 'no_voice', 'busy']);
    for (const key of keys) expect(Object.keys(renderPreconditions)).toContain(key);
    expect(busy.toJSON()).toMatchObject({ status: 403, precondition: 'busy' });
  });

  it('a refusal that is no precondition (an unknown id) carries none', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'pk-unknown' });
    const error = (await api
      .unwrap(api.POST('/faceless/{faceless}/render', { params: { path: { faceless: 987654 } } }))
      .catch((e: unknown) => e)) as VideoApiError;
    expect(error.status).toBe(404);
    expect(error.precondition).toBeUndefined();
  });
});
