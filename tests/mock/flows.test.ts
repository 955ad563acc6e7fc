// Each flow of the source's "Flows" section, end to end against the real mock process.
// Every answer is also checked against the contract (status documented, headers, body schema).
import { describe, expect, it } from 'vitest';
import { operations, stateMachines } from '../../generated/contract.js';
import { multipart, useMock } from '../support/mock-harness.js';

// The mock's clock stands still: each poll that is not done advances it one job step, so every
// state is seen whatever the machine's load and the order of the tests (jobs never move on their own).
const mock = useMock({ MOCK_CLOCK: 'manual' });
const { op, balance, stepUntil } = mock;
const terminal = (machine: keyof typeof stateMachines) => stateMachines[machine].terminal as readonly string[];

describe('faceless standard flow', () => {
  it('create, script, configure, estimate, render (202), poll rendering then completed, export', async () => {
    const token = 'flow-faceless';
    const start = await balance(token);
    const created = await op('createFacelessVideo', {}, { token, body: { type: 'ai-clips', topic: 'Five facts about octopuses' } });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data.type).toBe('ai-clips');
    expect(created.body.data.video.status).toBeNull();

    const script = await op('generateFacelessScript', { faceless: id }, { token, body: { topic: 'octopuses', duration: 60 } });
    expect(script.status).toBe(200);
    expect(typeof script.body.data.script).toBe('string');
    const scriptCost = script.body.meta.credits.cost;
    expect(script.body.meta.credits.remaining).toBe(start - scriptCost);

    const options = await op('getFacelessOptions', {}, { token });
    const voice = options.body.data.mandatory.voices[0].id;
    const genre = options.body.data.mandatory.genres[0].id;
    const configured = await op('updateFacelessVideo', { faceless: id }, { token, body: { voice_id: voice, genre_id: genre } });
    expect(configured.body.data.voice_id).toBe(voice);

    const estimate = await op('estimateFacelessRender', { faceless: id }, { token });
    const render = await op('renderFacelessVideo', { faceless: id }, { token });
    expect(render.status).toBe(202);
    expect(render.body.data.video.status).toBe('rendering');
    expect(render.body.meta.credits).toEqual({
      cost: estimate.body.data.credits,
      remaining: start - scriptCost - estimate.body.data.credits,
    });

    const seen = await stepUntil(
      async () => (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video,
      (video) => terminal('FacelessVideoStatus').includes(video.status),
    );
    expect(seen.map((v) => v.status)).toEqual(['rendering', 'completed']);
    expect(seen.at(-1).url).toMatch(/^https?:\/\//);
    expect(seen.at(-1).url).toContain(`/${id}.`); // each video its own file

    const exported = await op('exportFacelessVideo', { faceless: id }, { token, body: { captions: true } });
    expect(exported.status).toBe(200);
    expect(await balance(token)).toBe(start - scriptCost - estimate.body.data.credits - exported.body.meta.credits.cost);
  });

  it('a failed render carries video.failure; retry after fixing the script renders again', async () => {
    const token = 'flow-retry';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
    await op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'Octopus facts mock:fail', voice_id: 17 } });
    expect((await op('renderFacelessVideo', { faceless: id }, { token })).status).toBe(202);
    const failed = await stepUntil(
      async () => (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video,
      (video) => video.status === 'failed',
    );
    expect(failed.at(-1).failure).toEqual({ code: expect.any(String), message: expect.any(String) });

    await op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'Octopus facts' } });
    const before = await balance(token);
    const retried = await op('retryFacelessRender', { faceless: id }, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.meta.credits.remaining).toBe(before - retried.body.meta.credits.cost);
    const after = await stepUntil(
      async () => (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status,
      (status) => status === 'completed',
    );
    expect(after).toContain('completed');
  });

  it('is polled by id: GET /faceless/{video_id} is 404', async () => {
    const created = await op('createFacelessVideo', {}, { body: { type: 'ai-visuals' } });
    const { id, video_id } = created.body.data;
    expect(video_id).not.toBe(id);
    expect((await op('getFacelessVideo', { faceless: video_id })).status).toBe(404);
    expect((await op('getFacelessVideo', { faceless: id })).status).toBe(200);
  });
});

