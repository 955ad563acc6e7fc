// npm run bench:soak — the mock under a long mixed load, then under 200 connections.
//   --seconds N      how long the mixed phase runs (default 600)
//   --workers N      concurrent clients in the mixed phase (default 20)
//   --tokens N       distinct bearer tokens they spread over (default 500)
//   --load-seconds N how long the 200-connection phase runs (default 30; 0 skips it)
//   --write          put the figures into mock/bench-results.md (section "Soak")
//   --case NAME      mixed (default), or big-scripts: 2 MB scripts over 4 tokens for --seconds (default 25)
//   --stream-seconds N how long the proxy's endless-answer case runs first (default 60; 0 skips it)
//   --stream-only    run only the proxy's case (scripts/bench/proxy-stream.ts)
// Mixed traffic: lifecycles (create, configure, render, poll to the end; some marked to fail),
// voice-clone uploads with a WAV sample, bad input (invalid JSON, invalid UTF-8, too deep, too big,
// unknown paths) and control calls. An "error" is an answer the mock should not give (a 5xx, a
// broken connection, or a status outside what that request must get). Prints one JSON line last.
// Not a test: speed and memory figures belong here, not in timed tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startMockProcess } from '../../mock/launch.js';
import { bigScriptsSoak } from './soak-big-scripts.js';
import { proxyEndlessStream, proxyStreamSection } from './proxy-stream.js';

const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<{
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = path.join(ROOT, 'mock/bench-results.md');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    workers: { type: 'string', default: '20' },
    tokens: { type: 'string', default: '500' },
    'load-seconds': { type: 'string', default: '30' },
    write: { type: 'boolean', default: false },
    // Which soak: the mixed traffic (default), or one of the separate cases below.
    case: { type: 'string', default: 'mixed' },
    'stream-seconds': { type: 'string', default: '60' },
    'stream-only': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds ?? '600');
const WORKERS = Number(args.workers);
const TOKENS = Number(args.tokens);
const LOAD_SECONDS = Number(args['load-seconds']);
const MAX_BODY = 1024 * 1024;

const latencies: number[] = [];
const errors: string[] = [];
const counts: Record<string, number> = {};

/** One request; `expected` says which statuses are right for it (anything else is an error). */
async function hit(base: string, kind: string, method: string, url: string, init: RequestInit, expected: (status: number) => boolean) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${url}`, { method, ...init });
    const text = await response.text();
    latencies.push(performance.now() - started);
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (!expected(response.status)) errors.push(`${kind}: ${method} ${url} -> ${response.status} ${text.slice(0, 120)}`);
    return { status: response.status, json: () => JSON.parse(text) };
  } catch (error) {
    latencies.push(performance.now() - started);
    errors.push(`${kind}: ${method} ${url} -> ${(error as Error).message}`);
    return { status: 0, json: () => ({}) };
  }
}

const json = (token: string, body: unknown): RequestInit => ({
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
});
const auth = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });
const ok = (status: number) => status >= 200 && status < 300;
const refused = (status: number) => status >= 400 && status < 500;

function wav(): Blob {
  const bytes = new Uint8Array(44 + 4000);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WAVEfmt '), 8);
  for (let i = 44; i < bytes.length; i++) bytes[i] = (i * 151) % 256;
  return new Blob([bytes], { type: 'audio/wav' });
}

async function lifecycle(base: string, token: string, fail: boolean): Promise<void> {
  const created = await hit(base, 'create', 'POST', '/faceless', json(token, { type: 'b-roll' }), ok);
  const id = created.json()?.data?.id;
  if (id === undefined) return;
  const script = fail ? 'mock:fail owls' : 'Owls at night';
  await hit(base, 'configure', 'PATCH', `/faceless/${id}`, json(token, { script, voice_id: 17 }), ok);
  // Charging may run the account dry over a long run: 402 is then the right answer.
  const render = await hit(base, 'render', 'POST', `/faceless/${id}/render`, auth(token), (s) => ok(s) || s === 402);
  if (!ok(render.status)) return;
  for (let i = 0; i < 20; i++) {
    const polled = await hit(base, 'poll', 'GET', `/faceless/${id}`, auth(token), ok);
    const status = polled.json()?.data?.video?.status;
    if (status === 'completed' || status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mixedClient(base: string, control: string, worker: number, until: number): Promise<void> {
  let n = worker;
  while (Date.now() < until) {
    const token = `soak-${n % TOKENS}`;
    const pick = n % 10;
    n += WORKERS;
    if (pick < 4) await lifecycle(base, token, pick === 0);
    else if (pick === 4) await hit(base, 'me', 'GET', '/me', auth(token), ok);
    else if (pick === 5) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ terms: 'true', name: 'Narrator', gender: 'female' })) form.append(k, v);
      form.append('samples[]', wav(), 'take.wav');
      // With the slots full the next clone is 403 (no purchase): also a right answer.
      await hit(
        base,
        'upload',
        'POST',
        '/voice-clones',
        { headers: { authorization: `Bearer ${token}` }, body: form },
        (s) => ok(s) || s === 403,
      );
    } else if (pick === 6) await hit(base, 'bad-json', 'POST', '/faceless', json(token, '{"type": "b-roll",'), refused);
    else if (pick === 7) {
      const variants = [
        new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]),
        `{"type":"b-roll","x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        `{"type":"b-roll","x":"${'y'.repeat(MAX_BODY + 10)}"}`,
      ];
      await hit(base, 'bad-body', 'POST', '/faceless', json(token, variants[n % 3]), refused);
    } else if (pick === 8) await hit(base, 'unknown-path', 'GET', `/no-such-${n}`, auth(token), (s) => s === 404);
    else await hit(control, 'control', 'GET', '/__mock/requests?limit=5', {}, ok);
  }
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;
}

