// npm run bench:client — the client's per-call overhead against raw fetch, same local server, same
// run. Rounds alternate (raw, client, raw, client, ...) so drift hits both; the ratio compares
// medians of per-round means. Writes reports/bench-client.json (BENCH_OUT overrides).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The compiled entry: what package consumers actually run.
import { createVideoApiClient } from '../../generated/client/index.js';
import { ROOT } from '../lib/project.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const body = JSON.stringify({ message: 'Success.', status: 200, data: { id: 1, name: 'Bench', email: 'b@example.com', credits: { remaining: 100, total: 100, extra: 0 } } });

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29' });
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
async function typed() {
  const { data, response } = await client.GET('/me');
  if (!response.ok) throw new Error(`client: ${response.status}`);
  return data;
}

async function round(fn: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await fn();
  return Number(process.hrtime.bigint() - started) / 1000 / CALLS; // µs per call
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Warm up both paths (JIT, connection pool).
await round(raw); await round(typed);
const rawUs: number[] = [];
const clientUs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  rawUs.push(await round(raw));
  clientUs.push(await round(typed));
}
server.close();

const result = {
  date: new Date().toISOString(),
  node: process.version,
  callsPerRound: CALLS,
  rounds: ROUNDS,
  rawFetchUsPerCall: Number(median(rawUs).toFixed(1)),
  clientUsPerCall: Number(median(clientUs).toFixed(1)),
  overheadUsPerCall: Number((median(clientUs) - median(rawUs)).toFixed(1)),
  ratio: Number((median(clientUs) / median(rawUs)).toFixed(3)),
  target: 1.1,
  rawRoundsUs: rawUs.map((x) => Number(x.toFixed(1))),
  clientRoundsUs: clientUs.map((x) => Number(x.toFixed(1))),
};
const out = process.env.BENCH_OUT ?? path.join(ROOT, 'reports', 'bench-client.json');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, JSON.stringify(result, null, 2) + '\n');
console.log(`bench:client raw fetch ${result.rawFetchUsPerCall} µs/call, client ${result.clientUsPerCall} µs/call, ratio ${result.ratio}x (target ${result.target}x) -> ${path.relative(ROOT, out)}`);
