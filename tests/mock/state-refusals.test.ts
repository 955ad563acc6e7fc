// What a frontend sees when the mock refuses a call on a resource: a retry the video's state machine
// does not allow now (422 on `status`), and a render precondition that fails where the contract has
// no error example of its own for it (the mock builds the envelope from the precondition: its
// message, else its condition; 422 on its field, else `video`; any other status plain). A
// precondition the mock has no check for stops start-up. All in process, on the mock's clock.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { mockContract } from '../../mock/contract.js';
import { createMockCore, type MockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

/** A mock core on the bundled contract after `edit` changed it. */
function mockWith(edit: (doc: any) => void = () => {}): Promise<MockCore> {
  const doc = structuredClone(ContractModel.load().doc) as any;
  edit(doc);
  return createMockCore({ contract: mockContract(doc), env: { MOCK_CLOCK: 'manual' }, log: () => {} });
}

const token = 'refusals';

/** One API call as the account `refusals`, with a JSON body if one is given. */
async function call(core: MockCore, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  const response = await core.fetch(new Request(`http://refusals.test/v2${path}`, init));
  return { status: response.status, body: await response.json() };
}

/** A new video on a surface (`faceless`, `ai-visuals`, ...) with `fields` PATCHed in; its id. */
async function video(core: MockCore, surface: string, fields: Record<string, unknown>): Promise<number> {
  const id = (await call(core, 'POST', `/${surface}`, {})).body.data.id;
  if (Object.keys(fields).length) expect((await call(core, 'PATCH', `/${surface}/${id}`, fields)).status).toBe(200);
  return id;
}

/** Removes examples, by key, from a shared error response (every render operation lists it). */
function withoutExamples(doc: any, response: string, keys: string[]): void {
  const examples = doc.components.responses[response].content['application/json'].examples;
  for (const key of keys) delete examples[key];
}

describe('a retry the state machine does not allow now', () => {
  const core = mockEachTest(() => mockWith());
  const validationMessage = (ContractModel.load().doc as any).components.examples.ErrorValidation.value.message;

  it('on a video never rendered: 422 on status, "not started"', async () => {
    const id = await video(core, 'faceless', {});
    const reply = await call(core, 'POST', `/faceless/${id}/retry`, {});
    expect([reply.status, reply.body.message, reply.body.errors]).toEqual([
      422,
      validationMessage,
      { status: ['Not allowed while the status is not started.'] },
    ]);
  });

  it('on a completed video: 422 naming the state, nothing charged', async () => {
    const id = await video(core, 'faceless', { script: 'Octopus facts.', voice_id: 17 });
    await core.control.force(token, `/faceless/${id}`, 'completed');
    const before = (await core.control.account(token)).credits;
    const reply = await call(core, 'POST', `/faceless/${id}/retry`, {});
    expect([reply.status, reply.body.errors]).toEqual([422, { status: ['Not allowed while the status is completed.'] }]);
    expect((await core.control.account(token)).credits).toBe(before);
  });
});

describe('render preconditions whose error examples the contract does not have', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      withoutExamples(doc, 'RenderForbidden', ['no_script']);
      withoutExamples(doc, 'RenderUnprocessable', ['genre_required', 'no_scraped_assets']);
    }),
  );

  it('a 403 one (no script): a plain 403 with its message', async () => {
    const id = await video(core, 'faceless', {});
    const reply = await call(core, 'POST', `/faceless/${id}/render`);
    expect([reply.status, reply.body]).toEqual([403, { message: 'A script is required before rendering.', status: 403 }]);
  });

  it('a script of spaces only is no script', async () => {
    const id = await video(core, 'faceless', { script: '   ', voice_id: 17 });
    const reply = await call(core, 'POST', `/faceless/${id}/render`);
    expect([reply.status, reply.body.message]).toEqual([403, 'A script is required before rendering.']);
  });

  it('a script set to null is no script', async () => {
    const id = await video(core, 'faceless', { script: null, voice_id: 17 });
    const reply = await call(core, 'POST', `/faceless/${id}/render`);
    expect([reply.status, reply.body.message]).toEqual([403, 'A script is required before rendering.']);
  });

  it('a 422 one with a message and a field (genre): 422 with the message on that field', async () => {
    const id = await video(core, 'ai-visuals', { script: 'Octopus facts.', voice_id: 17 });
    const reply = await call(core, 'POST', `/ai-visuals/${id}/render`);
    const message = 'A genre is required for AI visuals and AI clips.';
    expect([reply.status, reply.body.message, reply.body.errors]).toEqual([422, message, { genre_id: [message] }]);
  });

  it('a 422 one without a message (no scraped assets): its condition is the message', async () => {
    const id = await video(core, 'url-to-video', { script: 'Octopus facts.', voice_id: 17 });
    const reply = await call(core, 'POST', `/url-to-video/${id}/render`);
    const message = 'url-based with no scraped assets';
    expect([reply.status, reply.body.message, reply.body.errors]).toEqual([422, message, { assets: [message] }]);
  });
});

