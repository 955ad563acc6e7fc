// Rules the source states outright, each reproduced over HTTP against the real mock process:
// scrapes refuse social, unparseable and unreachable pages before any charge; typed surfaces serve
// only their own type; `only` filters the option groups; a preset that is not there is 404; scene
// durations follow the clip engine; the storyboard estimate is what clips and render then charge;
// malformed JSON is 400 GEN-WRONG-ARGS; and the smaller rules around them.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectConforms, spec, useMock } from '../support/mock-harness.js';

// The clock stands still: jobs stay where the test put them, however slow the machine.
const mock = useMock({ MOCK_CLOCK: 'manual' });
const { op, balance } = mock;

/** A fresh draft of a faceless type, created on the generic surface. */
async function draft(token: string, type: string): Promise<number> {
  const reply = await op('createFacelessVideo', {}, { token, body: { type } });
  expect(reply.status, type).toBeLessThan(300);
  return reply.body.data.id;
}

describe('scrapes: 422 for social, unparseable or unreachable pages, and nothing charged', () => {
  const refused = [
    'https://www.instagram.com/somebody',
    'https://m.facebook.com/page',
    'not a url',
    'ftp://files.example.org/a',
    'https://gone.invalid/page',
  ];

  it.each(['scrapeFacelessScript', 'scrapeUrlToVideoScript'] as const)(
    '%s (charging) refuses each such URL before charging',
    async (id) => {
      const token = `scrape-${id}`;
      const faceless = await draft(token, 'url-based');
      const start = await balance(token);
      for (const url of refused) {
        const reply = await op(id, { faceless }, { token, body: { url, duration: 60 } });
        expect(reply.status, url).toBe(422);
      }
      expect(await balance(token)).toBe(start);
      expect((await op('listCreditHistory', {}, { token })).body.data).toEqual([]);
      // A public page is scraped and charged.
      const ok = await op(id, { faceless }, { token, body: { url: 'https://blog.example.org/post', duration: 60 } });
      expect(ok.status).toBeLessThan(300);
      expect(await balance(token)).toBe(start - ok.body.meta.credits.cost);
    },
  );

  it.each(['scrapeFacelessImages', 'scrapeUrlToVideoImages'] as const)('%s (free) refuses each such URL', async (id) => {
    const token = `scrape-${id}`;
    const faceless = await draft(token, 'url-based');
    for (const url of refused) expect((await op(id, { faceless }, { token, body: { url } })).status, url).toBe(422);
    expect((await op(id, { faceless }, { token, body: { url: 'https://blog.example.org/post' } })).status).toBeLessThan(300);
  });
});

describe('typed surfaces serve only their own type', () => {
  it('each typed create makes its own type, and each typed surface answers 404 for the other types', async () => {
    const token = 'typed';
    const created = {
      'b-roll': (await op('createBRollVideo', {}, { token, body: { title: 'B' } })).body.data,
      'ai-visuals': (await op('createAiVisualsVideo', {}, { token, body: { title: 'A' } })).body.data,
      'url-based': (await op('createUrlToVideo', {}, { token, body: { title: 'U' } })).body.data,
    };
    for (const [type, video] of Object.entries(created)) expect(video.type).toBe(type);
    const clips = await draft(token, 'ai-clips');
    const gets = { 'b-roll': 'getBRollVideo', 'ai-visuals': 'getAiVisualsVideo', 'url-based': 'getUrlToVideo' } as const;
    for (const [type, get] of Object.entries(gets)) {
      for (const [other, video] of Object.entries(created)) {
        const reply = await op(get, { id: video.id }, { token });
        expect(reply.status, `${get} of a ${other} video`).toBe(other === type ? 200 : 404);
        if (other !== type) expect(reply.body.error.code).toBe('GEN-NOT-FOUND');
      }
      expect((await op(get, { id: clips }, { token })).status, `${get} of an ai-clips video`).toBe(404);
    }
    // The generic surface serves every type.
    for (const video of Object.values(created)) expect((await op('getFacelessVideo', { faceless: video.id }, { token })).status).toBe(200);
  });

  it('a charging call on the wrong surface is 404 and charges nothing', async () => {
    const token = 'typed-charge';
    const broll = (await op('createBRollVideo', {}, { token, body: { title: 'B' } })).body.data.id;
    const start = await balance(token);
    const reply = await op('generateAiVisualsScript', { faceless: broll }, { token, body: { topic: 'Owls', duration: 60 } });
    expect(reply.status).toBe(404);
    expect(await balance(token)).toBe(start);
    expect((await op('generateBRollScript', { faceless: broll }, { token, body: { topic: 'Owls', duration: 60 } })).status).toBeLessThan(
      300,
    );
  });
});

