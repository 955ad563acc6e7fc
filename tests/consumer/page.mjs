// A consumer's page: MSW's service worker with the stateful mock's handlers; the typed client
// renders a video and the page shows each state it reads, until completed.
import { setupWorker } from 'msw/browser';
import { createVideoApiClient } from 'video-api-v2-client';
import { createMockHandlers } from 'video-api-v2-mock/msw';

const log = (line) => {
  const li = document.createElement('li');
  li.textContent = line;
  document.querySelector('#log').append(li);
};

try {
  const mock = createMockHandlers({ baseUrl: '/v2', clock: 'manual' });
  await setupWorker(...mock).start({ quiet: true, onUnhandledFrame: 'bypass' });
  const api = createVideoApiClient({ baseUrl: `${location.origin}/v2`, token: 'storybook' });
  const created = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll', topic: 'Octopus hearts' } }))).data;
  const params = { path: { faceless: created.id } };
  await api.unwrap(api.PUT('/faceless/{faceless}/scripts', { params, body: { topic: 'octopus hearts', duration: 60 } }));
  const voice = (await api.unwrap(api.GET('/faceless/options'))).data.mandatory.voices[0];
  await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { voice_id: voice.id } }));
  await api.unwrap(api.POST('/faceless/{faceless}/render', { params }));
  log(`created ${created.id}`);
  log(`status: ${(await api.unwrap(api.GET('/faceless/{faceless}', { params }))).data.video.status}`);
  await mock.control.advance({ steps: 10 });
  const done = (await api.unwrap(api.GET('/faceless/{faceless}', { params }))).data.video;
  log(`status: ${done.status}`);
  // A dynamic example: the handlers load Prism's generator (a separate chunk) for it.
  console.log('dynamic: asking');
  const dynamic = await fetch('/v2/me', { headers: { authorization: 'Bearer storybook', prefer: 'dynamic=true' } });
  const generated = (await dynamic.json()).data;
  log(`dynamic: ${dynamic.status} ${typeof generated?.credits === 'object' ? 'generated' : 'missing'}`);
  document.querySelector('#result').textContent = done.status;
} catch (error) {
  document.querySelector('#result').textContent = `error: ${error.message}`;
}
