// The stateful answers copy parts of the contract's examples into the stored resources (a prompt's
// scenes, a character's previews, scraped assets, the voices a render may use, a list's items). A
// contract author may leave such a part out of an example: the mock then stores an empty list, never
// something made up. Each suite removes one part from the bundled contract and talks to a mock core
// made from it, in process.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { mockContract } from '../../mock/contract.js';
import { createMockCore, type MockCore } from '../../mock/core.js';
import { callerAs, characterForm, voiceCloneForm } from '../support/core-calls.js';
import { mockEachTest } from '../support/mock-each-test.js';

/** One API call as the account `gaps`. */
const call = callerAs('gaps');

/** A mock core on the bundled contract after `edit` changed it. */
function mockWith(edit: (doc: any) => void): Promise<MockCore> {
  const doc = structuredClone(ContractModel.load().doc) as any;
  edit(doc);
  return createMockCore({ contract: mockContract(doc), env: { MOCK_CLOCK: 'manual' }, log: () => {} });
}

/** A named example's value in the contract document. */
const example = (doc: any, name: string) => doc.components.examples[name].value;

/** A character created with a one-part form (name and image). */
async function createCharacter(core: MockCore): Promise<number> {
  const reply = await call(core, 'POST', '/characters', characterForm());
  expect(reply.status).toBeLessThan(300);
  return reply.body.data.id;
}

describe('a storyboard prompt whose example has no scenes', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'StoryboardWithScenes').data.scenes;
    }),
  );

  it('the generated storyboard has no scenes', async () => {
    const id = (await call(core, 'POST', '/text-to-scene', { mode: 'manual', title: 'Sea' })).body.data.id;
    const reply = await call(core, 'POST', `/text-to-scene/${id}/prompt`, { prompt: 'A lighthouse at dusk' });
    expect([reply.status, reply.body.data.scenes]).toEqual([200, []]);
  });
});

describe('a new storyboard whose example has no scenes', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'StoryboardCreated').data.scenes;
    }),
  );

  it('the first scene added is its only scene', async () => {
    const id = (await call(core, 'POST', '/text-to-scene', { mode: 'manual', title: 'Sea' })).body.data.id;
    const scene = await call(core, 'POST', `/text-to-scene/${id}/scenes`, { raw_video_prompt: 'Waves', duration: 5 });
    expect(scene.status).toBe(200);
    const scenes = (await call(core, 'GET', `/text-to-scene/${id}`)).body.data.scenes;
    expect(scenes).toEqual([scene.body.data]);
  });
});

describe('a character preview whose example has no previews', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'CharacterPreviews').data.previews;
    }),
  );

  it('the character has no previews to choose from', async () => {
    const id = await createCharacter(core);
    const reply = await call(core, 'POST', `/characters/${id}/preview`, { genre_id: 1 });
    expect([reply.status, reply.body.data.previews]).toEqual([200, []]);
  });
});

describe('a new character whose example has no previews', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'CharacterCreated').data.previews;
    }),
  );

  it('training before any preview, without a preview_id, is 422 on preview_id', async () => {
    const id = await createCharacter(core);
    const reply = await call(core, 'POST', `/characters/${id}/train`, {});
    expect([reply.status, reply.body.errors]).toEqual([422, { preview_id: ['Choose a preview_id from POST /characters/{id}/preview.'] }]);
  });
});

describe('scraped images whose example has no assets', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'ScrapedImages').data.assets;
    }),
  );

  it('the video has no assets after the scrape', async () => {
    const id = (await call(core, 'POST', '/faceless', { type: 'url-based' })).body.data.id;
    const reply = await call(core, 'POST', `/faceless/${id}/scrape-images`, { url: 'https://example.com/espresso' });
    expect([reply.status, reply.body.data.assets]).toEqual([200, []]);
  });
});

describe("a new video's example whose secondary identifier is a number (the contract's own)", () => {
  const core = mockEachTest(() => mockWith(() => {}));

  it('the video gets a fresh video_id of its own, not the example one', async () => {
    const reply = await call(core, 'POST', '/faceless', { type: 'b-roll' });
    expect([reply.status, reply.body.data.video_id]).toEqual([200, reply.body.data.id + 1]);
  });
});

describe('a typed surface whose first example gives no type', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      const media = doc.paths['/ai-visuals'].post.responses['2XX'].content['application/json'];
      const { type, ...bare } = example(doc, 'AiVisualsVideoDraft').data;
      media.examples = { bare: { value: { message: 'Success.', status: 200, data: bare } }, ...media.examples };
    }),
  );

  it('a new video still takes the type its path fixes (the one its other example gives)', async () => {
    const reply = await call(core, 'POST', '/ai-visuals', {});
    expect([reply.status, reply.body.data.type, reply.body.data.title]).toEqual([200, 'ai-visuals', 'The deep sea']);
  });
});

