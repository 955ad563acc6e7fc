// npm run bench:mock — throughput and latency of the stateful mock against plain
// `prism mock generated/openapi.yaml` on the same bundled contract, in the same run.
// Not a test: the figures go to mock/bench-results.md (linked from mock/README.md).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { freePort } from '../../lib/free-port.js';
import { startMockProcess } from '../../mock/launch.js';
import { createMockCore } from '../../mock/core.js';
import { createMockHandlers } from '../../mock/msw.js';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
// autocannon ships no type declarations; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<AutocannonResult>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = path.join(ROOT, 'mock/bench-results.md');
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TOKEN = 'bench-token';

async function start(command: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(readyUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (response.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`${command} ${args.join(' ')} did not become ready`);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(url: string, method: 'GET' | 'POST' = 'GET', body?: string, connections = CONNECTIONS): Promise<Figures> {
  const options = {
    url,
    method,
    body,
    connections,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  };
  await autocannon({ ...options, duration: 2 }); // warm-up (JIT, caches)
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const IN_PROCESS_CALLS = 3000;
/** The wide-load row: as many connections as issue 54's goal names. */
const WIDE_CONNECTIONS = 150;

/** Median and p99 of `calls` sequential calls of `once`, in ms, after a warm-up. */
async function timeCalls(once: () => Promise<unknown>): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < 300; i += 1) await once();
  const times: number[] = [];
  for (let i = 0; i < IN_PROCESS_CALLS; i += 1) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

/** The in-process ways in: the core's answer() directly, and createMockHandlers under msw/node. */
async function inProcess(): Promise<{ rows: string[]; adapterP99: number; mswAloneP99: number }> {
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ type: 'b-roll', topic: 'Bench' });
  const core = await createMockCore({ log: () => {} });
  const direct = {
    me: await timeCalls(() => core.answer({ method: 'GET', url: '/v2/me', headers, body: '' })),
    create: await timeCalls(() => core.answer({ method: 'POST', url: '/v2/faceless', headers, body })),
    // Calls refused before an example is needed: no token at the gate, an unknown id in the state.
    anonymous: await timeCalls(() => core.answer({ method: 'GET', url: '/v2/me', headers: {}, body: '' })),
    unknown: await timeCalls(() => core.answer({ method: 'GET', url: '/v2/faceless/999999999', headers, body: '' })),
  };
  const base = 'http://bench.test/v2';
  const handlers = createMockHandlers({ baseUrl: base });
  await handlers.ready;
  const server = setupServer(...handlers);
  server.listen({ onUnhandledFrame: 'error' });
  const msw = {
    me: await timeCalls(() => fetch(`${base}/me`, { headers }).then((r) => r.text())),
    create: await timeCalls(() => fetch(`${base}/faceless`, { method: 'POST', headers, body }).then((r) => r.text())),
  };
  server.close();
  // MSW's own floor: one handler answering a fixed body, so what is left is MSW's interception of
  // fetch and the Fetch Request/Response it makes (no mock at all).
  const floor = setupServer(http.all(`${base}/*`, () => HttpResponse.json({ data: { ok: true } })));
  floor.listen({ onUnhandledFrame: 'error' });
  const mswAlone = await timeCalls(() => fetch(`${base}/me`, { headers }).then((r) => r.text()));
  floor.close();
  const row = (name: string, f: { median: number; p99: number }) => `| ${name} | ${f.median.toFixed(3)} | ${f.p99.toFixed(3)} |`;
  const rows = [
    row('GET /me, core.answer()', direct.me),
    row('POST /faceless, core.answer()', direct.create),
    row('GET /me without a token (401), core.answer()', direct.anonymous),
    row('GET /faceless/{unknown id} (404), core.answer()', direct.unknown),
    row('GET /me, createMockHandlers + msw/node fetch', msw.me),
    row('POST /faceless, createMockHandlers + msw/node fetch', msw.create),
    row("GET /me, MSW alone (one handler with a fixed body): MSW's floor", mswAlone),
  ];
  for (const r of rows) console.log(`  ${r}`);
  return { rows, adapterP99: msw.me.p99, mswAloneP99: mswAlone.p99 };
}

