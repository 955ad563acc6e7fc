// What a created resource keeps of the request, as the app reads it back, in process (the core's
// fetch function, as the MSW handlers call it): the body's declared fields only (a field the
// contract does not name is dropped), a form's text fields only where the resource has them, and a
// create whose body is optional works without one.
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

// Built before each test (tests/support/mock-each-test.ts says why); each test uses tokens of its own.
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} }));

async function call(token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const sent = body === undefined || body instanceof FormData ? body : JSON.stringify(body);
  const response = await core.fetch(new Request(`http://stored-fields.test/v2${path}`, { method, headers, body: sent }));
  return { status: response.status, body: await response.json() };
}

describe('a create keeps only what the resource declares', () => {
  it('a JSON field the request schema does not name is not stored; the declared ones are', async () => {
    const created = await call('stored-json', 'POST', '/faceless', { type: 'b-roll', topic: 'Tides', nickname: 'mine' });
    const read = await call('stored-json', 'GET', `/faceless/${created.body.data.id}`);
    expect([created.status, read.body.data.topic, 'nickname' in read.body.data]).toEqual([200, 'Tides', false]);
  });

  it("a voice clone keeps the form's name, but not terms or gender, which the clone does not have", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ terms: 'true', name: 'Narrator', gender: 'female' })) form.set(name, value);
    form.append('samples[]', new Blob(['sample'], { type: 'audio/mpeg' }), 'sample.mp3');
    const created = await call('stored-form', 'POST', '/voice-clones', form);
    const read = await call('stored-form', 'GET', `/voice-clones/${created.body.data.id}`);
    expect(created.status).toBe(200);
    expect(Object.keys(read.body.data).sort()).toEqual(['id', 'name', 'preview_url', 'status']);
    expect(read.body.data.name).toBe('Narrator');
  });

  it('a storyboard created without a body (it is optional) is stored and read back', async () => {
    const created = await call('stored-empty', 'POST', '/text-to-scene');
    const read = await call('stored-empty', 'GET', `/text-to-scene/${created.body.data.id}`);
    expect([created.status, read.status, read.body.data]).toEqual([200, 200, created.body.data]);
  });
});
