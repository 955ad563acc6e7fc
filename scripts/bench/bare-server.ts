// The benchmark's yardstick: a bare node:http server that answers each path with a fixed JSON body
// (the mock's own answer to that call, captured once), so the mock's cost over plain HTTP shows.
// Bodies come as JSON in BARE_BODIES ({ "/v2/me": "...", ... }); it prints its port when listening.
import http from 'node:http';

const bodies: Record<string, string> = JSON.parse(process.env.BARE_BODIES ?? '{}');
const server = http.createServer((req, res) => {
  // Read (and drop) any request body, as a real server would, before answering.
  req.resume();
  req.on('end', () => {
    const body = bodies[new URL(req.url ?? '/', 'http://bare').pathname];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{}');
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`bare: ${(server.address() as import('node:net').AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