/**
 * A yardstick server as a process of its own (autocannon runs in this one): the bare server, or the
 * Prism floor. Each prints `<name>: <port>` when listening.
 */
async function startYardstick(
  name: 'bare' | 'floor',
  file: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const m = new RegExp(`${name}: (\\d+)`).exec(chunk.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the ${name} server exited (${code}) before listening`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

interface Case {
  name: string;
  mock: string;
  prism: string;
  body?: string;
}

/** The mock, plain Prism and the three yardsticks, started side by side; the cases measured on each. */
async function startServers() {
  const prismPort = await freePort();
  const prismBase = `http://127.0.0.1:${prismPort}`;
  const prismBin = path.join(ROOT, 'node_modules/.bin/prism');

  console.log('bench: starting the mock and plain prism');
  const mock = await startMockProcess();
  const mockBase = mock.baseUrl;
  const prism = await start(
    prismBin,
    ['mock', 'generated/openapi.yaml', '-p', String(prismPort), '-h', '127.0.0.1'],
    {},
    `${prismBase}/me`,
  );

  // A stateful resource for the mock's GET by id (plain Prism answers its example for any id).
  const created = await fetch(`${mockBase}/faceless`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'ai-clips' }),
  }).then((r) => r.json());
  const id = created.data.id;

  const cases: Case[] = [
    { name: 'GET /me', mock: `${mockBase}/me`, prism: `${prismBase}/me` },
    { name: 'GET /faceless/options', mock: `${mockBase}/faceless/options`, prism: `${prismBase}/faceless/options` },
    { name: 'GET /faceless/{id}', mock: `${mockBase}/faceless/${id}`, prism: `${prismBase}/faceless/${id}` },
    // A validated write that stores a resource in the mock (plain Prism only answers the example).
    {
      name: 'POST /faceless',
      mock: `${mockBase}/faceless`,
      prism: `${prismBase}/faceless`,
      body: JSON.stringify({ type: 'b-roll', topic: 'Bench' }),
    },
  ];
  // The yardstick: a bare node:http server answering each path with the mock's own body.
  const sample = async (c: { mock: string; body?: string }) =>
    (
      await fetch(c.mock, {
        method: c.body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: c.body,
      })
    ).text();
  const bodies: Record<string, string> = {};
  for (const c of cases) bodies[new URL(c.mock).pathname] = await sample(c);
  const bare = await startYardstick('bare', 'scripts/bench/bare-server.ts', { BARE_BODIES: JSON.stringify(bodies) });
  const loadAtStart = os.loadavg()[0];
  const floor = await startYardstick('floor', 'scripts/bench/prism-floor-server.ts');
  const unchecked = await startYardstick('floor', 'scripts/bench/prism-floor-server.ts', { FLOOR_PRISM_CHECKS: '0' });
  const stop = async () => {
    await mock.stop();
    prism.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    floor.child.kill('SIGTERM');
    unchecked.child.kill('SIGTERM');
  };
  return { cases, loadAtStart, bare: bare.base, floor: floor.base, unchecked: unchecked.base, stop };
}

type Servers = Awaited<ReturnType<typeof startServers>>;

