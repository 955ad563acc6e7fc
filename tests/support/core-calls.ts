// Calls on a mock core in process (its fetch function, as the MSW handlers call it), for the suites
// that talk to one: a FormData body goes as multipart, any other as JSON; the reply's status and
// its body read as JSON (undefined when empty).
import type { MockCore } from '../../mock/core.js';

export interface CoreReply {
  status: number;
  body: any;
}

/** A function that calls a core as the account of `token`: `call(core, 'POST', '/faceless', { type: 'b-roll' })`. */
export function callerAs(token: string) {
  return async (core: MockCore, method: string, path: string, body?: unknown): Promise<CoreReply> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    const json = body !== undefined && !(body instanceof FormData);
    if (json) headers['content-type'] = 'application/json';
    const init = { method, headers, body: json ? JSON.stringify(body) : (body as FormData | undefined) };
    const response = await core.fetch(new Request(`http://mock.test/v2${path}`, init));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** A voice clone's form: the three text fields (its name as given) and one sample. */
export function voiceCloneForm(name = 'Narrator'): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries({ terms: 'true', name, gender: 'female' })) form.set(field, value);
  form.append('samples[]', new Blob(['sample'], { type: 'audio/mpeg' }), 'sample.mp3');
  return form;
}

/** A character's one-part form: its name and an image. */
export function characterForm(name = 'Mira'): FormData {
  const form = new FormData();
  form.set('name', name);
  form.append('image', new Blob(['PNG'], { type: 'image/png' }), 'm.png');
  return form;
}