describe('url-based flow', () => {
  it('type fixed at creation; render needs scraped images; scrape-images free, scrape-script charges like PUT scripts', async () => {
    const token = 'flow-url';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'url-based' } })).body.data.id;
    const pageUrl = 'https://example.com/blog/espresso-guide';
    const scriptCost = (await op('generateFacelessScript', { faceless: id }, { token, body: { topic: 'espresso', duration: 30 } })).body
      .meta.credits.cost;
    await op('updateFacelessVideo', { faceless: id }, { token, body: { voice_id: 17 } });

    const before = await balance(token);
    const blocked = await op('renderFacelessVideo', { faceless: id }, { token });
    expect(blocked.status).toBe(422);
    expect(Object.keys(blocked.body.errors)).toEqual(['assets']);
    expect(await balance(token)).toBe(before);

    const scraped = await op('scrapeFacelessImages', { faceless: id }, { token, body: { url: pageUrl } });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.assets.length).toBeGreaterThan(0);
    expect(await balance(token)).toBe(before);

    const scrapedScript = await op('scrapeFacelessScript', { faceless: id }, { token, body: { url: pageUrl, duration: 60 } });
    expect(scrapedScript.body.meta.credits.cost).toBe(scriptCost);

    expect((await op('renderFacelessVideo', { faceless: id }, { token })).status).toBe(202);
    await stepUntil(
      async () => (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status,
      (s) => s === 'completed',
    );
    expect((await op('getFacelessVideo', { faceless: id }, { token })).body.data.type).toBe('url-based');
  });

  it('scrape endpoints refuse social-media and unparseable URLs with 422', async () => {
    const id = (await op('createFacelessVideo', {}, { body: { type: 'url-based' } })).body.data.id;
    expect((await op('scrapeFacelessImages', { faceless: id }, { body: { url: 'https://www.instagram.com/p/x' } })).status).toBe(422);
    expect((await op('scrapeFacelessImages', { faceless: id }, { body: { url: 'not a url' } })).status).toBe(422);
  });
});

describe('typed faceless surfaces', () => {
  it('b-roll: create with a title, script, configure, estimate, render, poll', async () => {
    const created = await op('createBRollVideo', {}, { body: { title: 'Morning routines' } });
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ type: 'b-roll', title: 'Morning routines' });
    await op('generateBRollScript', { faceless: id }, { body: { topic: 'painters', duration: 60 } });
    await op('updateBRollVideo', { id }, { body: { voice_id: 17 } });
    const estimate = await op('estimateBRollRender', { faceless: id });
    const render = await op('renderBRollVideo', { faceless: id });
    expect(render.body.meta.credits.cost).toBe(estimate.body.data.credits);
    const seen = await stepUntil(
      async () => (await op('getBRollVideo', { id })).body.data.video.status,
      (s) => s === 'completed',
    );
    expect(seen).toEqual(['rendering', 'completed']);
  });

  it('ai-visuals: a genre is required at render time; assets upload and regenerate (charges)', async () => {
    const id = (await op('createAiVisualsVideo', {}, { body: { title: 'Painters' } })).body.data.id;
    await op('generateAiVisualsScript', { faceless: id }, { body: { topic: 'painters', duration: 30 } });
    await op('updateAiVisualsVideo', { id }, { body: { voice_id: 17 } });
    const noGenre = await op('renderAiVisualsVideo', { faceless: id });
    expect(noGenre.status).toBe(422);
    expect(noGenre.body.errors).toHaveProperty('genre_id');
    const upload = multipart({ url: 'https://example.com/me.jpg' });
    expect((await op('uploadAiVisualsAsset', { faceless: id }, upload)).status).toBe(200);
    const regenerated = await op('regenerateAiVisualsAsset', { faceless: id, asset: 1 }, { body: {} });
    expect(regenerated.body.meta.credits.cost).toBeGreaterThan(0);
    await op('updateAiVisualsVideo', { id }, { body: { genre_id: 3 } });
    expect((await op('renderAiVisualsVideo', { faceless: id })).status).toBe(202);
    await stepUntil(
      async () => (await op('getAiVisualsVideo', { id })).body.data.video.status,
      (s) => s === 'completed',
    );
  });

  it('url-to-video: create, scrape images, script by scraping, configure, render, poll', async () => {
    const created = await op('createUrlToVideo', {}, { body: { title: 'Espresso at home' } });
    const id = created.body.data.id;
    expect(created.body.data.type).toBe('url-based');
    await op('scrapeUrlToVideoImages', { faceless: id }, { body: { url: 'https://example.com/espresso' } });
    await op('scrapeUrlToVideoScript', { faceless: id }, { body: { url: 'https://example.com/espresso' } });
    await op('updateUrlToVideo', { id }, { body: { voice_id: 17 } });
    await op('estimateUrlToVideoRender', { faceless: id });
    expect((await op('renderUrlToVideo', { faceless: id })).status).toBe(202);
    await stepUntil(
      async () => (await op('getUrlToVideo', { id })).body.data.video.status,
      (s) => s === 'completed',
    );
  });
});