/** One case on the five servers, printed; its row of the report's table and the mock / bare ratio. */
async function measureCase(c: Case, servers: Servers): Promise<{ row: string; toBare: number }> {
  const on = (base: string) => `${base}${new URL(c.mock).pathname}`;
  console.log(`bench: ${c.name} (${SECONDS}s each, ${CONNECTIONS} connections)`);
  const method = c.body ? 'POST' : 'GET';
  const prismFigures = await measure(c.prism, method, c.body);
  const mockFigures = await measure(c.mock, method, c.body);
  const floorFigures = await measure(on(servers.floor), method, c.body);
  const uncheckedFigures = await measure(on(servers.unchecked), method, c.body);
  const bareFigures = await measure(on(servers.bare), method, c.body);
  const ratio = mockFigures.rps / prismFigures.rps;
  const toBare = mockFigures.rps / bareFigures.rps;
  const floorToBare = floorFigures.rps / bareFigures.rps;
  const uncheckedToBare = uncheckedFigures.rps / bareFigures.rps;
  for (const [who, f] of [
    ['plain prism', prismFigures],
    ['mock', mockFigures],
    ['floor', floorFigures],
    ['floor, no checks', uncheckedFigures],
    ['bare http', bareFigures],
  ] as const) {
    console.log(
      `  ${who.padEnd(12)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}  non-2xx ${f.non2xx}`,
    );
  }
  console.log(
    `  mock / prism ${ratio.toFixed(2)}x, mock / bare ${toBare.toFixed(2)}x, floor / bare ${floorToBare.toFixed(2)}x, floor without the three checks / bare ${uncheckedToBare.toFixed(2)}x, mock / floor ${(mockFigures.rps / floorFigures.rps).toFixed(2)}x`,
  );
  if (floorFigures.errors + floorFigures.non2xx + uncheckedFigures.errors + uncheckedFigures.non2xx > 0)
    throw new Error(`the floor server failed on ${c.name}`);
  const row = `| ${c.name} | ${bareFigures.rps.toFixed(0)} | ${prismFigures.rps.toFixed(0)} | ${uncheckedFigures.rps.toFixed(0)} | ${floorFigures.rps.toFixed(0)} | ${mockFigures.rps.toFixed(0)} | ${mockFigures.p50} / ${mockFigures.p99} | ${mockFigures.errors + mockFigures.non2xx} | ${ratio.toFixed(2)}x | ${uncheckedToBare.toFixed(2)}x | ${floorToBare.toFixed(2)}x | ${toBare.toFixed(2)}x |`;
  return { row, toBare };
}

/** Wide load: GET /me on 150 connections, the mock and the bare server; the mock's p99 (issue 54's goal). */
async function measureWide(servers: Servers): Promise<{ row: string; p99: number }> {
  const me = servers.cases[0];
  console.log(`bench: ${me.name} on ${WIDE_CONNECTIONS} connections (${SECONDS}s each)`);
  const mock = await measure(me.mock, 'GET', undefined, WIDE_CONNECTIONS);
  const bare = await measure(`${servers.bare}${new URL(me.mock).pathname}`, 'GET', undefined, WIDE_CONNECTIONS);
  for (const [who, f] of [
    ['mock', mock],
    ['bare http', bare],
  ] as const)
    console.log(`  ${who.padEnd(12)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}`);
  const row = `| ${me.name}, ${WIDE_CONNECTIONS} connections | ${bare.rps.toFixed(0)} | ${bare.p99} | ${mock.rps.toFixed(0)} | ${mock.p50} / ${mock.p99} | ${mock.errors + mock.non2xx} | ${(mock.rps / bare.rps).toFixed(2)}x |`;
  return { row, p99: mock.p99 };
}

interface Measured {
  ratios: Array<{ name: string; toBare: number }>;
  wideP99: number;
  adapterP99: number;
  mswAloneP99: number;
}

/** Issue 54's goals against this run: one table row each (goal, what was measured, verdict). */
function goalRows(m: Measured): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  const lowest = m.ratios.reduce((a, b) => (b.toBare < a.toBare ? b : a));
  return [
    `| the mock at 0.6× the bare server or better on every route, ${CONNECTIONS} connections | lowest ${lowest.toBare.toFixed(2)}× (${lowest.name}) | ${verdict(lowest.toBare >= 0.6)} |`,
    `| p99 at most 4 ms at ${WIDE_CONNECTIONS} connections (GET /me) | ${m.wideP99} ms | ${verdict(m.wideP99 <= 4)} |`,
    `| the MSW adapter's p99 in process at most 1 ms (GET /me) | ${m.adapterP99.toFixed(2)} ms (MSW alone, one fixed handler: ${m.mswAloneP99.toFixed(2)} ms) | ${verdict(m.adapterP99 <= 1)} |`,
  ];
}

