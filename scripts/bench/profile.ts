// `npm run bench:profile`: where the CPU goes while `GET /me` is answered under load, in the mock
// and in the floor (the engine's calls alone). Starts each with V8's sampling profiler, drives it
// with autocannon (10 connections), stops it with SIGTERM so the profile is written, and sums the
// profile's self time by owner: Prism and the libraries it brings, the mock's own folders, Node's
// HTTP and the GC.
// Busy time only (idle samples are left out). Printed; `--write` also puts the table into
// mock/bench-results.md under "Where the time goes".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../lib/free-port.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = path.join(ROOT, 'mock/bench-results.md');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<{ requests: { average: number } }>;

/** Libraries that are Prism's (its packages and what only it pulls into the request path). */
const PRISM_OWNED = /^(@stoplight\/|fp-ts|io-ts|uri-template-lite|lodash|negotiator|@faker-js|json-schema-faker|pino|tslib)/;
/** Ajv runs the contract's compiled validators (lib/contract/validators.ts); Prism uses it only for dynamic examples. */
const AJV = /^ajv(-formats)?$/;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

function owner(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return ['(garbage collector)', '(idle)', '(program)'].includes(functionName) ? functionName : 'V8 built-ins and native code';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (dep && AJV.test(dep)) return 'Ajv (the compiled validators)';
  if (dep) return PRISM_OWNED.test(dep) ? 'Prism and its libraries' : `other dependency (${dep})`;
  if (url.startsWith('node:')) return 'Node (HTTP, streams, events)';
  const local = url.replace(/^file:\/\//, '');
  if (local.startsWith(ROOT)) return `this repository: ${path.relative(ROOT, local).split('/').slice(0, 2).join('/')}`;
  return 'other';
}

interface Target {
  /** What the tables call it. */
  name: string;
  /** The server's entry file and the variables that give it a port (and keep it quiet). */
  entry: string;
  env: (port: number) => Record<string, string>;
}

const TARGETS: Target[] = [
  { name: 'the mock', entry: 'mock/bin.ts', env: (port) => ({ MOCK_PORT: String(port), MOCK_QUIET: '1' }) },
  // The floor: only the engine's calls the mock makes per request (scripts/bench/prism-floor-server.ts).
  { name: 'the floor', entry: 'scripts/bench/prism-floor-server.ts', env: (port) => ({ FLOOR_PORT: String(port) }) },
];

interface Profiled {
  rps: number;
  table: string;
  perRequestLine: string;
}

/** Runs one server under V8's profiler while autocannon sends GET /me, and sums its busy time by owner. */
async function profileOf(target: Target): Promise<Profiled> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mock-profile-'));
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(ROOT, target.entry)], {
    cwd: ROOT,
    env: { ...process.env, ...target.env(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/v2/me`;
  const headers = { authorization: 'Bearer profile' };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url, { headers })).status === 200) break;
    } catch {
      if (i > 300) throw new Error(`${target.name} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  console.log(`profile: ${target.name}, GET /me, 10 connections, ${SECONDS} s (after a 2 s warm-up)`);
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const measureStart = Date.now();
  const { requests } = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  const measureEnd = Date.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const exitedAt = Date.now();

  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error(`no profile was written in ${dir}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
    endTime: number;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Only the measured window (start-up, warm-up and shutdown left out): the profile ends when the
  // process exits, so the window is placed back from its end (times in microseconds).
  const from = profile.endTime - (exitedAt - measureStart) * 1000;
  const to = profile.endTime - (exitedAt - measureEnd) * 1000;
  const totals = new Map<string, number>();
  let busyMicros = 0;
  let at = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0);
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i];
    if (at < from || at > to) continue;
    const who = owner(byId.get(id)!.callFrame);
    totals.set(who, (totals.get(who) ?? 0) + 1);
    if (who !== '(idle)') busyMicros += profile.timeDeltas[i];
  }
  totals.delete('(idle)');
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  const major = [...totals.entries()].filter(([, n]) => n / busy >= 0.005).sort((a, b) => b[1] - a[1]);
  const minor = busy - major.reduce((sum, [, n]) => sum + n, 0);
  const rows = [...major, ['everything else (each under 0.5%)', minor] as [string, number]].map(
    ([who, n]) => `| ${who} | ${((100 * n) / busy).toFixed(1)}% |`,
  );
  const table = `| owner of the code running | share of busy CPU |\n| --- | ---: |\n${rows.join('\n')}`;
  // CPU per answered request, and Prism's part of it (what no change around Prism can remove).
  const perRequest = busyMicros / (requests.average * SECONDS);
  const prismShare = (totals.get('Prism and its libraries') ?? 0) / busy;
  const perRequestLine = `CPU per request: about ${perRequest.toFixed(0)} µs, of which Prism and its libraries ${(perRequest * prismShare).toFixed(0)} µs (${(100 * prismShare).toFixed(1)}%).`;
  console.log(`profile: ${target.name}: ${requests.average.toFixed(0)} req/s; ${busy} busy samples (${file})\n${table}\n${perRequestLine}`);
  return { rps: requests.average, table, perRequestLine };
}

async function main() {
  const [mock, floor] = [await profileOf(TARGETS[0]), await profileOf(TARGETS[1])];
  if (process.argv.includes('--write')) {
    const section = `## Where the time goes

\`npm run bench:profile -- --write\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${os.cpus().length} cores): V8's
sampling profiler while autocannon sends \`GET /me\` on 10 connections for ${SECONDS} s, first to the mock
(request log off), then to the floor (the engine's calls alone, scripts/bench/prism-floor-server.ts);
self time by owner, idle left out. "V8 built-ins and native code" is mostly the socket write
(\`writev\`), which on this virtual machine costs more per answer the fewer answers a second a server
sends.

The mock (${mock.rps.toFixed(0)} req/s):

${mock.table}

${mock.perRequestLine}

The floor (${floor.rps.toFixed(0)} req/s):

${floor.table}

${floor.perRequestLine}
`;
    const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
    const at = previous.indexOf('## Where the time goes');
    const next = at < 0 ? -1 : previous.indexOf('\n## ', at + 1);
    const updated =
      at < 0
        ? `${previous.trimEnd()}\n\n${section}`
        : `${previous.slice(0, at)}${section}${next < 0 ? '' : `\n${previous.slice(next + 1)}`}`;
    writeFileSync(RESULTS, updated);
    console.log(`profile: wrote ${path.relative(ROOT, RESULTS)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
