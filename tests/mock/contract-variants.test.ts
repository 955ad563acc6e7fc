// The mock follows the contract it is given, also a contract author's revision in places where
// today's contract happens to choose one way. The request side: a security scheme the mock's own
// reading does not cover (Prism's security check decides), an empty query parameter on an operation
// that documents 400 but not 422, and a repeated multipart field with a minimum above one. The stateful
// answers: an auto top-up without its state machine or without examples, a free call whose example
// carries meta.credits (with and without x-credits), a delete that answers no content, and a resource
// schema composed with allOf. Each suite changes one thing of the bundled contract and talks to a mock
// core made from it.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { mockContract } from '../../mock/contract.js';
import { createMockCore, type MockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';
import { callerAs, characterForm, voiceCloneForm } from '../support/core-calls.js';

/** A mock core on the bundled contract after `edit` changed it. */
function mockWith(edit: (doc: any) => void): Promise<MockCore> {
  const doc = structuredClone(ContractModel.load().doc) as any;
  edit(doc);
  return createMockCore({ contract: mockContract(doc), log: () => {} });
}

async function call(core: MockCore, path: string, init: RequestInit = {}) {
  const headers = { authorization: 'Bearer variant', ...(init.headers as Record<string, string>) };
  const response = await core.fetch(new Request(`http://variant.test/v2${path}`, { ...init, headers }));
  return { status: response.status, body: await response.json() };
}

describe('an operation whose security also asks for an API key (X-Api-Key)', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      doc.components.securitySchemes.apiKey = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
      doc.paths['/me'].get.security = [{ bearerAuth: [], apiKey: [] }];
    }),
  );

  it('with the bearer token and the key: answered', async () => {
    const reply = await call(core, '/me', { headers: { 'x-api-key': 'k-1' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.credits).toBeDefined();
  });

  it('with the bearer token alone: 401 in the API envelope, as a missing token is', async () => {
    const reply = await call(core, '/me');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual((await call(core, '/me', { headers: { authorization: '' } })).body);
  });

  it('the other operations still ask for the bearer token only', async () => {
    expect((await call(core, '/credits/costs')).status).toBe(200);
  });
});

describe('an empty query parameter where the operation documents 400 but not 422', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete doc.paths['/credits/history'].get.responses['422'];
    }),
  );

  it('400 GEN-WRONG-ARGS naming each such parameter, in the message and the errors map', async () => {
    const reply = await call(core, '/credits/history?per_page=&page=');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Empty parameter: per_page, page.');
    expect(reply.body.errors).toEqual({
      per_page: ['The per_page parameter must not be empty.'],
      page: ['The page parameter must not be empty.'],
    });
  });
});

describe('an empty query parameter where the operation documents neither 400 nor 422', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      delete doc.paths['/credits/history'].get.responses['422'];
      delete doc.paths['/credits/history'].get.responses['400'];
    }),
  );

  it('is no refusal: the operation has no documented way to say so', async () => {
    expect((await call(core, '/credits/history?per_page=')).status).toBe(200);
  });
});

describe('a repeated multipart field whose minimum is above one', () => {
  const core = mockEachTest(() =>
    mockWith((doc) => {
      doc.components.schemas.VoiceCloneCreateRequest.properties['samples[]'].minItems = 2;
    }),
  );
  const clone = (samples: number) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ terms: 'true', name: 'Narrator', gender: 'female' })) form.set(name, value);
    for (let i = 0; i < samples; i++) form.append('samples[]', new Blob([`sample ${i}`], { type: 'audio/mpeg' }), `s${i}.mp3`);
    return call(core, '/voice-clones', { method: 'POST', body: form });
  };

  it('fewer parts than the minimum: 422 naming the field and the minimum', async () => {
    const reply = await clone(1);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'samples[]': ['Request body property samples[] must NOT have fewer than 2 items'] });
  });

  it('the minimum itself: accepted', async () => {
    expect((await clone(2)).status).toBeLessThan(300);
  });
});

async function send(core: MockCore, method: string, path: string, body?: BodyInit) {
  const request = new Request(`http://state-variant.test/v2${path}`, { method, headers: { authorization: 'Bearer variant' }, body });
  const response = await core.fetch(request);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const sampleMeta = { credits: { cost: 3, remaining: 7 } };

describe('the auto top-up preference without its x-state-machine', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      delete d.components.schemas.AutoTopupPreference['x-state-machine'];
    }),
  );

  it("a new account shows the operation's first example (no machine names an initial one)", async () => {
    const contract = mockContract();
    const first = Object.values(contract.examples(contract.operation('getAutoTopup')))[0];
    const reply = await send(core, 'GET', '/account/auto-topup');
    expect([reply.status, reply.body.data]).toEqual([200, first.data]);
  });
});

