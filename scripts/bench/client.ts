// npm run bench:client — the client's per-call overhead against raw fetch, same local server, same
// run: calls alternate so machine load hits both sides alike; the ratio is the median of the
// per-round ratios. Also reports the client's own cost per call with the network taken out.
// Writes client/bench-results.json (BENCH_OUT overrides), linked from client/README.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The compiled entry: what package consumers actually run.
import { createVideoApiClient } from '../../generated/client/index.js';
import { ROOT } from '../lib/project.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const body = JSON.stringify({
  message: 'Success.',
  status: 200,
  data: { id: 1, name: 'Bench', email: 'b@example.com', credits: { remaining: 100, total: 100, extra: 0 } },
});

const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'X-RateLimit-Limit': '30',
    'X-RateLimit-Remaining': '29',
  });
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
const token = 'bench-token';
const client = createVideoApiClient({ baseUrl, token });

async function raw() {
  const res = await fetch(`${baseUrl}/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`raw: ${res.status}`);
  return res.json();
}
// Same call, handed to fetch as a Request object (what openapi-fetch does): shows how much of the
// gap is undici's Request handling rather than the client's code.
async function rawRequest() {
  const res = await fetch(new Request(`${baseUrl}/me`, { headers: { Authorization: `Bearer ${token}` } }));
  if (!res.ok) throw new Error(`raw request: ${res.status}`);
  return res.json();
}
async function typed() {
  const { data, response } = await client.GET('/me');
  if (!response.ok) throw new Error(`client: ${response.status}`);
  return data;
}

// Calls alternate (raw, client, raw, client, ...) inside each round, so load from other processes
// on a shared machine hits both sides alike; each round yields its own ratio.
async function round(): Promise<{ rawUs: number; clientUs: number; rawRequestUs: number }> {
  let rawNs = 0n;
  let clientNs = 0n;
  let rawRequestNs = 0n;
  for (let i = 0; i < CALLS; i++) {
    const a = process.hrtime.bigint();
    await raw();
    const b = process.hrtime.bigint();
    await typed();
    const c = process.hrtime.bigint();
    await rawRequest();
    const d = process.hrtime.bigint();
    rawNs += b - a;
    clientNs += c - b;
    rawRequestNs += d - c;
  }
  const us = (ns: bigint) => Number(ns) / 1000 / CALLS;
  return { rawUs: us(rawNs), clientUs: us(clientNs), rawRequestUs: us(rawRequestNs) };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fixed = (x: number, d = 1) => Number(x.toFixed(d));

// The client's own cost with the network taken out: a fetch that answers at once. Chunks alternate
// (bare, client, ...) and the median difference is kept, so load spikes do not decide the figure.
async function inProcessOverheadUs(): Promise<number> {
  const canned = () =>
    new Response(body, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } });
  const local = createVideoApiClient({ baseUrl, token, fetch: async () => canned() });
  const n = 1000;
  const time = async (fn: () => Promise<unknown>) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn();
    return Number(process.hrtime.bigint() - t) / 1000 / n;
  };
  const bare = () => canned().json();
  const typedLocal = () => local.GET('/me');
  await time(bare);
  await time(typedLocal);
  const diffs: number[] = [];
  for (let chunk = 0; chunk < 21; chunk++) diffs.push((await time(typedLocal)) - (await time(bare)));
  return median(diffs);
}

await round(); // warm-up: JIT, connection pool
const rounds: Array<{ rawUs: number; clientUs: number; rawRequestUs: number }> = [];
for (let r = 0; r < ROUNDS; r++) rounds.push(await round());
server.close();
const overheadUs = await inProcessOverheadUs();

const ratios = rounds.map((r) => r.clientUs / r.rawUs);
const result = {
  date: new Date().toISOString(),
  node: process.version,
  callsPerRound: CALLS,
  rounds: ROUNDS,
  ratio: fixed(median(ratios), 3),
  target: 1.1,
  withinTarget: median(ratios) <= 1.1,
  rawFetchUsPerCall: fixed(median(rounds.map((r) => r.rawUs))),
  clientUsPerCall: fixed(median(rounds.map((r) => r.clientUs))),
  rawFetchWithRequestObjectUsPerCall: fixed(median(rounds.map((r) => r.rawRequestUs))),
  ratioVsRawFetchWithRequestObject: fixed(median(rounds.map((r) => r.clientUs / r.rawRequestUs)), 3),
  clientOwnCostUsPerCall: fixed(overheadUs),
  roundRatios: ratios.map((x) => fixed(x, 3)),
};
const out = process.env.BENCH_OUT ?? path.join(ROOT, 'client', 'bench-results.json');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `bench:client raw fetch ${result.rawFetchUsPerCall} µs/call, client ${result.clientUsPerCall} µs/call, ratio ${result.ratio}x (target ${result.target}x; rounds ${result.roundRatios.join(' ')}); vs fetch(new Request()) ${result.ratioVsRawFetchWithRequestObject}x; client's own cost without network ${result.clientOwnCostUsPerCall} µs/call -> ${path.relative(ROOT, out)}`,
);
