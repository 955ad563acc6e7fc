// The proxy's case of `npm run bench:soak`: the validating proxy (its own node process, as
// `npm run proxy` runs it) in front of a target that streams an endless chunked JSON body at a
// steady rate, one client reading it for the whole run. Before PROXY_MAX_RESPONSE_BYTES the proxy
// held the whole answer (113 -> 601 MB in 60 s at about 8 MB/s); now its RSS must stay flat while
// the client keeps receiving. RSS is read from /proc once a second.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;

export interface ProxyStreamResult {
  seconds: number;
  targetMbPerSecond: number;
  maxResponseBytes: number | 'default';
  mbThrough: number;
  rssMb: { start: number; afterWarmUp: number; end: number; max: number; growthAfterWarmUp: number };
  rssSamples: Array<{ second: number; rssMb: number }>;
  unjudged: unknown[];
  node: string;
}

/** A target answering 200 JSON with a body that never ends, `mbps` MB a second in 64 KB chunks. */
async function endlessTarget(mbps: number) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
    res.write('{"data":"');
    const timer = setInterval(() => res.write(chunk), Math.max(1, Math.round(1000 / ((mbps * MB) / chunk.length))));
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2` };
}

async function startProxy(target: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'qa/proxy/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROXY_TARGET: target,
      PROXY_PORT: '0',
      PROXY_REPORT_DIR: mkdtempSync(path.join(os.tmpdir(), 'soak-proxy-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const m = /forwarding http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}:\n${output}`)));
  });
  return { child, port };
}

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024);

/** Runs the endless answer through the proxy for `seconds`; `maxResponseBytes` unset keeps the proxy's default. */
export async function proxyEndlessStream(seconds: number, mbps = 8, maxResponseBytes?: number): Promise<ProxyStreamResult> {
  const target = await endlessTarget(mbps);
  const env: Record<string, string> = { PROXY_TIMEOUT_MS: String((seconds + 60) * 1000) };
  if (maxResponseBytes) env.PROXY_MAX_RESPONSE_BYTES = String(maxResponseBytes);
  const { child, port } = await startProxy(target.url, env);
  const pid = child.pid!;
  const samples: Array<{ second: number; rssMb: number }> = [{ second: 0, rssMb: rssMb(pid) }];
  let bytes = 0;
  const started = Date.now();
  const req = http.get(`http://127.0.0.1:${port}/v2/me`, { headers: { authorization: 'Bearer soak-stream' } }, (res) =>
    res.on('data', (c: Buffer) => (bytes += c.length)),
  );
  req.on('error', () => undefined);
  try {
    while (Date.now() - started < seconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rssMb(pid) });
    }
    req.destroy();
    const report = (await (await fetch(`http://127.0.0.1:${port}/__proxy/report`)).json()) as { unjudged: unknown[] };
    // Warm-up: the first tenth of the run; growth is measured from the lowest sample after it.
    const after = samples.filter((s) => s.second >= seconds / 10);
    const warm = Math.min(...after.map((s) => s.rssMb));
    const end = samples[samples.length - 1].rssMb;
    return {
      seconds,
      targetMbPerSecond: mbps,
      maxResponseBytes: maxResponseBytes ?? 'default',
      mbThrough: Math.round(bytes / MB),
      rssMb: {
        start: samples[0].rssMb,
        afterWarmUp: warm,
        end,
        max: Math.max(...samples.map((s) => s.rssMb)),
        growthAfterWarmUp: end - warm,
      },
      rssSamples: samples,
      unjudged: report.unjudged,
      node: process.version,
    };
  } finally {
    req.destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    target.server.closeAllConnections();
    target.server.close();
  }
}

/** The proxy section of mock/bench-results.md (its own heading, so the mock's sections stay as they are). */
export function proxyStreamSection(r: ProxyStreamResult): string {
  const goal = (met: boolean) => (met ? 'met' : '**not met**');
  return `## Proxy soak: the validating proxy in front of an endless answer

\`npm run bench:soak -- --stream-only --stream-seconds ${r.seconds} --write\` on ${new Date().toISOString().slice(0, 10)} (Node ${r.node}, 2 cores):
the validating proxy (its own process, \`PROXY_MAX_RESPONSE_BYTES\` ${r.maxResponseBytes === 'default' ? 'at its default, 8 MiB' : `= ${r.maxResponseBytes}`}) in front of a
target streaming one endless chunked JSON answer at ${r.targetMbPerSecond} MB/s, one client reading it for ${r.seconds} s.
Before the answer was streamed, the proxy held it whole: 113 -> 601 MB in 60 s, in a straight line.

| figure | value | goal |
| --- | --- | --- |
| MB through the proxy to the client | ${r.mbThrough} | the client keeps receiving: ${goal(r.mbThrough >= r.targetMbPerSecond * r.seconds * 0.8)} |
| proxy RSS at start / lowest after warm-up (first tenth) / at end / max | ${r.rssMb.start} / ${r.rssMb.afterWarmUp} / ${r.rssMb.end} / ${r.rssMb.max} MB | |
| proxy RSS growth after warm-up | ${r.rssMb.growthAfterWarmUp} MB | < 20 MB (flat): ${goal(r.rssMb.growthAfterWarmUp < 20)} |
| listed as unjudged in the report | ${r.unjudged.length} | 1: ${goal(r.unjudged.length === 1)} |

Proxy RSS over time (s: MB): ${r.rssSamples.map((s) => `${s.second}: ${s.rssMb}`).join(', ')}.
`;
}