describe('GET /faceless/options `only`', () => {
  const groupsOf = (data: Record<string, Record<string, unknown>>) =>
    Object.values(data)
      .flatMap((g) => Object.keys(g))
      .sort();

  it('keeps only the named groups, as CSV and as an array', async () => {
    const all = groupsOf((await op('getFacelessOptions')).body.data);
    expect(all).toEqual(expect.arrayContaining(['clip_engines', 'voices', 'genres']));
    const csv = await op('getFacelessOptions', {}, { query: { only: 'voices,clip_engines' } });
    expect(groupsOf(csv.body.data)).toEqual(['clip_engines', 'voices']);
    const array = await call(mock.base, 'GET', '/faceless/options?only[]=voices&only[]=clip_engines');
    expectConforms('getFacelessOptions', array);
    expect(groupsOf(array.body.data)).toEqual(['clip_engines', 'voices']);
    const repeated = await call(mock.base, 'GET', '/faceless/options?only=genres&only=voices');
    expect(groupsOf(repeated.body.data)).toEqual(['genres', 'voices']);
  });
});

describe('presets', () => {
  it('DELETE of a listed preset works once; a missing or already deleted preset is 404; others still see theirs', async () => {
    const listed = (await op('listPresets', {}, { token: 'presets-a' })).body.data as Array<{ id: number }>;
    expect(listed.length).toBeGreaterThan(0);
    const id = listed[0].id;
    expect((await op('deletePreset', { id: 99999999 }, { token: 'presets-a' })).status).toBe(404);
    expect((await op('deletePreset', { id }, { token: 'presets-a' })).status).toBeLessThan(300);
    expect((await op('deletePreset', { id }, { token: 'presets-a' })).status).toBe(404);
    expect((await op('listPresets', {}, { token: 'presets-a' })).body.data.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await op('listPresets', {}, { token: 'presets-b' })).body.data.map((p: { id: number }) => p.id)).toContain(id);
  });
});

