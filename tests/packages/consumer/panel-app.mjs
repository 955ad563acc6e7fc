// A consumer's page for the mock's panel: the README's src/mocks/browser.ts starts MSW's worker with
// the handlers and mounts the panel; buttons make the app's own calls (start a render, read it,
// write a script: a charging call, send a path with markup in it) and show each answer in #result;
// window.unmountPanel removes the panel and window.mountPanel adds one again.
import { createVideoApiClient, isVideoApiError } from 'video-api-v2-client';
import { mountMockPanel } from 'video-api-v2-mock/msw';
import { startMocking } from './src/mocks/browser.ts';

const TOKEN = 'panel-dev';
const show = (text) => {
  document.querySelector('#result').textContent = text;
};
const api = createVideoApiClient({ baseUrl: `${location.origin}/v2`, token: TOKEN });
let id;

const calls = {
  async render() {
    const created = await api.data(api.POST('/faceless', { body: { type: 'b-roll', topic: 'Owls at night' } }));
    id = created.id;
    const params = { path: { faceless: id } };
    const voice = (await api.data(api.GET('/faceless/options'))).mandatory.voices[0];
    await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { script: 'Owls hunt at night.', voice_id: voice.id } }));
    const started = await api.data(api.POST('/faceless/{faceless}/render', { params }));
    return `${started.video.status} ${id}`;
  },
  async poll() {
    return (await api.data(api.GET('/faceless/{faceless}', { params: { path: { faceless: id } } }))).video.status;
  },
  async script() {
    await api.data(api.PUT('/faceless/{faceless}/scripts', { params: { path: { faceless: id } }, body: { topic: 'owls', duration: 60 } }));
    return 'script written';
  },
  async markup() {
    const answer = await fetch('/v2/<img src=x onerror="window.injected=1">', { headers: { authorization: `Bearer ${TOKEN}` } });
    return `markup ${answer.status}`;
  },
};

for (const [name, call] of Object.entries(calls)) {
  document.querySelector(`#${name}`).addEventListener('click', () => {
    show('…');
    call().then(show, (error) => show(isVideoApiError(error) ? `${error.status} ${error.code}` : `error: ${error.message}`));
  });
}
window.unmountPanel = await startMocking(TOKEN);
window.mountPanel = () => mountMockPanel({ token: TOKEN });
document.body.dataset.ready = 'yes';