describe('the auto top-up preference without examples', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      delete d.paths['/account/auto-topup'].get.responses['200'].content['application/json'].examples;
    }),
  );

  it("a new account's preference is still answered (Prism's body from the schema)", async () => {
    const reply = await send(core, 'GET', '/account/auto-topup');
    expect([reply.status, typeof reply.body.data.enabled]).toEqual([200, 'boolean']);
  });
});

describe('a free operation whose example carries meta.credits', () => {
  it('with x-credits charges: false, the answer has no meta (no credits are shown for a free call)', async () => {
    const core = await mockWith((d) => {
      d.components.examples.CreditCosts.value.meta = sampleMeta;
    });
    const reply = await send(core, 'GET', '/credits/costs');
    expect([reply.status, reply.body.meta]).toEqual([200, undefined]);
  });

  it('without x-credits at all, the same', async () => {
    const core = await mockWith((d) => {
      d.components.examples.CreditCosts.value.meta = sampleMeta;
      delete d.paths['/credits/costs'].get['x-credits'];
    });
    const reply = await send(core, 'GET', '/credits/costs');
    expect([reply.status, reply.body.meta]).toEqual([200, undefined]);
  });
});

describe('a voice clone delete whose success answers no content', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      delete d.paths['/voice-clones/{id}'].delete.responses['2XX'].content;
    }),
  );

  it('the delete succeeds and the clone is gone', async () => {
    const created = await send(core, 'POST', '/voice-clones', voiceCloneForm());
    const deleted = await send(core, 'DELETE', `/voice-clones/${created.body.data.id}`);
    const read = await send(core, 'GET', `/voice-clones/${created.body.data.id}`);
    expect([created.status, deleted.status, read.status]).toEqual([200, 200, 404]);
  });
});

describe('a voice clone schema composed with allOf (no properties of its own)', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      const { title, description, ...rest } = d.components.schemas.VoiceClone;
      d.components.schemas.VoiceClone = { title, description, allOf: [rest] };
    }),
  );

  it('creating a clone from a form is still answered, and the clone can be read', async () => {
    const created = await send(core, 'POST', '/voice-clones', voiceCloneForm());
    const read = await send(core, 'GET', `/voice-clones/${created.body.data.id}`);
    expect([created.status, read.status]).toEqual([200, 200]);
  });
});

describe('a list without a state machine (presets) in a revised contract', () => {
  const presetIds = async (core: MockCore) => (await send(core, 'GET', '/presets')).body.data.map((p: { id: unknown }) => p.id);

  it('with a POST listed before the GET of the list path, a deleted preset still leaves the list', async () => {
    const core = await mockWith((d) => {
      const { get } = d.paths['/presets'];
      // POST /ideas/discover moved onto the list path, ahead of its GET.
      d.paths['/presets'] = { post: d.paths['/ideas/discover'].post, get };
      delete d.paths['/ideas/discover'];
    });
    const [first, ...rest] = await presetIds(core);
    const deleted = await send(core, 'DELETE', `/presets/${first}`);
    expect([deleted.status < 300, await presetIds(core)]).toEqual([true, rest]);
  });

  it('without a GET on the list path, deleting a preset is still answered', async () => {
    const core = await mockWith((d) => {
      delete d.paths['/presets'];
    });
    const deleted = await send(core, 'DELETE', '/presets/1');
    expect(deleted.status).toBeLessThan(300);
  });

  it('whose data is not an array, is no list: its GET answers the example, and a delete is answered as written', async () => {
    const core = await mockWith((d) => {
      const media = d.paths['/presets'].get.responses['200'].content['application/json'];
      media.schema = { type: 'object', properties: { data: { $ref: '#/components/schemas/Preset' } } };
      media.examples = { one: { value: { data: { name: 'one preset' } } } };
    });
    const [listed, deleted] = [await send(core, 'GET', '/presets'), await send(core, 'DELETE', '/presets/1')];
    expect([listed.status, listed.body.data, deleted.status < 300]).toEqual([200, { name: 'one preset' }, true]);
  });

  it('whose GET answers no JSON body, is no list either', async () => {
    const core = await mockWith((d) => {
      delete d.paths['/presets'].get.responses['200'].content;
    });
    expect((await send(core, 'DELETE', '/presets/1')).status).toBeLessThan(300);
  });

  it('with two presets listed, the second can be deleted', async () => {
    const core = await mockWith((d) => {
      const data = d.components.examples.PresetList.value.data;
      data.push({ ...data[0], id: 'second-preset' });
    });
    const deleted = await send(core, 'DELETE', '/presets/second-preset');
    expect([deleted.status < 300, (await presetIds(core)).includes('second-preset')]).toEqual([true, false]);
  });

  it('without examples for the list, the list is empty', async () => {
    const core = await mockWith((d) => {
      delete d.paths['/presets'].get.responses['200'].content['application/json'].examples;
    });
    const listed = await send(core, 'GET', '/presets');
    expect([listed.status, listed.body.data]).toEqual([200, []]);
  });
});