describe('text-to-video flow', () => {
  it('models, estimate, create (202, charged as estimated), poll draft, processing, success with url', async () => {
    const token = 'flow-t2v';
    const models = await op('listTextToVideoModels', {}, { token });
    const model = models.body.data[0].slug;
    const estimate = await op('estimateTextToVideo', {}, { token, query: { model } });
    const start = await balance(token);
    const created = await op('createTextToVideo', {}, { token, body: { model, prompt: 'A red fox trotting through fresh snow at dawn' } });
    expect(created.status).toBe(202);
    expect(created.body.data.asset.status).toBe('draft');
    expect(created.body.meta.credits).toEqual({ cost: estimate.body.data.credits, remaining: start - estimate.body.data.credits });
    const seen = await stepUntil(
      async () => (await op('getTextToVideo', { id: created.body.data.id }, { token })).body.data.asset,
      (asset) => asset.status === 'success',
    );
    expect(seen.map((a) => a.status)).toEqual(['draft', 'processing', 'success']);
    expect(seen.at(-1).url).toMatch(/^https?:\/\//);
    expect(seen.slice(0, -1).every((a) => a.url === null)).toBe(true);
  });

  it('a prompt under 5 words is a 422 with the field named', async () => {
    const reply = await op('createTextToVideo', {}, { body: { model: 'kling-2-1', prompt: 'too short' } });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toContain('prompt');
  });
});

describe('launch clip flow', () => {
  it('estimate, create (201, flat cost), poll planning, briefed, rendering, completed with video.url', async () => {
    const token = 'flow-launch';
    const estimate = await op('estimateLaunchClip', {}, { token });
    expect(estimate.body.data.credits).toBe(operations.createLaunchClip.credits.cost);
    const start = await balance(token);
    const created = await op(
      'createLaunchClip',
      {},
      { token, body: { product_name: 'Brewly', domain: 'brewly.app', idea: 'Espresso made easy' } },
    );
    expect(created.status).toBe(201);
    expect(created.body.meta.credits).toEqual({ cost: estimate.body.data.credits, remaining: start - estimate.body.data.credits });
    const seen = await stepUntil(
      async () => (await op('getLaunchClip', { id: created.body.data.id }, { token })).body.data,
      (clip) => clip.status === 'completed',
    );
    expect(seen.map((c) => c.status)).toEqual(['planning', 'briefed', 'rendering', 'completed']);
    expect(seen.at(-1).video.url).toMatch(/\.mp4$/);
  });
});

describe('text-to-scene flow', () => {
  it('manual: create, add scenes (persisted), sort, frames, chain, moodboard, clips, render, poll completed', async () => {
    const token = 'flow-scene';
    const created = await op('createStoryboard', {}, { token, body: { mode: 'manual', title: 'Lighthouse' } });
    const id = created.body.data.id;
    expect(created.body.data.mode).toBe('manual');
    const scene = await op('addStoryboardScene', { storyboard: id }, { token, body: { raw_video_prompt: 'Waves at dusk', duration: 5 } });
    expect(scene.body.data).toMatchObject({ raw_video_prompt: 'Waves at dusk', duration: 5 });
    const second = await op('addStoryboardScene', { storyboard: id }, { token, body: { raw_video_prompt: 'Gulls', duration: 10 } });
    const stored = await op('getStoryboard', { id }, { token });
    expect(stored.body.data.scenes.map((s: { raw_video_prompt: string }) => s.raw_video_prompt)).toEqual(['Waves at dusk', 'Gulls']);
    expect(
      (await op('sortStoryboardScenes', { storyboard: id }, { token, body: { order: [second.body.data.id, scene.body.data.id] } })).status,
    ).toBe(200);
    expect((await op('setStoryboardSceneFrames', { storyboard: id, scene: scene.body.data.id }, { token, body: {} })).status).toBe(200);
    const before = await balance(token);
    const chain = await op('chainStoryboardScene', { storyboard: id, scene: second.body.data.id }, { token, body: {} });
    expect(['resolved', 'extracting', 'deferred']).toContain(chain.body.data.chain_status);
    expect(await balance(token)).toBe(before); // chaining is always free
    await op('getStoryboardMoodboard', { storyboard: id }, { token });
    await op('updateStoryboardMoodboard', { storyboard: id }, { token, body: {} });
    const clips = await op('generateStoryboardClips', { storyboard: id }, { token, body: {} });
    expect(clips.body.meta.credits.remaining).toBe(before - clips.body.meta.credits.cost);
    const estimate = await op('estimateStoryboard', { storyboard: id }, { token });
    const render = await op('renderStoryboard', { storyboard: id }, { token, body: {} });
    expect(render.body.meta.credits.cost).toBe(estimate.body.data.credits);
    const seen = await stepUntil(
      async () => (await op('getStoryboard', { id }, { token })).body.data.video?.status ?? null,
      (status) => status === 'completed',
    );
    expect(seen.at(-1)).toBe('completed');
  });

  it('wizard: the prompt endpoint populates scenes and charges', async () => {
    const token = 'flow-wizard';
    const id = (await op('createStoryboard', {}, { token, body: { mode: 'wizard', title: 'Sea' } })).body.data.id;
    const before = await balance(token);
    const prompted = await op('generateStoryboardFromPrompt', { storyboard: id }, { token, body: { prompt: 'A lighthouse story' } });
    expect(prompted.status).toBe(200);
    expect(prompted.body.data.id).toBe(id);
    expect(prompted.body.data.scenes.length).toBeGreaterThan(0);
    expect(prompted.body.meta.credits.remaining).toBe(before - prompted.body.meta.credits.cost);
  });
});

describe('voice clone flow', () => {
  it('slots, create (multipart), poll until completed with preview_url; the clone is then a narration voice', async () => {
    const token = 'flow-voice';
    const slots = await op('getVoiceCloneSlots', {}, { token });
    expect(typeof slots.body.data.available).toBe('number');
    const form = multipart({
      terms: 'true',
      name: 'My narrator',
      gender: 'female',
      'samples[]': { filename: 'a.mp3', type: 'audio/mpeg', data: 'ID3' },
    });
    const created = await op('createVoiceClone', {}, { token, ...form });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const seen = await stepUntil(
      async () => (await op('getVoiceClone', { id }, { token })).body.data,
      (clone) => clone.status === 'completed',
    );
    expect(seen.at(-1).preview_url).toMatch(/^https?:\/\//);
    const listed = await op('listVoiceClones', {}, { token });
    expect(listed.body.data.map((c: { id: number }) => c.id)).toContain(id);

    const video = (await op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
    await op('updateFacelessVideo', { faceless: video }, { token, body: { script: 'Hello', voice_id: id } });
    expect((await op('renderFacelessVideo', { faceless: video }, { token })).status).toBe(202);
  });
});

describe('ideas flow', () => {
  it('discover charges the flat cost every time (no idempotency); listing is free', async () => {
    const token = 'flow-ideas';
    const start = await balance(token);
    const first = await op('discoverIdeas', {}, { token, body: { keyword: 'espresso', network: 'youtube' } });
    expect(first.body.meta.credits).toEqual({
      cost: operations.discoverIdeas.credits.cost,
      remaining: start - operations.discoverIdeas.credits.cost,
    });
    const again = await op('discoverIdeas', {}, { token, body: { keyword: 'espresso', network: 'youtube' } });
    expect(again.body.meta.credits.remaining).toBe(start - 2 * operations.discoverIdeas.credits.cost);
    const listed = await op('listIdeas', {}, { token, query: { keyword: 'espresso' } });
    expect(Array.isArray(listed.body.data)).toBe(true);
    expect(await balance(token)).toBe(start - 2 * operations.discoverIdeas.credits.cost);
  });
});

describe('character flow', () => {
  it('genres, create with an image, preview, train (charges), poll until ready', async () => {
    const token = 'flow-character';
    const genres = await op('listCharacterGenres', {}, { token });
    const form = multipart({ name: 'Captain Mira', image: { filename: 'mira.png', type: 'image/png', data: 'PNG' } });
    const id = (await op('createCharacter', {}, { token, ...form })).body.data.id;
    const previews = await op('previewCharacter', { id }, { token, body: { genre_id: genres.body.data[0].id } });
    const previewId = previews.body.data.previews[0].id;
    expect((await op('trainCharacter', { id }, { token, body: { preview_id: 'nope' } })).status).toBe(422);
    const start = await balance(token);
    const trained = await op(
      'trainCharacter',
      { id },
      { token, body: { preview_id: previewId, name: 'Captain Mira', age: 34, gender: 'female' } },
    );
    expect(trained.body.meta.credits).toEqual({
      cost: operations.trainCharacter.credits.cost,
      remaining: start - operations.trainCharacter.credits.cost,
    });
    const seen = await stepUntil(
      async () => (await op('getCharacter', { id }, { token })).body.data.status,
      (s) => s === 'ready',
    );
    expect(seen.at(-1)).toBe('ready');
    expect((await op('listCharacters', {}, { token })).body.data.map((c: { id: number }) => c.id)).toContain(id);
  });
});