async function main(): Promise<void> {
  const mock = await startMockProcess({ MOCK_QUIET: '1', MOCK_STEP_MS: '200', MOCK_MAX_BODY_BYTES: String(MAX_BODY) });
  const control = mock.baseUrl.replace(/\/v2$/, '');
  const samples: Array<{ second: number; rssMb: number }> = [];
  const started = Date.now();
  const sample = () => samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rssMb(mock.pid) });
  sample();
  const sampler = setInterval(sample, Math.max(1000, (SECONDS * 1000) / 60));
  const progress = setInterval(() => {
    const done = Math.round((Date.now() - started) / 1000);
    console.error(`soak: ${done}/${SECONDS} s, ${latencies.length} requests, ${errors.length} errors, RSS ${rssMb(mock.pid)} MB`);
  }, 30_000);
  try {
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: WORKERS }, (_, i) => mixedClient(mock.baseUrl, control, i, until)));
    sample();
    // The stored state's size against MOCK_MAX_STATE_BYTES, which a mixed run stays well inside.
    const state = (await (await fetch(`${control}/__mock/accounts`)).json()).state;
    clearInterval(sampler);
    clearInterval(progress);
    const sorted = [...latencies].sort((a, b) => a - b);
    // Warm-up: the first tenth of the run (JIT, caches, first accounts). Growth is measured from the
    // lowest sample after it, so a garbage collection right after warm-up cannot hide a climb.
    const afterWarmUp = samples.filter((s) => s.second >= SECONDS / 10);
    const warm = afterWarmUp.reduce((low, s) => (s.rssMb < low.rssMb ? s : low), afterWarmUp[0] ?? samples[0]);
    const last = samples[samples.length - 1];
    let load: { connections: number; seconds: number; rps: number; p50: number; p99: number; max: number; errors: number } | undefined;
    if (LOAD_SECONDS > 0) {
      const result = await autocannon({
        url: `${mock.baseUrl}/me`,
        connections: 200,
        duration: LOAD_SECONDS,
        headers: { authorization: 'Bearer soak-load' },
      });
      load = {
        connections: 200,
        seconds: LOAD_SECONDS,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors + result.timeouts + result.non2xx,
      };
    }
    const report = {
      seconds: SECONDS,
      workers: WORKERS,
      tokens: TOKENS,
      requests: latencies.length,
      byKind: counts,
      errors: errors.length,
      firstErrors: errors.slice(0, 5),
      latencyMs: { p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted[sorted.length - 1] ?? 0) },
      rssMb: { start: samples[0].rssMb, lowestAfterWarmUp: warm.rssMb, end: last.rssMb, growthAfterWarmUp: last.rssMb - warm.rssMb },
      rssSamples: samples,
      state,
      load,
      node: process.version,
    };
    if (args.write) writeResults(report);
    console.log(JSON.stringify(report));
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
    await mock.stop();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function writeResults(report: any): void {
  const goal = (met: boolean) => (met ? 'met' : '**not met**');
  const section = `## Soak

\`npm run bench:soak -- --seconds ${report.seconds} --write\` on ${new Date().toISOString().slice(0, 10)} (Node ${report.node}, 2 cores):
${report.workers} concurrent clients over ${report.tokens} tokens for ${report.seconds} s of mixed traffic (lifecycles with
renders and polls, some marked to fail; WAV voice-clone uploads; invalid JSON, invalid UTF-8, 5,000-deep
nesting, bodies over the limit, unknown paths; control calls), then ${report.load?.connections ?? 0} connections on \`GET /me\`
for ${report.load?.seconds ?? 0} s.

| figure | value | goal |
| --- | --- | --- |
| requests (mixed phase) | ${report.requests} | |
| errors (5xx, broken connections, wrong status) | ${report.errors} | 0: ${goal(report.errors === 0)} |
| latency p50 / p99 / max (mixed) | ${report.latencyMs.p50} / ${report.latencyMs.p99} / ${report.latencyMs.max} ms | |
| RSS at start / lowest after warm-up (first tenth) / at end | ${report.rssMb.start} / ${report.rssMb.lowestAfterWarmUp} / ${report.rssMb.end} MB | |
| RSS growth after warm-up (end minus the lowest after warm-up) | ${report.rssMb.growthAfterWarmUp} MB | < 50 MB: ${goal(report.rssMb.growthAfterWarmUp < 50)} |
| stored state at the end / MOCK_MAX_STATE_BYTES | ${Math.round(report.state.bytes / 1024 / 102.4) / 10} / ${Math.round(report.state.maxBytes / 1024 / 1024)} MiB | under half: ${goal(report.state.bytes < report.state.maxBytes / 2)} |
${
  report.load
    ? `| 200 connections: requests/s | ${report.load.rps} | |
| 200 connections: p99 / max | ${report.load.p99} / ${report.load.max} ms | p99 < 100 ms: ${goal(report.load.p99 < 100)}; max < 1 s: ${goal(report.load.max < 1000)} |
| 200 connections: errors | ${report.load.errors} | 0: ${goal(report.load.errors === 0)} |
`
    : ''
}
RSS over time (s: MB): ${report.rssSamples.map((s: { second: number; rssMb: number }) => `${s.second}: ${s.rssMb}`).join(', ')}.
`;
  const current = readFileSync(RESULTS, 'utf8');
  const start = current.indexOf('## Soak');
  const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const next =
    start < 0 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, start)}${section}${end < 0 ? '' : current.slice(end + 1)}`;
  writeFileSync(RESULTS, next);
  console.error(`soak: wrote ${path.relative(ROOT, RESULTS)}`);
}

/** The proxy's case: its RSS in front of an endless answer; printed as one JSON line, written to its own section. */
async function proxyStreamPhase(): Promise<void> {
  const seconds = Number(args['stream-seconds']);
  if (!(seconds > 0)) return;
  console.error(`soak: the validating proxy in front of an endless answer for ${seconds} s`);
  const result = await proxyEndlessStream(seconds);
  if (args.write) {
    const current = readFileSync(RESULTS, 'utf8');
    const heading = '## Proxy soak';
    const start = current.indexOf(heading);
    const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
    const section = proxyStreamSection(result);
    writeFileSync(
      RESULTS,
      start < 0 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, start)}${section}${end < 0 ? '' : current.slice(end + 1)}`,
    );
  }
  console.log(JSON.stringify({ proxyStream: result }));
}

const CASES: Record<string, () => Promise<void>> = {
  // The proxy's endless-answer case first (--stream-seconds), then the mixed traffic.
  mixed: () => (args['stream-only'] ? proxyStreamPhase() : proxyStreamPhase().then(main)),
  // 2 MB scripts over 4 tokens: RSS stays flat under MOCK_MAX_STATE_BYTES (scripts/bench/soak-big-scripts.ts).
  'big-scripts': () => bigScriptsSoak({ seconds: Number(args.seconds ?? '25'), write: args.write ?? false }),
};

(CASES[args.case ?? 'mixed'] ?? (() => Promise.reject(new Error(`unknown --case ${args.case}: ${Object.keys(CASES).join(', ')}`))))().catch(
  (error) => {
    console.error(`soak: ${error.stack ?? error}`);
    process.exit(1);
  },
);
