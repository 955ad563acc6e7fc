// A text part where the contract wants a file: what a generator that types `samples[]` as a string
// sends. The source asks for 1 to 3 audio files but says nothing of file names, so the mock takes
// the part's bytes as the file (mock/README.md); the journal lists the part without a file name, so
// an app's test can see that it sent text where a file belongs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../../mock/index.js';

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

async function sampleParts(token: string): Promise<unknown[]> {
  const reply = await fetch(`${mock.url.replace(/\/v2$/, '')}/__mock/requests?token=${token}&limit=1`);
  const [entry] = (await reply.json()).requests;
  return (entry?.uploads ?? []).filter((part: { field: string }) => part.field === 'samples[]');
}

describe('mock: text parts in file fields', () => {
  it('a samples[] sent as a text field is taken as the file and journaled without a file name; sent as a file, with its name', async () => {
    const send = (asFile: boolean, token: string) =>
      fetch(`${mock.url}/voice-clones`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form(asFile) });
    expect((await send(false, 'text-part')).status).toBe(200);
    expect((await send(true, 'file-part')).status).toBe(200);
    expect(await sampleParts('text-part')).toEqual([expect.not.objectContaining({ filename: expect.anything() })]);
    expect(await sampleParts('text-part')).toEqual([expect.objectContaining({ size: 12 })]);
    expect(await sampleParts('file-part')).toEqual([expect.objectContaining({ filename: 'take.wav', size: 12 })]);
  });
});
