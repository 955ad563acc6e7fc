// Multipart operations take plain objects with File/Blob values; the client builds the FormData.
import { afterEach, describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../../client/index.js';
import { ok, startLocalServer, type LocalServer } from './local-server.js';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function parts(req: { headers: Record<string, unknown>; body: Buffer }) {
  return new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': String(req.headers['content-type']) },
    body: new Uint8Array(req.body),
  }).formData();
}

describe('client multipart', () => {
  it('voice clone: samples[] as Files, other fields as text', async () => {
    server = await startLocalServer(() => ok({ id: 5, status: 'processing' }, 201));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    const samples = [1, 2, 3].map((i) => new File([`audio-${i}`], `s${i}.mp3`, { type: 'audio/mpeg' }));
    const { response } = await client.POST('/voice-clones', {
      body: { terms: 'true', name: 'Narrator', gender: 'female', 'samples[]': samples, purchase_addon: false },
    });
    expect(response.status).toBe(201);
    expect(String(server.seen[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await parts(server.seen[0]);
    expect(form.getAll('samples[]').map((f) => (f as File).name)).toEqual(['s1.mp3', 's2.mp3', 's3.mp3']);
    expect(await (form.get('samples[]') as File).text()).toBe('audio-1');
    expect([form.get('name'), form.get('gender'), form.get('terms'), form.get('purchase_addon')]).toEqual([
      'Narrator',
      'female',
      'true',
      'false',
    ]);
  });

  it('character image and ai-visuals upload take a Blob', async () => {
    server = await startLocalServer(() => ok({ id: 1 }));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    await client.POST('/characters', { body: { name: 'Ava', image: new Blob(['png'], { type: 'image/png' }) } });
    await client.POST('/ai-visuals/{faceless}/assets/upload', {
      params: { path: { faceless: 3 } },
      body: { file: new File(['jpg'], 'scene.jpg') },
    });
    const [character, upload] = await Promise.all(server.seen.map(parts));
    expect(await (character.get('image') as File).text()).toBe('png');
    expect((upload.get('file') as File).name).toBe('scene.jpg');
  });

  it('JSON bodies stay JSON', async () => {
    server = await startLocalServer(() => ok({ id: 1 }, 201));
    const client = createVideoApiClient({ baseUrl: server.baseUrl, token: 't' });
    await client.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example', idea: 'morning ritual' } });
    expect(server.seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.seen[0].body.toString())).toEqual({ product_name: 'Brew', domain: 'brew.example', idea: 'morning ritual' });
  });
});