/** mock/bench-results.md's text, up to the soak section. */
function reportText(rows: string[], wideRow: string, inProcessRows: string[], goals: string[], load: [number, number]): string {
  const [loadAtStart, loadAtEnd] = load;
  return `# Mock benchmark

Written by \`npm run bench:mock\` (scripts/bench/mock.ts) on ${new Date().toISOString()}.
autocannon, ${CONNECTIONS} connections, ${SECONDS} s per measurement after a 2 s warm-up; the mock
(\`npm start\` entry point, ${process.env.MOCK_QUIET === '1' ? 'request log off: MOCK_QUIET=1' : 'request log on, read by the benchmark and dropped'}) and plain
\`prism mock generated/openapi.yaml\` (prism-cli default options) and a bare \`node:http\` server
answering each path with the mock's own body (scripts/bench/bare-server.ts) run side by side on
${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}. The machine is shared with other work (1-minute
load average ${loadAtStart.toFixed(1)} when the servers started, ${loadAtEnd.toFixed(1)} when the last one was measured), so
treat single runs as indicative; the servers of one row are measured one after the other in the same run,
so their ratios are fairer than their absolute figures. Plain Prism's CLI pretty-prints several log lines per request
(signale), which is part of its gap. No errors is a goal of every row.

| goal (issue 54) | measured | verdict |
| --- | --- | --- |
${goals.join('\n')}

The "floor" (scripts/bench/prism-floor-server.ts) is a bare \`node:http\` server that does for each
request only what the mock's engine does, the same way (path match, the contract's security check
from lib/contract/security.ts, its compiled request check from lib/contract/validators.ts, Prism's
Prefer parsing (mock/prism.ts, which skips it for a call without preferences), the plain
example copied from a per-operation cache): no state, credits, limits, faults or journal. The mock
cannot be faster than its floor, so where "floor / bare" is under 0.6×, the goal is out of reach
with these checks on every request. The same server without the three checks (security, request
check, Prefer; \`FLOOR_PRISM_CHECKS=0\`) is the control: "unchecked / bare" is what is left when only
those checks are taken away. The profile below shows where the floor's own time goes.

| request | bare req/s | prism req/s | floor without the checks req/s | floor req/s | mock req/s | mock p50 / p99 ms | mock errors | mock / prism | unchecked / bare | floor / bare | mock / bare |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

The same \`GET /me\` on ${WIDE_CONNECTIONS} connections:

| request | bare req/s | bare p99 ms | mock req/s | mock p50 / p99 ms | mock errors | mock / bare |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${wideRow}

## In process (no socket)

${IN_PROCESS_CALLS} sequential calls each after 300 warm-up calls, one token, the request log off: the core's
\`answer()\` (what both adapters call), and the same engine through \`createMockHandlers\` under
\`msw/node\` (the Fetch \`Request\`/\`Response\` and MSW's interception included). Goal: the core answers
\`GET /me\` in under 0.2 ms median. A call refused before its answer needs an example (401 at the
gate, 404 for an unknown id) never runs Prism's mocker.

| call | median ms | p99 ms |
| --- | ---: | ---: |
${inProcessRows.join('\n')}
`;
}

async function main() {
  const servers = await startServers();
  const measured: Array<{ name: string; row: string; toBare: number }> = [];
  let wide: { row: string; p99: number };
  try {
    for (const c of servers.cases) measured.push({ name: c.name, ...(await measureCase(c, servers)) });
    wide = await measureWide(servers);
  } finally {
    await servers.stop();
  }
  const loadAtEnd = os.loadavg()[0];
  console.log(`bench: in process (${IN_PROCESS_CALLS} sequential calls each)`);
  const inProc = await inProcess();
  const goals = goalRows({ ratios: measured, wideP99: wide.p99, adapterP99: inProc.adapterP99, mswAloneP99: inProc.mswAloneP99 });
  console.log('bench: goals (issue 54)');
  for (const goal of goals) console.log(`  ${goal}`);
  const rows = measured.map((m) => m.row);
  const report = reportText(rows, wide.row, inProc.rows, goals, [servers.loadAtStart, loadAtEnd]);
  // The soak benchmark's section (npm run bench:soak) is its own: keep it.
  const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const soak = previous.indexOf('## Soak');
  writeFileSync(RESULTS, soak < 0 ? report : `${report.trimEnd()}\n\n${previous.slice(soak)}`);
  console.log(`bench: wrote ${path.relative(ROOT, RESULTS)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
