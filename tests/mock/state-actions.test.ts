// The calls the mock answers from an account's state rather than from the contract's example, one
// each, as an app reads the result back: the account's credits, history, auto top-up and voice
// clone slots; a script generated or scraped into a video; scraped images; a storyboard's estimate,
// scenes and prompt; a character's previews and training. Each test talks to a mock core of its own,
// built for it (tests/support/mock-each-test.ts says why), in process on the mock's clock.
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { callerAs, characterForm, voiceCloneForm } from '../support/core-calls.js';
import { mockEachTest } from '../support/mock-each-test.js';

const core = mockEachTest(() => createMockCore({ env: { MOCK_CLOCK: 'manual' }, log: () => {} }));

/** One API call as the account `actions`. */
const call = callerAs('actions');

/** A new resource made with `body` under `path`; its id. */
async function created(path: string, body: unknown = {}): Promise<number> {
  const reply = await call(core, 'POST', path, body);
  expect(reply.status).toBe(200);
  return reply.body.data.id;
}

describe('the account', () => {
  it('GET /me shows the credits left after a charge', async () => {
    const before = (await call(core, 'GET', '/me')).body.data.credits.remaining;
    const id = await created('/faceless', { type: 'b-roll' });
    const cost = (await call(core, 'PUT', `/faceless/${id}/scripts`, { topic: 'Tides' })).body.meta.credits.cost;
    const me = await call(core, 'GET', '/me');
    expect([me.status, me.body.data.credits.remaining]).toEqual([200, before - cost]);
  });

  it("the credit history lists the account's own charge, and only it", async () => {
    const id = await created('/faceless', { type: 'b-roll' });
    await call(core, 'PUT', `/faceless/${id}/scripts`, { topic: 'Tides' });
    const history = await call(core, 'GET', '/credits/history');
    expect([history.status, history.body.meta.total, history.body.data[0].label]).toEqual([200, 1, 'Generate a script']);
  });

  it('the auto top-up reads back as it was set', async () => {
    const set = await call(core, 'PUT', '/account/auto-topup', { enabled: true, type: 'extra-credits', plan_id: 3 });
    const read = await call(core, 'GET', '/account/auto-topup');
    expect([set.status, read.status, read.body.data.enabled, read.body.data.plan_id]).toEqual([200, 200, true, 3]);
  });

  it('the voice clone slots count the clones the account made', async () => {
    const before = await call(core, 'GET', '/voice-clones/slots');
    await created('/voice-clones', voiceCloneForm('Narrator'));
    const after = await call(core, 'GET', '/voice-clones/slots');
    expect([before.status, after.body.data.available]).toEqual([200, before.body.data.available - 1]);
  });
});

describe('scripts and images written into a video', () => {
  it.each([
    ['faceless', { type: 'b-roll' }],
    ['b-roll', {}],
    ['ai-visuals', {}],
    ['url-to-video', {}],
  ])('a script generated for a %s video is stored: GET shows it', async (surface, body) => {
    const id = await created(`/${surface}`, body);
    const written = await call(core, 'PUT', `/${surface}/${id}/scripts`, { topic: 'Tides' });
    const read = await call(core, 'GET', `/${surface}/${id}`);
    expect([written.status, typeof read.body.data.script, read.body.data.script]).toEqual([200, 'string', written.body.data.script]);
  });

  it.each([
    ['faceless', { type: 'url-based' }],
    ['url-to-video', {}],
  ])('a script scraped for a %s video is stored; a social page is refused', async (surface, body) => {
    const id = await created(`/${surface}`, body);
    const social = await call(core, 'POST', `/${surface}/${id}/scrape-script`, { url: 'https://www.instagram.com/p/1' });
    const scraped = await call(core, 'POST', `/${surface}/${id}/scrape-script`, { url: 'https://example.com/espresso' });
    const read = await call(core, 'GET', `/${surface}/${id}`);
    expect([social.status, scraped.status, typeof read.body.data.script]).toEqual([422, 200, 'string']);
  });

  it.each([
    ['faceless', { type: 'url-based' }],
    ['url-to-video', {}],
  ])('images scraped for a %s video are stored; a page under .invalid is refused', async (surface, body) => {
    const id = await created(`/${surface}`, body);
    const unreachable = await call(core, 'POST', `/${surface}/${id}/scrape-images`, { url: 'https://shop.invalid/a' });
    const scraped = await call(core, 'POST', `/${surface}/${id}/scrape-images`, { url: 'https://example.com/espresso' });
    const read = await call(core, 'GET', `/${surface}/${id}`);
    expect([unreachable.status, scraped.status, read.body.data.assets.length > 0]).toEqual([422, 200, true]);
  });
});