describe('a 422 render precondition without a field or an error example', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      withoutExamples(doc, 'RenderUnprocessable', ['genre_required']);
      for (const pre of doc.paths['/ai-visuals/{faceless}/render'].post['x-render-preconditions']) {
        if (pre.key === 'genre_missing') delete pre.field;
      }
    }),
  );

  it('the message is on `video`', async () => {
    const id = await video(core, 'ai-visuals', { script: 'Octopus facts.', voice_id: 17 });
    const reply = await call(core, 'POST', `/ai-visuals/${id}/render`);
    expect([reply.status, reply.body.errors]).toEqual([422, { video: ['A genre is required for AI visuals and AI clips.'] }]);
  });
});

describe('a render precondition the mock has no check for', () => {
  it('stops start-up, naming its key and condition', async () => {
    const started = mockWith((doc) => {
      const render = doc.paths['/faceless/{faceless}/render'].post;
      render['x-render-preconditions'] = [
        ...render['x-render-preconditions'],
        { key: 'moon_not_full', condition: 'the moon is not full', status: 403, message: 'Wait for the full moon.' },
      ];
    });
    await expect(started).rejects.toThrow('the mock has no check for the render precondition "moon_not_full" (the moon is not full)');
  });
});

describe("a render precondition answered with the contract's own error example", () => {
  it('an example with the same message is answered whole, with what else it carries', async () => {
    const core = await mockWith((doc) => {
      doc.components.examples.ErrorRenderNoScript.value.help = 'Write or generate a script first.';
    });
    const reply = await call(core, 'POST', `/faceless/${await video(core, 'faceless', {})}/render`);
    expect([reply.status, reply.body.help]).toEqual([403, 'Write or generate a script first.']);
  });

  it('else an example that names its field, in its own words', async () => {
    const core = await mockWith((doc) => {
      const example = doc.components.examples.ErrorRenderGenreRequired.value;
      example.message = 'Pick a genre.';
      example.errors = { genre_id: ['Pick a genre.'] };
    });
    const id = await video(core, 'ai-visuals', { script: 'Octopus facts.', voice_id: 17 });
    const reply = await call(core, 'POST', `/ai-visuals/${id}/render`);
    expect([reply.status, reply.body.message, reply.body.errors]).toEqual([422, 'Pick a genre.', { genre_id: ['Pick a genre.'] }]);
  });

  it('passing over an example that has no field errors at all', async () => {
    const core = await mockWith((doc) => {
      const examples = doc.components.responses.RenderUnprocessable.content['application/json'].examples;
      const { genre_required, ...rest } = examples;
      const plain = { value: { message: 'Something else.', status: 422 } };
      doc.components.responses.RenderUnprocessable.content['application/json'].examples = { plain, ...rest, genre_required };
      doc.components.examples.ErrorRenderGenreRequired.value.message = 'Pick a genre.';
    });
    const id = await video(core, 'ai-visuals', { script: 'Octopus facts.', voice_id: 17 });
    const reply = await call(core, 'POST', `/ai-visuals/${id}/render`);
    expect([reply.status, reply.body.message]).toEqual([422, 'Pick a genre.']);
  });
});

