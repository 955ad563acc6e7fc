// Real files upload: a WAV voice sample and a JPEG photo, whose bytes include every reserved
// character (/ ? # & + =) and bytes that are not UTF-8, are accepted by the mock through the typed
// client, as a browser app would send them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../../client/index.js';
import { useMock } from '../support/mock-harness.js';
import { wav } from '../support/media.js';

const mock = useMock();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What the journal recorded of the newest call with this token. */
async function uploadsOf(token: string): Promise<unknown> {
  const reply = await fetch(`${mock.base.replace(/\/v2$/, '')}/__mock/requests?token=${token}&limit=1`);
  return (await reply.json()).requests[0]?.uploads;
}

const reserved = (bytes: Uint8Array) => [...'/?#&+='].every((c) => bytes.includes(c.charCodeAt(0))) && bytes.some((b) => b > 0x7f);

describe('uploads with real file bytes', () => {
  it('a voice clone with a 16 KB WAV sample is accepted and stored', async () => {
    const sample = wav(8_000);
    const client = createVideoApiClient({ baseUrl: mock.base, token: 'upload-wav' });
    const { response, data } = await client.POST('/voice-clones', {
      body: {
        terms: 'true',
        name: 'Narrator',
        gender: 'female',
        'samples[]': [new File([sample], 'take one.wav', { type: 'audio/wav' })],
      },
    });
    const stored = await (await fetch(`${mock.base.replace(/\/v2$/, '')}/__mock/accounts/upload-wav`)).json();
    expect([reserved(sample), response.status, (data as { data?: { name?: string } })?.data?.name, stored.resources.length]).toEqual([
      true,
      200,
      'Narrator',
      1,
    ]);
  });

  it('the journal records every uploaded part: field, file name, type, size and the SHA-256 of the bytes sent', async () => {
    const sample = wav(4_000);
    const photo = new Uint8Array(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'photo.jpg')));
    const voice = createVideoApiClient({ baseUrl: mock.base, token: 'journal-wav' });
    await voice.POST('/voice-clones', {
      body: {
        terms: 'true',
        name: 'Narrateur',
        gender: 'male',
        'samples[]': [new File([sample], 'prise un é.wav', { type: 'audio/wav' })],
      },
    });
    const character = createVideoApiClient({ baseUrl: mock.base, token: 'journal-jpeg' });
    await character.POST('/characters', { body: { name: 'Ava', image: new File([photo], 'ava.jpg', { type: 'image/jpeg' }) } });
    const wavPart = {
      field: 'samples[]',
      filename: 'prise un é.wav',
      contentType: 'audio/wav',
      size: sample.byteLength,
      sha256: sha256(sample),
    };
    const jpegPart = { field: 'image', filename: 'ava.jpg', contentType: 'image/jpeg', size: photo.byteLength, sha256: sha256(photo) };
    expect(await uploadsOf('journal-wav')).toContainEqual(wavPart);
    expect(await uploadsOf('journal-wav')).toContainEqual({
      field: 'name',
      size: 9,
      sha256: sha256(new TextEncoder().encode('Narrateur')),
    });
    expect(await uploadsOf('journal-jpeg')).toContainEqual(jpegPart);
  });

  it('odd part names (a semicolon, bytes that are not ASCII or not UTF-8) are read, not a parser crash: schema-judged, not 400', async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="notes;draft"\r\n\r\n{}\r\n', 'latin1'),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="', 'latin1'),
      Buffer.from([0xf1, 0x95, 0xa6, 0xa1, 0x00, 0xc3, 0x91, 0x57, 0x95]),
      Buffer.from('"\r\n\r\n[true]\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAva\r\n--b--\r\n', 'latin1'),
    ]);
    const reply = await fetch(`${mock.base}/characters`, {
      method: 'POST',
      headers: { authorization: 'Bearer odd-names', 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(reply.status).toBe(200);
    expect(await uploadsOf('odd-names')).toContainEqual(expect.objectContaining({ field: 'notes;draft', size: 2 }));
  });

  it('an empty audio part (no file name, as Schemathesis sends one) is an empty file, not a missing field', async () => {
    const part = (name: string, value: string, type?: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
    const reply = await fetch(`${mock.base}/voice-clones`, {
      method: 'POST',
      headers: { authorization: 'Bearer empty-sample', 'content-type': 'multipart/form-data; boundary=b' },
      body: `${part('terms', 'true')}${part('name', 'Quiet')}${part('gender', 'male')}${part('samples[]', '', 'audio/*')}--b--\r\n`,
    });
    expect(reply.status).toBe(200);
    expect(await uploadsOf('empty-sample')).toContainEqual(expect.objectContaining({ field: 'samples[]', size: 0 }));
  });

  it('an array field is counted part by part: four samples[] (the contract allows 1 to 3) are a 422 naming the field, three are accepted', async () => {
    const send = async (token: string, count: number) => {
      const client = createVideoApiClient({ baseUrl: mock.base, token });
      const samples = Array.from({ length: count }, (_, i) => new File([wav(100)], `take ${i}.wav`, { type: 'audio/wav' }));
      const { response, error } = await client.POST('/voice-clones', {
        body: { terms: 'true', name: 'Four', gender: 'male', 'samples[]': samples },
      });
      return { status: response.status, fields: Object.keys((error as { errors?: object } | undefined)?.errors ?? {}) };
    };
    expect([await send('four-samples', 4), await send('three-samples', 3)]).toEqual([
      { status: 422, fields: ['samples[]'] },
      { status: 200, fields: [] },
    ]);
  });

  it("a character's JPEG photo is accepted", async () => {
    const photo: Uint8Array<ArrayBuffer> = new Uint8Array(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'photo.jpg')));
    const client = createVideoApiClient({ baseUrl: mock.base, token: 'upload-jpeg' });
    const { response } = await client.POST('/characters', {
      body: { name: 'Ava', image: new File([photo], 'ava.jpg', { type: 'image/jpeg' }) },
    });
    expect([reserved(photo), response.status]).toEqual([true, 200]);
  });

  it('an empty form (the closing delimiter only) is judged by the schema: served where nothing is required, 422 where fields are', async () => {
    const send = async (path: string) =>
      (
        await fetch(`${mock.base}${path}`, {
          method: 'POST',
          headers: { authorization: 'Bearer empty-form', 'content-type': 'multipart/form-data; boundary=b' },
          body: '--b--\r\n',
        })
      ).status;
    expect([await send('/characters'), await send('/voice-clones')]).toEqual([200, 422]);
  });
});
