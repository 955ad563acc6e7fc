// The validating proxy never passes silently and never gives in to bad input: a target that is
// down, resets or hangs is a target error (its own JUnit suite, exit 1); the proxy's own answers
// are in the API's envelope; a body over PROXY_MAX_BODY_BYTES is refused before it is forwarded;
// findings are bounded per operation; SIGTERM with a slow client attached still writes the reports
// and exits at once. Real proxy processes, real (tiny) targets.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../qa/checker/types.js';
import { FINDINGS_CAP } from '../../qa/checker/checker.js';
import { portFree, type ProxyProcess, startProxyProcess } from '../support/proxy-process.js';

/** A TCP server on port 0 that does `onSocket` with every connection; counts what reached it. */
async function target(onSocket: (socket: net.Socket) => void) {
  return listening(net.createServer(), onSocket);
}

/** An HTTP target answering every request 404 in the API's envelope. */
async function notFoundTarget() {
  const server = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not found.', status: 404, error: { code: 'GEN-NOT-FOUND' } }));
  });
  return listening(server);
}

async function listening(server: net.Server, onSocket?: (socket: net.Socket) => void) {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    onSocket?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound by us, then released (refused connections from then on). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const report = async (p: ProxyProcess) => (await (await fetch(`${p.root}/__proxy/report`)).json()) as Report;
const saved = (p: ProxyProcess) => ({
  json: JSON.parse(readFileSync(path.join(p.reportDir, 'proxy-report.json'), 'utf8')) as Report,
  xml: readFileSync(path.join(p.reportDir, 'proxy-junit.xml'), 'utf8'),
});
const me = (p: ProxyProcess) => fetch(`${p.base}/me`, { headers: { authorization: 'Bearer t' } });

describe('a target that is down', () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    proxy = await startProxyProcess(`http://127.0.0.1:${await closedPort()}/v2`);
  });
  afterAll(() => proxy.stop());

  it('answers 502 in the envelope, reports target errors, and SIGTERM exits 1 with a failing JUnit suite', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => me(proxy).then(async (r) => [r.status, (await r.json()).error?.code])),
    );
    expect(new Set(answers.map((a) => a.join(' ')))).toEqual(new Set(['502 PROXY-TARGET-UNREACHABLE']));
    const live = await report(proxy);
    expect(live.targetErrors.map((e) => [e.operationId, e.kind, 1 + (e.repeats ?? 0)])).toEqual([['getMe', 'refused', 10]]);
    expect(await proxy.stop('SIGTERM')).toBe(1);
    const files = saved(proxy);
    expect(files.json.targetErrors).toHaveLength(1);
    expect(files.xml).toMatch(/<testsuite name="proxy target errors" tests="1" failures="1"/);
    expect(proxy.output()).toMatch(/10 exchange\(s\) the target never completed/);
  });
});

describe('a target that resets or hangs', () => {
  let resets: Awaited<ReturnType<typeof target>>;
  let hangs: Awaited<ReturnType<typeof target>>;
  beforeAll(async () => {
    resets = await target((socket) => socket.once('data', () => socket.resetAndDestroy()));
    hangs = await target(() => undefined);
  });
  afterAll(async () => {
    await resets.close();
    await hangs.close();
  });

  it('a reset is a target error of kind reset (502); a hang past PROXY_TIMEOUT_MS is one of kind timeout (504)', async () => {
    const reset = await startProxyProcess(resets.url);
    const hung = await startProxyProcess(hangs.url, { PROXY_TIMEOUT_MS: '300' });
    try {
      const a = await me(reset);
      const b = await me(hung);
      expect([a.status, (await a.json()).error.code, b.status, (await b.json()).error.code]).toEqual([
        502,
        'PROXY-TARGET-UNREACHABLE',
        504,
        'PROXY-TARGET-TIMEOUT',
      ]);
      expect([(await report(reset)).targetErrors[0]?.kind, (await report(hung)).targetErrors[0]?.kind]).toEqual(['reset', 'timeout']);
    } finally {
      await reset.stop();
      await hung.stop();
    }
  });
});