describe('the voices a render may use', () => {
  const core = mockEachTest(() => mockWith());

  it("another resource's id is not a voice, even a finished one (only the options' voices and finished clones are)", async () => {
    const other = await video(core, 'b-roll', { script: 'Squid facts.', voice_id: 17 });
    expect((await call(core, 'POST', `/b-roll/${other}/render`)).status).toBe(202);
    await core.control.advance({ steps: 1 });
    const id = await video(core, 'faceless', { script: 'Octopus facts.', voice_id: other });
    const reply = await call(core, 'POST', `/faceless/${id}/render`);
    expect([reply.status, reply.body.message]).toEqual([403, 'Voice not found.']);
  });
});

describe('`include` on a video (no value is on the allow-list the mock knows)', () => {
  const core = mockEachTest(() => mockWith());
  const read = async (query: string) => {
    const id = await video(core, 'faceless', {});
    return call(core, 'GET', `/faceless/${id}?include=${query}`);
  };

  it('names every value it refuses, empty items left out', async () => {
    const reply = await read('scenes,,assets');
    expect([reply.status, reply.body.message]).toEqual([400, 'The include value scenes, assets is not allowed.']);
  });

  it('reads a value as a whole, not letter by letter', async () => {
    expect((await read('ab')).body.message).toBe('The include value ab is not allowed.');
  });

  it('a list of no values (a lone comma) refuses nothing', async () => {
    expect((await read(',')).status).toBe(200);
  });
});

describe('a scrape sent without a body (the contract does not require one)', () => {
  const core = mockEachTest(() => mockWith());

  it('has no page to read: 422, as for an unreachable page', async () => {
    const id = await video(core, 'url-to-video', {});
    const reply = await call(core, 'POST', `/url-to-video/${id}/scrape-images`);
    expect(reply.status).toBe(422);
  });
});

describe('a scene added without a body (the contract does not require one)', () => {
  const core = mockEachTest(() => mockWith());

  it('has no duration to check: the scene is added', async () => {
    const storyboard = (await call(core, 'POST', '/text-to-scene', { mode: 'manual', title: 'Sea' })).body.data.id;
    const reply = await call(core, 'POST', `/text-to-scene/${storyboard}/scenes`);
    expect([reply.status, typeof reply.body.data.id]).toEqual([200, 'number']);
  });
});

describe('the pages a scrape reads', () => {
  const core = mockEachTest(() => mockWith());
  const scrape = async (url: string) => {
    const id = await video(core, 'url-to-video', {});
    return (await call(core, 'POST', `/url-to-video/${id}/scrape-images`, { url })).status;
  };

  it('an http page is read as an https one is', async () => {
    expect([await scrape('http://blog.example.org/post'), await scrape('https://blog.example.org/post')]).toEqual([200, 200]);
  });

  it('a social network is refused by its own host, with a final dot, or under it; a host that only ends like one is read', async () => {
    const urls = [
      'https://x.com/someone',
      'https://instagram.com./p',
      'https://m.youtube.com/v',
      'https://shopwww.x.com/',
      'https://notx.com/page',
    ];
    const statuses = [];
    for (const url of urls) statuses.push(await scrape(url));
    expect(statuses).toEqual([422, 422, 422, 422, 200]);
  });

  it('the reserved .invalid domain is unreachable, itself or under it', async () => {
    expect([await scrape('https://invalid/page'), await scrape('https://gone.invalid/page')]).toEqual([422, 422]);
  });

  it('a scheme that only ends in https is not the web', async () => {
    expect(await scrape('git+https://example.org/repo')).toBe(422);
  });
});
