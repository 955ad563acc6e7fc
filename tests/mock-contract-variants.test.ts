// The mock follows the contract it is given, also a contract author's revision in places where
// today's contract happens to choose one way: a security scheme the mock's own reading does not cover
// (Prism's security check decides), an empty query parameter on an operation that documents 400 but
// not 422, and a repeated multipart field with a minimum above one. Each suite changes one thing of
// the bundled contract and talks to a mock core made from it.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../lib/contract/index.js';
import { mockContract } from '../mock/contract.js';
import { createMockCore, type MockCore } from '../mock/core.js';
import { mockEachTest } from './support/mock-each-test.js';

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
