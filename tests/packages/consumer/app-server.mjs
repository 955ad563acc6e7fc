// "Your app" for the Playwright test: a page on http://127.0.0.1:5173 that calls the mock at
// http://127.0.0.1:4010/v2 as a frontend would (create, script, voice, render, poll), or with ?id=N
// only polls that video, and shows its status in #status. Stops on SIGTERM.
import { createServer } from 'node:http';

const page = `<!doctype html><meta charset="utf-8"><title>app</title><p id="status">starting</p><script type="module">
const base = 'http://127.0.0.1:4010/v2';
const headers = { Authorization: 'Bearer e2e-user', 'Content-Type': 'application/json' };
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
server.listen(5173, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