describe("the proxy's own answers and limits", () => {
  let quiet: Awaited<ReturnType<typeof notFoundTarget>>;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    quiet = await notFoundTarget();
    proxy = await startProxyProcess(quiet.url, { PROXY_MAX_BODY_BYTES: '1024' });
  });
  afterAll(async () => {
    await proxy.stop();
    await quiet.close();
  });

  it('answers a path outside /v2 with 404 and a report write with 405, both in the envelope with PROXY-* codes', async () => {
    const outside = await fetch(`${proxy.root}/elsewhere`);
    const write = await fetch(`${proxy.root}/__proxy/report`, { method: 'POST' });
    expect([
      outside.status,
      (await outside.json()).error?.code,
      write.status,
      (await write.json()).error?.code,
      write.headers.get('allow'),
    ]).toEqual([404, 'PROXY-NOT-FOUND', 405, 'PROXY-METHOD-NOT-ALLOWED', 'GET']);
  });

  it('refuses a body over PROXY_MAX_BODY_BYTES with 413 in the envelope, announced or chunked, and forwards neither', async () => {
    const before = quiet.connections();
    const announced = await fetch(`${proxy.base}/faceless`, {
      method: 'POST',
      body: 'x'.repeat(4096),
      headers: { 'content-type': 'application/json' },
    });
    const chunked = await new Promise<{ status: number; code?: string }>((resolve, reject) => {
      const req = http.request(`${proxy.base}/faceless`, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).error?.code }));
      });
      req.on('error', reject);
      for (let i = 0; i < 8; i++) req.write('y'.repeat(512));
      req.end();
    });
    expect([announced.status, (await announced.json()).error?.code, chunked.status, chunked.code, quiet.connections() - before]).toEqual([
      413,
      'PROXY-PAYLOAD-TOO-LARGE',
      413,
      'PROXY-PAYLOAD-TOO-LARGE',
      0,
    ]);
  });

  it(`keeps at most ${FINDINGS_CAP} findings per group: 60 unknown paths are ${FINDINGS_CAP} listed and 40 counted`, async () => {
    for (let i = 0; i < 60; i++) await (await fetch(`${proxy.base}/no-such-thing-${i}`)).arrayBuffer();
    const r = await report(proxy);
    const unknown = r.requestErrors.filter((e) => e.kind === 'unknown-route');
    expect([unknown.length, r.dropped.find((d) => d.list === 'requestErrors' && d.group === 'unknown routes')?.count]).toEqual([
      FINDINGS_CAP,
      40,
    ]);
  });
});

describe('uploads stream through the proxy', () => {
  it('a multipart body reaches the target while the client is still sending it, whole; past PROXY_MAX_BODY_BYTES it is cut with 413', async () => {
    // The target records when the first body bytes arrive and how many arrive in all.
    let firstByteAt = 0;
    let received = -1;
    const server = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        firstByteAt ||= Date.now();
        bytes += chunk.length;
      });
      req.on('end', () => {
        received = bytes;
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'The given data was invalid.', status: 422, errors: { name: ['required'] } }));
      });
      req.on('error', () => undefined);
    });
    const upstream = await listening(server);
    const proxy = await startProxyProcess(upstream.url, { PROXY_MAX_BODY_BYTES: String(64 * 1024) });
    const upload = (parts: number) =>
      new Promise<{ status: number; code?: string; secondWriteAt: number }>((resolve, reject) => {
        let secondWriteAt = 0;
        const req = http.request(
          `${proxy.base}/voice-clones`,
          { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' } },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(text).error?.code, secondWriteAt }));
          },
        );
        req.on('error', reject);
        req.write(
          `--b\r\nContent-Disposition: form-data; name="samples[]"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n${'R'.repeat(20_000)}`,
        );
        setTimeout(() => {
          secondWriteAt = Date.now();
          for (let i = 1; i < parts; i++) req.write('R'.repeat(20_000));
          req.end('\r\n--b--\r\n');
        }, 400);
      });
    try {
      const small = await upload(2);
      const streamedEarly = firstByteAt > 0 && firstByteAt < small.secondWriteAt;
      const whole = received;
      const big = await upload(6);
      expect([small.status, streamedEarly, whole > 40_000, big.status, big.code]).toEqual([
        422,
        true,
        true,
        413,
        'PROXY-PAYLOAD-TOO-LARGE',
      ]);
    } finally {
      await proxy.stop();
      await upstream.close();
    }
  });
});

describe('SIGTERM with a slow client attached', () => {
  it('writes the reports, exits at once with its documented code, and frees the port', async () => {
    const idle = await target(() => undefined);
    const proxy = await startProxyProcess(idle.url);
    // Headers and half a body, then nothing more.
    const slow = net.connect(proxy.port, '127.0.0.1');
    slow.on('error', () => undefined);
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write('POST /v2/faceless HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"type":');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const code = await proxy.stop('SIGTERM');
    slow.destroy();
    await idle.close();
    expect([code, saved(proxy).json.exchanges, await portFree(proxy.port)]).toEqual([0, 0, true]);
  });
});