describe('`only` (the option groups a call names)', () => {
  const options = (core: MockCore, query: string) => send(core, 'GET', `/faceless/options${query}`);

  it('an empty `only` names no group: every group is answered', async () => {
    const core = await mockWith(() => {});
    const [whole, empty] = [await options(core, ''), await options(core, '?only=')];
    expect([empty.status, empty.body.data]).toEqual([200, whole.body.data]);
  });

  it('still filters when the operation declares another parameter besides `only`', async () => {
    const core = await mockWith((d) => {
      d.paths['/faceless/options'].get.parameters.unshift({ name: 'lang', in: 'query', schema: { type: 'string' } });
    });
    const reply = await options(core, '?only=voices');
    expect(Object.keys(reply.body.data.mandatory)).toEqual(['voices']);
  });

  it('reads a comma list with spaces after the commas', async () => {
    const core = await mockWith(() => {});
    const reply = await options(core, `?only=${encodeURIComponent('voices, genres')}`);
    expect(Object.keys(reply.body.data.mandatory).sort()).toEqual(['genres', 'voices']);
  });

  it('keeps a top-level value that is not a group of options as it is', async () => {
    const core = await mockWith((d) => {
      Object.assign(d.components.examples.FacelessOptions.value.data, { count: 3, tags: ['a'], none: null });
    });
    const { data } = (await options(core, '?only=voices')).body;
    expect([data.count, data.tags, data.none, Object.keys(data.mandatory)]).toEqual([3, ['a'], null, ['voices']]);
  });

  it.each([null, 'all options'])('answers options whose data is not an object (%s) as they are', async (value) => {
    const core = await mockWith((d) => {
      d.components.examples.FacelessOptions.value.data = value;
      d.paths['/faceless/options'].get.responses['200'].content['application/json'].schema = { type: 'object' };
    });
    const reply = await options(core, '?only=voices');
    expect([reply.status, reply.body.data]).toEqual([200, value]);
  });

  it('is ignored by an operation that does not declare it (one with parameters of its own)', async () => {
    const core = await mockWith(() => {});
    const [plain, named] = [await send(core, 'GET', '/ideas'), await send(core, 'GET', '/ideas?only=none')];
    expect([named.status, named.body.data]).toEqual([200, plain.body.data]);
    expect(Array.isArray(named.body.data) && named.body.data.length > 0).toBe(true);
  });
});

describe('`include`', () => {
  it('is not judged on a call on a video that does not declare it (GET /b-roll/{id})', async () => {
    const core = await mockWith(() => {});
    const body = new Blob([JSON.stringify({})], { type: 'application/json' });
    const { id } = (await send(core, 'POST', '/b-roll', body)).body.data;
    const [plain, named] = [await send(core, 'GET', `/b-roll/${id}`), await send(core, 'GET', `/b-roll/${id}?include=nothing-allowed`)];
    expect([named.status, named.body.data]).toEqual([200, plain.body.data]);
  });
});

describe('a contract that states no limits (no info.x-limits)', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      delete d.info['x-limits'];
    }),
  );

  it('paces no character previews: a sixth preview within the minute is answered like the first', async () => {
    const asJson = callerAs('variant');
    const id = (await asJson(core, 'POST', '/characters', characterForm())).body.data.id;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await asJson(core, 'POST', `/characters/${id}/preview`, { genre_id: 1 })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('a contract the stateful answers cannot serve stops start-up, naming what is missing', () => {
  it('an operation the mock answers from state is not in it', async () => {
    const start = mockWith((d) => {
      delete d.paths['/credits/history'];
    });
    await expect(start).rejects.toThrow('the mock has a handler for listCreditHistory, which the contract served does not have');
  });

  it.each([
    ['/faceless/scripts', 'under a family, but on no one resource'],
    ['/scripts/{faceless}', 'on one resource, but of no family'],
  ])('a resource action moved to %s (%s)', async (path) => {
    const start = mockWith((d) => {
      d.paths[path] = d.paths['/faceless/{faceless}/scripts'];
      delete d.paths['/faceless/{faceless}/scripts'];
    });
    await expect(start).rejects.toThrow(
      `the mock has a resource action for generateFacelessScript, which is not a call on one resource of a job family (PUT ${path})`,
    );
  });
});

describe('another call at the path of a list the mock keeps (presets)', () => {
  const core = mockEachTest(() =>
    mockWith((d) => {
      // The mock serves only the generated operation ids: GET /credits/costs lends its id.
      delete d.paths['/credits/costs'];
      d.paths['/presets'].post = { ...structuredClone(d.paths['/presets'].get), operationId: 'getCreditCosts' };
    }),
  );

  it("is answered from its own example, not taken for a delete of the list's items", async () => {
    const reply = await send(core, 'POST', '/presets');
    expect([reply.status, Array.isArray(reply.body.data)]).toEqual([200, true]);
  });
});