describe('text-to-scene', () => {
  // The clip engine's supported durations, as the models list answers them.
  let durations: number[] = [];
  beforeAll(async () => {
    durations = (await op('listTextToVideoModels')).body.data[0].modifiers.duration;
    expect(durations.length).toBeGreaterThan(0);
  });

  it('a scene duration the clip engine does not support is 422 naming duration; a supported one is kept', async () => {
    const storyboard = (await op('createStoryboard', {}, { body: { mode: 'manual', title: 'T' } })).body.data.id;
    const unsupported = Math.max(...durations) + 7;
    const bad = await op('addStoryboardScene', { storyboard }, { body: { raw_video_prompt: 'Waves', duration: unsupported } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['duration']);
    const good = await op('addStoryboardScene', { storyboard }, { body: { raw_video_prompt: 'Waves', duration: durations[0] } });
    expect(good.status).toBeLessThan(300);
    expect(good.body.data).toMatchObject({ raw_video_prompt: 'Waves', duration: durations[0] });
  });

  it('a scene without a duration is added; a refused one names every supported duration', async () => {
    const storyboard = (await op('createStoryboard', {}, { body: { mode: 'manual', title: 'T' } })).body.data.id;
    const plain = await op('addStoryboardScene', { storyboard }, { body: { raw_video_prompt: 'Waves' } });
    const bad = await op(
      'addStoryboardScene',
      { storyboard },
      { body: { raw_video_prompt: 'Waves', duration: Math.max(...durations) + 7 } },
    );
    expect(plain.status).toBeLessThan(300);
    expect(bad.body.errors.duration).toEqual([`The duration must be one of ${durations.join(', ')} seconds for this clip engine.`]);
  });

  it('the estimate leaves out clips already generated, and keeps the render after a render', async () => {
    const token = 'storyboard-total-after';
    const storyboard = (await op('createStoryboard', {}, { token, body: { mode: 'manual', title: 'T' } })).body.data.id;
    await op('addStoryboardScene', { storyboard }, { token, body: { raw_video_prompt: 'Waves', duration: durations[0] } });
    const estimate = async () => (await op('estimateStoryboard', { storyboard }, { token })).body.data.credits;
    const before = await estimate();
    const clips = await op('generateStoryboardClips', { storyboard }, { token, body: {} });
    const afterClips = await estimate();
    const render = await op('renderStoryboard', { storyboard }, { token, body: {} });
    expect([afterClips, await estimate()]).toEqual([before - clips.body.meta.credits.cost, render.body.meta.credits.cost]);
  });

  it('the estimate ("exact credit total") equals what clips and render then charge', async () => {
    const token = 'storyboard-total';
    const storyboard = (await op('createStoryboard', {}, { token, body: { mode: 'manual', title: 'T' } })).body.data.id;
    await op('addStoryboardScene', { storyboard }, { token, body: { raw_video_prompt: 'Waves', duration: durations[0] } });
    const estimate = (await op('estimateStoryboard', { storyboard }, { token })).body.data.credits;
    const start = await balance(token);
    expect((await op('generateStoryboardClips', { storyboard }, { token, body: {} })).status).toBeLessThan(300);
    expect((await op('renderStoryboard', { storyboard }, { token, body: {} })).status).toBeLessThan(300);
    expect(start - (await balance(token))).toBe(estimate);
  });
});

describe('errors and smaller rules', () => {
  it('malformed JSON is 400 GEN-WRONG-ARGS on any operation that takes a body, and creates nothing', async () => {
    for (const [method, path] of [
      ['POST', '/faceless'],
      ['POST', '/b-roll'],
      ['PUT', '/account/auto-topup'],
    ]) {
      const reply = await call(mock.base, method, path, {
        token: 'malformed',
        raw: '{"title": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status, path).toBe(400);
      expect(reply.body.error.code).toBe('GEN-WRONG-ARGS');
    }
  });

  it('a faceless video is polled by id: GET /faceless/{video_id} is 404', async () => {
    const video = (await op('createFacelessVideo', {}, { body: { type: 'b-roll' } })).body.data;
    expect(video.video_id).toBeDefined();
    expect(video.video_id).not.toBe(video.id);
    expect((await op('getFacelessVideo', { faceless: video.video_id })).status).toBe(404);
  });

  it('auto top-up units: only 1, 2, 3, 4, 5, 10, 20, 30, 50, 100 up to 100; any integer above, up to 199,999', async () => {
    const put = (units: number) => op('updateAutoTopup', {}, { token: 'units', body: { enabled: true, type: 'dynamic-credits', units } });
    for (const units of [6, 99, 200000, 0]) expect((await put(units)).status, String(units)).toBe(422);
    for (const units of [1, 10, 100, 101, 199999]) expect((await put(units)).status, String(units)).toBe(200);
  });

  it("character preview: the contract's per-minute limit, then 429 with Retry-After; other accounts unaffected", async () => {
    const perMinute = spec.info['x-limits']?.characterPreview?.perMinute;
    expect(perMinute).toBeGreaterThan(0);
    if (perMinute === undefined) return;
    const character = async (token: string) =>
      (
        await op(
          'createCharacter',
          {},
          {
            token,
            raw: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMira\r\n--b--\r\n',
            headers: { 'content-type': 'multipart/form-data; boundary=b' },
          },
        )
      ).body.data.id;
    const id = await character('previews');
    for (let i = 0; i < perMinute; i += 1)
      expect((await op('previewCharacter', { id }, { token: 'previews', body: { genre_id: 1 } })).status, `preview ${i + 1}`).toBe(200);
    const limited = await op('previewCharacter', { id }, { token: 'previews', body: { genre_id: 1 } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await character('previews-other');
    expect((await op('previewCharacter', { id: other }, { token: 'previews-other', body: { genre_id: 1 } })).status).toBe(200);
  });

  it('text-to-video prompt: 5 to 1500 words', async () => {
    const create = (prompt: string) => op('createTextToVideo', {}, { token: 'words', body: { model: 'kling-2-1', prompt } });
    expect((await create('four words only here')).status).toBe(422);
    expect((await create(Array(1501).fill('w').join(' '))).status).toBe(422);
    expect((await create('five words are just enough')).status).toBe(202);
  });
});
