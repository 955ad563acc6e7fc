// PROXY_MAX_RESPONSE_BYTES: an answer larger than the proxy judges streams through at the client's
// pace and is listed as unjudged; the proxy never holds it whole. The target here streams an
// endless chunked body; the proxy runs as its own process (its RSS is read from /proc), the client
// reads 160 MB through it. Before, the proxy buffered the whole answer: the client got nothing and
// the proxy's memory grew with every byte.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Checker } from '../../qa/checker/checker.js';
import type { Report } from '../../qa/checker/types.js';
import { startProxy } from '../../qa/proxy/forward.js';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';

const MB = 1024 * 1024;
const CAP = MB;

/** A target whose every answer is 200 application/json with a body that never ends (chunked, at the reader's pace). */
async function endlessTarget() {
  let open = 0;
  const server = http.createServer((_req, res) => {
    open++;
    res.on('close', () => open--);
    res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    res.write('{"data":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    open: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The proxy as its own node process (not under npm), so its RSS is its own. */
async function proxyProcess(target: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'qa/proxy/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROXY_TARGET: target,
      PROXY_PORT: '0',
      PROXY_REPORT_DIR: testTempDir('proxy-stream-'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`proxy did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /forwarding http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    root: `http://127.0.0.1:${port}`,
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads the endless answer until `total` bytes; the proxy's RSS once past `warm` bytes and at the end. */
function readThrough(url: string, warm: number, total: number, rssMb: () => number) {
  return new Promise<{ status: number; bytes: number; rssWarm: number; rssEnd: number; firstByteMs: number }>((resolve, reject) => {
    const started = Date.now();
    let bytes = 0;
    let rssWarm = 0;
    let firstByteMs = -1;
    const req = http.get(url, { headers: { authorization: 'Bearer stream' } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = Date.now() - started;
        bytes += chunk.length;
        if (!rssWarm && bytes >= warm) rssWarm = rssMb();
        if (bytes >= total) {
          const rssEnd = rssMb();
          req.destroy();
          resolve({ status: res.statusCode ?? 0, bytes, rssWarm, rssEnd, firstByteMs });
        }
      });
    });
    req.on('error', (error) => (bytes >= total ? undefined : reject(error)));
    // The old proxy waited for an end that never comes: no first byte at all.
    setTimeout(() => {
      if (firstByteMs < 0) {
        req.destroy();
        reject(new Error('no byte of the answer reached the client within 15 s: the proxy is holding it'));
      }
    }, 15_000).unref();
  });
}

describe('an endless answer through the proxy', () => {
  let target: Awaited<ReturnType<typeof endlessTarget>>;
  let proxy: Awaited<ReturnType<typeof proxyProcess>>;
  beforeAll(async () => {
    target = await endlessTarget();
    proxy = await proxyProcess(target.url, { PROXY_MAX_RESPONSE_BYTES: String(CAP), PROXY_TIMEOUT_MS: '600000' });
  });
  afterAll(async () => {
    await proxy?.stop();
    await target?.close();
  });

  it('streams to the client while the proxy stays flat, lists it as unjudged, and lets go of the target when the client goes', async () => {
    const read = await readThrough(`${proxy.root}/v2/me`, 16 * MB, 160 * MB, proxy.rssMb);
    // 144 MB more went through after the warm mark; holding them would show as 144 MB more RSS. The
    // bound leaves room for the garbage collector's own pace on a loaded machine (it grew 30-40 MB there).
    expect({ status: read.status, through: read.bytes >= 160 * MB, growthUnder64Mb: read.rssEnd - read.rssWarm < 64 }).toEqual({
      status: 200,
      through: true,
      growthUnder64Mb: true,
    });
    const report = (await (await fetch(`${proxy.root}/__proxy/report`)).json()) as Report;
    expect(report.unjudged.map((u) => [u.operationId, u.status, u.reason])).toEqual([
      ['getMe', 200, `body over PROXY_MAX_RESPONSE_BYTES=${CAP}`],
    ]);
    expect(report.unjudged[0].bytes).toBeGreaterThan(CAP);
    expect([report.violations, report.targetErrors]).toEqual([[], []]);
    for (let i = 0; i < 50 && target.open() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.open()).toBe(0);
  });
});

// An answer the target breaks off after its head was sent cannot be answered in the envelope any
// more: the client's connection is cut, and the run records a target error.
describe('an answer broken off mid-body', () => {
  it('by a reset or by PROXY_TIMEOUT_MS: the client sees the connection end, the report a target error', async () => {
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' });
      res.write('{"data":{"id":');
      // /me is reset after its first bytes; anything else trickles on past the timeout.
      if (req.url?.endsWith('/me')) setTimeout(() => res.socket?.resetAndDestroy(), 100);
      else {
        const trickle = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(trickle));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const checker = new Checker();
    const proxy = await startProxy({
      target: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`),
      basePath: '/v2',
      port: 0,
      checker,
      timeoutMs: 600,
    });
    const read = (p: string) =>
      new Promise<string>((resolve) => {
        http
          .get(`http://127.0.0.1:${proxy.port}/v2${p}`, (res) => {
            res.on('data', () => undefined);
            res.on('error', () => resolve(`${res.statusCode} cut`));
            res.on('end', () => resolve(`${res.statusCode} ${res.complete ? 'complete' : 'cut'}`));
          })
          .on('error', (e) => resolve(`error ${e.message}`));
      });
    try {
      expect([await read('/me'), await read('/credits/costs')]).toEqual(['200 cut', '200 cut']);
      expect(checker.report().targetErrors.map((e) => [e.operationId, e.kind])).toEqual([
        ['getMe', 'reset'],
        ['getCreditCosts', 'timeout'],
      ]);
    } finally {
      await proxy.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
