// The mock's jobs on a stopped clock (in process, through the MSW handlers): the clock moved on by
// several steps at once, then one poll, shows the state those steps lead to, as if the client had
// polled after every step. Each automatic step takes one step of time after the one before it, not
// after the poll that first noticed it.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient, type VideoApiClient } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

const baseUrl = 'http://clock-steps.test/v2';
const handlers = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...handlers);
let client: VideoApiClient;

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  client = createVideoApiClient({ baseUrl, token: 'clock-steps' });
});
afterAll(() => server.close());

async function newClip(idea: string, api: VideoApiClient = client) {
  const created = await api.unwrap(api.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example', idea } }));
  return created.data!.id;
}

const clipStatus = async (id: string | number, api: VideoApiClient = client) =>
  (await api.unwrap(api.GET('/launch-clips/{id}', { params: { path: { id } } }))).data!.status;

const facelessPath = (faceless: number | string) => ({ params: { path: { faceless: Number(faceless) } } });

/** A faceless draft with a script and a voice: ready to render. Its id. */
async function readyDraft(api: VideoApiClient): Promise<number> {
  const draft = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll' } }))).data!;
  await api.unwrap(api.PUT('/faceless/{faceless}/scripts', { ...facelessPath(draft.id!), body: { topic: 'Owls at night', duration: 60 } }));
  await api.unwrap(api.PATCH('/faceless/{faceless}', { ...facelessPath(draft.id!), body: { voice_id: 17 } }));
  return Number(draft.id);
}

describe('several steps, one poll', () => {
  it('a launch clip (planning, briefed, rendering, completed: three automatic steps) is completed after three steps and one poll', async () => {
    const id = await newClip('three steps at once');
    expect(await clipStatus(id)).toBe('planning');
    await handlers.control.advance({ steps: 3 });
    expect(await clipStatus(id)).toBe('completed');
  });

  it('two steps then one poll shows rendering; one more step then shows completed', async () => {
    const id = await newClip('two then one');
    await handlers.control.advance({ steps: 2 });
    expect(await clipStatus(id)).toBe('rendering');
    await handlers.control.advance({ steps: 1 });
    expect(await clipStatus(id)).toBe('completed');
  });

  it('a text-to-video asset (draft, processing, success) is done after two steps and one poll', async () => {
    const model = (await client.unwrap(client.GET('/text-to-video/models'))).data![0].slug;
    const created = (
      await client.unwrap(client.POST('/text-to-video', { body: { model, prompt: 'Waves roll onto an empty beach at dawn' } }))
    ).data!;
    const read = async () => (await client.unwrap(client.GET('/text-to-video/{id}', { params: { path: { id: created.id! } } }))).data!;
    expect((await read()).asset.status).toBe('draft');
    await handlers.control.advance({ steps: 2 });
    expect((await read()).asset.status).toBe('success');
  });

  it('a failed clip noticed two steps late is refunded at the moment it failed, not at the poll', async () => {
    const start = Date.parse((await handlers.control.clock()).now);
    const { stepMs } = await handlers.control.clock();
    // An account of its own: its history holds this clip's charge and refund only.
    const api = createVideoApiClient({ baseUrl, token: 'clock-steps-late-refund' });
    const id = await newClip('a launch that mock:fail', api);
    await handlers.control.advance({ steps: 5 });
    expect(await clipStatus(id, api)).toBe('failed');
    const history = (await api.unwrap(api.GET('/credits/history', { params: { query: { order: 'ASC', per_page: 50 } } }))).data!;
    const refunds = history.filter((entry) => entry.transaction_type === 'Refund');
    expect(refunds).toHaveLength(1);
    // planning, briefed, rendering, failed: the third step.
    expect(refunds[0].created_at).toBe(new Date(start + 3 * stepMs).toISOString());
    // The refund names what it gives back: the charge's own label.
    const charge = history.find((entry) => entry.transaction_type !== 'Refund' && entry.credit_spend?.startsWith('-'));
    expect(refunds[0].label).toBe(`Refund: ${charge!.label}`);
    // Both entries name the kind of content (the mock's naming: the path's first segment, `_` for `-`).
    expect([charge!.content_type, refunds[0].content_type]).toEqual(['launch_clips', 'launch_clips']);
  });

  it('a job is refunded once: failing again after a refund writes no second refund, not even of 0', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'clock-refund-once' });
    const id = (
      await api.unwrap(api.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example', idea: 'mock:fail twice' } }))
    ).data!.id;
    await handlers.control.advance({ steps: 3 });
    expect((await api.unwrap(api.GET('/launch-clips/{id}', { params: { path: { id } } }))).data!.status).toBe('failed');
    // Put back to rendering (the control plane), and let it fail again on the clock.
    await handlers.control.force('clock-refund-once', `/launch-clips/${id}`, 'rendering');
    await handlers.control.advance({ steps: 1 });
    expect((await api.unwrap(api.GET('/launch-clips/{id}', { params: { path: { id } } }))).data!.status).toBe('failed');
    const history = (await api.unwrap(api.GET('/credits/history', { params: { query: { per_page: 50 } } }))).data!;
    expect(history.filter((entry) => entry.transaction_type === 'Refund')).toHaveLength(1);
  });

  it('a forced failure refunds once, naming the charge; forcing it to fail again refunds nothing', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'clock-force-refund' });
    const id = (await api.unwrap(api.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example', idea: 'forced' } })))
      .data!.id;
    const first = await handlers.control.force('clock-force-refund', `/launch-clips/${id}`, 'failed');
    expect(first.refunded).toBeGreaterThan(0);
    await handlers.control.force('clock-force-refund', `/launch-clips/${id}`, 'rendering');
    const again = await handlers.control.force('clock-force-refund', `/launch-clips/${id}`, 'failed');
    expect(again.refunded).toBeFalsy();
    const history = (await api.unwrap(api.GET('/credits/history', { params: { query: { per_page: 50 } } }))).data!;
    const refunds = history.filter((entry) => entry.transaction_type === 'Refund');
    expect(refunds).toHaveLength(1);
    const charge = history.find((entry) => entry.transaction_type !== 'Refund' && entry.credit_spend?.startsWith('-'));
    expect(refunds[0].label).toBe(`Refund: ${charge!.label}`);
  });
});