describe("a new video's example whose secondary identifier is not set (null)", () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      example(doc, 'FacelessVideoDraft').data.video_id = null;
    }),
  );

  it('the video has none either: only an identifier that is there is made fresh', async () => {
    const reply = await call(core, 'POST', '/faceless', { type: 'b-roll' });
    expect([reply.status, reply.body.data.video_id]).toEqual([200, null]);
  });
});

describe("a new video's example whose secondary identifier is a string", () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      example(doc, 'FacelessVideoDraft').data.video_id = 'v-94821';
    }),
  );

  it('the video gets a fresh video_id of its own, not the example one', async () => {
    const reply = await call(core, 'POST', '/faceless', { type: 'b-roll' });
    expect(reply.status).toBe(200);
    expect(reply.body.data.video_id).toBe(reply.body.data.id + 1);
  });
});

describe('faceless options whose example lists no voices', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'FacelessOptions').data.mandatory.voices;
    }),
  );

  it('no voice id is known to a render, not even the text "undefined": 403 Voice not found', async () => {
    const id = (await call(core, 'POST', '/faceless', { type: 'b-roll' })).body.data.id;
    await call(core, 'PATCH', `/faceless/${id}`, { script: 'Octopus facts.', voice_id: 'undefined' });
    const reply = await call(core, 'POST', `/faceless/${id}/render`);
    expect([reply.status, reply.body.message]).toEqual([403, 'Voice not found.']);
  });
});

describe('text-to-video models whose example gives no durations', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'TextToVideoModels').data[0].modifiers.duration;
    }),
  );

  it('a scene of any duration is added (no supported list to hold it to)', async () => {
    const id = (await call(core, 'POST', '/text-to-scene', { mode: 'manual', title: 'Sea' })).body.data.id;
    const reply = await call(core, 'POST', `/text-to-scene/${id}/scenes`, { raw_video_prompt: 'Waves', duration: 7 });
    expect([reply.status, reply.body.data.duration]).toEqual([200, 7]);
  });
});

describe('a deletable list whose example has no items', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete example(doc, 'PresetList').data;
    }),
  );

  it('the list is empty', async () => {
    const reply = await call(core, 'GET', '/presets');
    expect([reply.status, reply.body.data]).toEqual([200, []]);
  });
});

describe("a voice clone whose create example shows a status while it is made (the contract's shows none)", () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      example(doc, 'VoiceCloneAccepted').data.status = 'processing';
    }),
  );

  it('a new clone shows that status until one step passes, then completed', async () => {
    const { id } = (await call(core, 'POST', '/voice-clones', voiceCloneForm())).body.data;
    const before = (await call(core, 'GET', `/voice-clones/${id}`)).body.data.status;
    await core.control.advance({ steps: 1 });
    expect([before, (await call(core, 'GET', `/voice-clones/${id}`)).body.data.status]).toEqual(['processing', 'completed']);
  });
});

describe('a voice clone machine revised to two automatic steps (processing, then completed)', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      const machine = doc.components.schemas.VoiceCloneStatus['x-state-machine'];
      machine.states = ['processing', 'completed'];
      machine.transitions[0].to = 'processing';
      machine.transitions.push({
        from: 'processing',
        to: 'completed',
        trigger: 'the clone is processed',
        automatic: true,
        outcome: 'success',
      });
    }),
  );

  it('each step takes one step of time: processing after the first, completed after the second', async () => {
    const { id } = (await call(core, 'POST', '/voice-clones', voiceCloneForm())).body.data;
    const status = async () => (await call(core, 'GET', `/voice-clones/${id}`)).body.data.status;
    await core.control.advance({ steps: 1 });
    const first = await status();
    await core.control.advance({ steps: 1 });
    expect([first, await status()]).toEqual(['processing', 'completed']);
  });
});

describe('text-to-video models whose example lists a model without modifiers, or no model, or that have no example', () => {
  it.each([
    ['a first model without modifiers', (doc: any) => delete example(doc, 'TextToVideoModels').data[0].modifiers],
    ['no models', (doc: any) => (example(doc, 'TextToVideoModels').data = [])],
    [
      'no example at all',
      (doc: any) => delete doc.paths['/text-to-video/models'].get.responses['200'].content['application/json'].examples,
    ],
  ])('%s: a scene of any duration is added', async (_name, edit) => {
    // Built inside the test, so that a mutation run builds it with the mutant on.
    const core = await mockWith(edit);
    const id = (await call(core, 'POST', '/text-to-scene', { mode: 'manual', title: 'Sea' })).body.data.id;
    const reply = await call(core, 'POST', `/text-to-scene/${id}/scenes`, { raw_video_prompt: 'Waves', duration: 7 });
    expect([reply.status, reply.body.data.duration]).toEqual([200, 7]);
  });
});
