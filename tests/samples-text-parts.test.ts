// A text part where the contract wants a file: what a generator that types `samples[]` as strings
// sends. The source asks for 1 to 3 audio files; the mock refuses text there with 422 naming the
// field (before this rule it answered 200), and still takes the same bytes sent as a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../mock/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, log: () => {} });
});
afterAll(() => mock?.close());

function form(asFile: boolean): FormData {
  const body = new FormData();
  body.append('terms', 'true');
  body.append('name', 'Narrator');
  body.append('gender', 'female');
  if (asFile) body.append('samples[]', new File(['RIFF....WAVE'], 'take.wav', { type: 'audio/wav' }));
  else body.append('samples[]', 'RIFF....WAVE');
  return body;
}

describe('mock: text parts in file fields', () => {
  it('a voice clone whose samples[] is a text field is a 422 naming samples[]; the same bytes as a file are a 200', async () => {
    const send = (asFile: boolean, token: string) =>
      fetch(`${mock.url}/voice-clones`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(asFile) });
    const text = await send(false, 'text-part');
    const body = await text.json();
    expect({ status: text.status, fields: Object.keys(body.errors ?? {}) }).toEqual({ status: 422, fields: ['samples[]'] });
    expect((await send(true, 'file-part')).status).toBe(200);
  });
});