describe('a job that ended, started again', () => {
  it('a completed faceless video rendered again is rendering again (its render starts from no job state)', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'clock-steps-rerender' });
    const id = await readyDraft(api);
    await api.unwrap(api.POST('/faceless/{faceless}/render', facelessPath(id)));
    await handlers.control.advance({ steps: 1 });
    const done = (await api.unwrap(api.GET('/faceless/{faceless}', facelessPath(id)))).data!;
    const again = (await api.unwrap(api.POST('/faceless/{faceless}/render', facelessPath(id)))).data!;
    expect([done.video?.status, again.video?.status]).toEqual(['completed', 'rendering']);
  });
});

describe('a job that a call starts and that finishes on its own one step later', () => {
  it('a new voice clone shows no status and no preview until one step passes, then completed with its preview', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ terms: 'true', name: 'Narrator', gender: 'female' })) form.set(name, value);
    form.append('samples[]', new Blob(['sample'], { type: 'audio/mpeg' }), 'sample.mp3');
    const headers = { authorization: 'Bearer clock-steps-clone' };
    const created = await (await fetch(`${baseUrl}/voice-clones`, { method: 'POST', headers, body: form })).json();
    const read = async () => (await (await fetch(`${baseUrl}/voice-clones/${created.data.id}`, { headers })).json()).data;
    const before = await read();
    await handlers.control.advance({ steps: 1 });
    const after = await read();
    expect([before.status, before.preview_url, after.status]).toEqual([null, null, 'completed']);
    expect(after.preview_url).toMatch(/^https:\/\//);
  });
});

describe('a job a call starts again on a resource that finished one', () => {
  it("a ready character trained again shows the training answer's status until one step passes, then ready", async () => {
    const api = createVideoApiClient({ baseUrl, token: 'clock-steps-retrain' });
    const created = await api.unwrap(api.POST('/characters', { body: { name: 'Ava', image: new Blob(['png'], { type: 'image/png' }) } }));
    const id = created.data!.id!;
    const preview = await api.unwrap(api.POST('/characters/{id}/preview', { params: { path: { id } }, body: { genre_id: 1 } }));
    const train = () =>
      api.unwrap(
        api.POST('/characters/{id}/train', {
          params: { path: { id } },
          body: { preview_id: preview.data!.previews![0].id!, name: 'Ava', gender: 'female' },
        }),
      );
    const status = async () => (await api.unwrap(api.GET('/characters/{id}', { params: { path: { id } } }))).data!.status;
    await train();
    await handlers.control.advance({ steps: 1 });
    const first = await status();
    await train();
    const retraining = await status();
    // The control plane names the machine's state, which stays ready until the step is taken.
    const listed = (await handlers.control.account('clock-steps-retrain')).resources.find((r) => r.id === id)?.state;
    await handlers.control.advance({ steps: 1 });
    expect([first, retraining, listed, await status()]).toEqual(['ready', null, 'ready', 'ready']);
  });
});

describe('credits that cover a render exactly', () => {
  it('a render that costs every credit left is taken, leaving 0', async () => {
    // What a render costs, as the mock answers it.
    const priced = createVideoApiClient({ baseUrl, token: 'clock-steps-priced' });
    const first = await priced.unwrap(priced.POST('/faceless/{faceless}/render', facelessPath(await readyDraft(priced))));
    const cost = first.meta!.credits!.cost!;
    const exact = createVideoApiClient({ baseUrl, token: 'clock-steps-exact' });
    const id = await readyDraft(exact);
    await handlers.control.updateAccount('clock-steps-exact', { credits: cost });
    const rendered = await exact.POST('/faceless/{faceless}/render', facelessPath(id));
    expect([rendered.response.status, rendered.data?.meta?.credits?.remaining]).toEqual([202, 0]);
  });
});
