// A consumer's script: the typed client from its package walks a faceless video from create to
// completed against the URL in MOCK_URL, and prints what it saw as JSON.
import { createVideoApiClient } from 'video-api-v2-client';

const api = createVideoApiClient({ baseUrl: process.env.MOCK_URL, token: 'consumer-dev' });
const created = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll', topic: 'Octopus hearts' } }))).data;
const params = { path: { faceless: created.id } };
await api.unwrap(api.PUT('/faceless/{faceless}/scripts', { params, body: { topic: 'octopus hearts', duration: 60 } }));
const voice = (await api.unwrap(api.GET('/faceless/options'))).data.mandatory.voices[0];
await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { voice_id: voice.id } }));
const render = await api.POST('/faceless/{faceless}/render', { params });
const states = [];
const done = await api.poll.facelessVideo(created, { intervalMs: 20, timeoutMs: 20_000, onProgress: (p) => states.push(p.state) });
console.log(JSON.stringify({ renderStatus: render.response.status, states, final: done.video.status }));