describe('a storyboard', () => {
  it('its estimate no longer counts the clips once they are generated', async () => {
    const id = await created('/text-to-scene', { mode: 'manual', title: 'Sea' });
    expect((await call(core, 'POST', `/text-to-scene/${id}/scenes`, { raw_video_prompt: 'Waves', duration: 5 })).status).toBe(200);
    const before = (await call(core, 'GET', `/text-to-scene/${id}/estimate`)).body.data.credits;
    const clips = await call(core, 'POST', `/text-to-scene/${id}/clips`, {});
    const after = (await call(core, 'GET', `/text-to-scene/${id}/estimate`)).body.data.credits;
    expect([clips.status < 300, after]).toEqual([true, before - clips.body.meta.credits.cost]);
  });

  it('a scene added gets an id of its own and is stored', async () => {
    const id = await created('/text-to-scene', { mode: 'manual', title: 'Sea' });
    const added = await call(core, 'POST', `/text-to-scene/${id}/scenes`, { raw_video_prompt: 'Waves', duration: 5 });
    const read = await call(core, 'GET', `/text-to-scene/${id}`);
    expect(read.body.data.scenes).toEqual([{ ...added.body.data, raw_video_prompt: 'Waves', duration: 5 }]);
  });

  it("a prompt fills it with the example's scenes, each with an id of this world", async () => {
    const id = await created('/text-to-scene', { mode: 'manual', title: 'Sea' });
    expect((await call(core, 'POST', `/text-to-scene/${id}/prompt`, {})).status).toBe(200);
    const scenes = (await call(core, 'GET', `/text-to-scene/${id}`)).body.data.scenes;
    expect([scenes.length > 0, scenes.every((scene: { id: number }) => scene.id > id)]).toEqual([true, true]);
  });
});

describe('a character', () => {
  /** A character made from a one-part form; its id. */
  const character = () => created('/characters', characterForm());

  it('its previews are stored, and training takes one of them, not another id', async () => {
    const id = await character();
    const previews = (await call(core, 'POST', `/characters/${id}/preview`, { genre_id: 1 })).body.data.previews;
    const read = await call(core, 'GET', `/characters/${id}`);
    const wrong = await call(core, 'POST', `/characters/${id}/train`, { preview_id: 'not-a-preview' });
    const trained = await call(core, 'POST', `/characters/${id}/train`, { preview_id: previews[0].id });
    expect([read.body.data.previews, wrong.status, trained.status < 300]).toEqual([previews, 422, true]);
  });
});

describe("a render's end, with the fields the contract's example shows for that state", () => {
  /** A b-roll video rendered with this script and polled once after one step of the clock; its id and data. */
  async function rendered(script: string) {
    const id = await created('/b-roll');
    await call(core, 'PATCH', `/b-roll/${id}`, { script, voice_id: 17 });
    expect((await call(core, 'POST', `/b-roll/${id}/render`)).status).toBe(202);
    await core.control.advance({ steps: 1 });
    return { id, data: (await call(core, 'GET', `/b-roll/${id}`)).body.data };
  }

  it("completed: the example's video URL, naming this video's id, and no failure", async () => {
    const { id, data } = await rendered('Squid facts.');
    expect([data.video.status, data.video.url.endsWith(`/${id}.mp4`), 'failure' in data.video]).toEqual(['completed', true, false]);
  });

  it('its state is written where the machine keeps it (data.video.status), not beside it', async () => {
    const { data } = await rendered('Squid facts.');
    expect([data.video.status, 'status' in data, 'video' in data.video]).toEqual(['completed', false, false]);
  });

  it("failed: the example's failure, and no URL", async () => {
    const { data } = await rendered('Squid facts mock:fail');
    expect([data.video.status, data.video.url, typeof data.video.failure?.code]).toEqual(['failed', null, 'string']);
  });
});

describe("a voice clone's end (its state kept at the top of its data)", () => {
  it('takes the state and its own fields from the example, never the fields the client named', async () => {
    const id = await created('/voice-clones', voiceCloneForm('Harbour Narrator'));
    await core.control.advance({ steps: 3 });
    const data = (await call(core, 'GET', `/voice-clones/${id}`)).body.data;
    expect([data.id, data.name, data.status]).toEqual([id, 'Harbour Narrator', 'completed']);
  });
});

describe('the resource bound (MOCK_MAX_RESOURCES): a new resource replaces the oldest one that is not running', () => {
  const bounded = mockEachTest(() => createMockCore({ env: { MOCK_CLOCK: 'manual', MOCK_MAX_RESOURCES: '2' }, log: () => {} }));

  /** A b-roll video, rendering (its job running on the stopped clock) if `render`; its id. */
  async function video(render: boolean): Promise<number> {
    const id = (await call(bounded, 'POST', '/b-roll', {})).body.data.id;
    if (render) {
      await call(bounded, 'PATCH', `/b-roll/${id}`, { script: 'Squid facts.', voice_id: 17 });
      expect((await call(bounded, 'POST', `/b-roll/${id}/render`)).status).toBe(202);
    }
    return id;
  }

  const kept = async (ids: number[]) => Promise.all(ids.map(async (id) => (await call(bounded, 'GET', `/b-roll/${id}`)).status));

  it('an older running render stays; the oldest idle draft goes', async () => {
    const ids = [await video(true), await video(false), await video(false)];
    expect(await kept(ids)).toEqual([200, 404, 200]);
  });

  it('when every stored resource is running, the oldest of them goes', async () => {
    const ids = [await video(true), await video(true), await video(false)];
    expect(await kept(ids)).toEqual([404, 200, 200]);
  });
});
