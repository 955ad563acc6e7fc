// "Your app" for the Playwright test: a page on 127.0.0.1:APP_PORT that calls the API at
// API_BASE_URL with the bearer token API_TOKEN (the mock's README config sets all three) as a
// frontend would (create, script, voice, render, poll), or with ?id=N only polls that video, and
// shows its status in #status. Stops on SIGTERM.
import { createServer } from 'node:http';

const { APP_PORT, API_BASE_URL, API_TOKEN } = process.env;
if (!APP_PORT || !API_BASE_URL || !API_TOKEN) throw new Error('app-server.mjs needs APP_PORT, API_BASE_URL and API_TOKEN');

const page = `<!doctype html><meta charset="utf-8"><title>app</title><p id="status">starting</p><script type="module">
const base = ${JSON.stringify(API_BASE_URL)};
const headers = { Authorization: ${JSON.stringify(`Bearer ${API_TOKEN}`)}, 'Content-Type': 'application/json' };
const call = async (method, path, body) => (await fetch(base + path, { method, headers, body: body && JSON.stringify(body) })).json();
const show = (text) => { document.querySelector('#status').textContent = text; };
let id = new URLSearchParams(location.search).get('id');
if (!id) {
  id = (await call('POST', '/faceless', { type: 'b-roll', topic: 'owls' })).data.id;
  const voice = (await call('GET', '/faceless/options')).data.mandatory.voices[0];
  await call('PATCH', '/faceless/' + id, { script: 'Owls hunt at night.', voice_id: voice.id });
  await call('POST', '/faceless/' + id + '/render');
}
for (;;) {
  const status = (await call('GET', '/faceless/' + id)).data.video.status;
  show(status);
  if (status !== 'rendering') break;
  await new Promise((r) => setTimeout(r, 100));
}
</script>`;

const server = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page));
server.listen(Number(APP_PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
