// The validating proxy in front of a staging stand-in that behaves like an ordinary front server
// (tests/servers/front-server.ts, in front of the real mock process): it compresses answers when
// asked (br, gzip, deflate), decodes unreserved escapes before routing, keeps connections alive
// and sends chunked bodies. The proxy must judge the decoded body while the client gets the front
// server's bytes unchanged; a body that does not decode is a target error; and
// PROXY_BLOCK_CHARGES=1 must block what the front server would route to a charging operation.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMBIGUOUS_CODE, AMBIGUOUS_STATUS, BLOCKED_CODE, BLOCKED_STATUS } from '../../qa/proxy/block.js';
import type { Report } from '../../qa/checker/types.js';
import { type RunningMock, startMock } from '../support/mock-harness.js';
import { type FrontServer, startFrontServer } from '../servers/front-server.js';
import { type ProxyProcess, startProxyProcess } from '../support/proxy-process.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body bytes as they crossed the wire (still compressed). */
  bytes: Buffer;
}

/** One request with its path exactly as written (fetch would normalise it) and the raw answer bytes. */
function raw(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decoded = (r: Raw): unknown => {
  const coding = r.headers['content-encoding'];
  const bytes =
    coding === 'br'
      ? zlib.brotliDecompressSync(r.bytes)
      : coding === 'gzip'
        ? zlib.gunzipSync(r.bytes)
        : coding === 'deflate'
          ? zlib.inflateSync(r.bytes)
          : r.bytes;
  return JSON.parse(bytes.toString('utf8'));
};
const report = async (p: ProxyProcess) => (await (await fetch(`${p.root}/__proxy/report`)).json()) as Report;
/** The report once `done` holds (the proxy judges an answer after it has streamed it), or as it is after 5 s. */
async function settled(p: ProxyProcess, done: (r: Report) => boolean): Promise<Report> {
  for (let i = 0; i < 50; i++) {
    const r = await report(p);
    if (done(r)) return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return report(p);
}
const json = (token: string, coding?: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...(coding ? { 'accept-encoding': coding } : {}),
});

let mock: RunningMock;
let front: FrontServer;
beforeAll(async () => {
  mock = await startMock({ MOCK_QUIET: '1' });
  front = await startFrontServer(mock.base);
});
afterAll(async () => {
  await front?.close();
  await mock?.stop();
});

describe('compressed answers from a front server', () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    proxy = await startProxyProcess(front.url);
  });
  afterAll(() => proxy?.stop());

  it('are judged decoded (0 violations over create, read, list and an error answer) and reach the client byte for byte', async () => {
    const origin = proxy.root;
    const seen: string[] = [];
    for (const coding of ['br', 'gzip', 'deflate', 'gzip, deflate, br']) {
      const token = `front-${coding.replace(/\W+/g, '-')}`;
      const calls: Array<[string, string, string?]> = [['POST', '/v2/faceless', JSON.stringify({ type: 'b-roll' })]];
      const created = await raw(origin, 'POST', '/v2/faceless', json(token, coding), calls[0][2]);
      const id = (decoded(created) as { data: { id: number } }).data.id;
      const answers = [
        created,
        await raw(origin, 'GET', `/v2/faceless/${id}`, json(token, coding)),
        await raw(origin, 'GET', '/v2/credits/history?per_page=5', json(token, coding)),
        await raw(origin, 'GET', '/v2/faceless/987654321', json(token, coding)),
        await raw(origin, 'GET', '/v2/me', json(token, coding)),
      ];
      const sent = front.sent.slice(-answers.length);
      for (const [i, answer] of answers.entries()) {
        seen.push(`${String(answer.status)[0]}xx ${answer.headers['content-encoding']}`);
        expect(answer.bytes.equals(sent[i].body), `${coding} #${i}`).toBe(true);
        expect(answer.headers['content-encoding']).toBe(sent[i].headers['content-encoding']);
        // The front server sent it chunked (no length); what the client gets is the same bytes.
        expect(sent[i].headers['content-length']).toBeUndefined();
      }
    }
    // Node's fetch sends its own Accept-Encoding and decodes what comes back.
    const viaFetch = await fetch(`${proxy.base}/me`, { headers: { authorization: 'Bearer front-fetch' } });
    expect([viaFetch.status, typeof ((await viaFetch.json()) as { data?: unknown }).data]).toEqual([200, 'object']);
    expect(front.sent.at(-1)?.headers['content-encoding']).toMatch(/gzip|deflate|br/);
    expect(new Set(seen)).toEqual(new Set(['2xx br', '4xx br', '2xx gzip', '4xx gzip', '2xx deflate', '4xx deflate']));
    const r = await settled(proxy, (r) => r.exchanges === 21);
    expect(r.violations, JSON.stringify(r.violations, null, 1)).toEqual([]);
    expect([r.targetErrors, r.unjudged, r.exchanges]).toEqual([[], [], 21]);
  });

  it('a body that does not decode as its Content-Encoding says is a target error, not a schema violation', async () => {
    const answer = await raw(proxy.root, 'GET', '/v2/me', { ...json('front-corrupt', 'gzip'), 'x-front-fault': 'corrupt-gzip' });
    expect(answer.bytes.equals(front.sent.at(-1)!.body)).toBe(true);
    const r = await settled(proxy, (r) => r.targetErrors.length > 0);
    expect(r.violations).toEqual([]);
    expect(r.targetErrors.map((e) => [e.operationId, e.kind])).toEqual([['getMe', 'undecodable']]);
    expect(r.targetErrors[0].message).toMatch(/does not decode as its Content-Encoding says: gzip: /);
  });
});

describe('PROXY_BLOCK_CHARGES=1 in front of a server that decodes before routing', () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    proxy = await startProxyProcess(front.url, { PROXY_BLOCK_CHARGES: '1' });
  });
  afterAll(() => proxy?.stop());

  /** A faceless draft ready to render (script, voice and genre set), made on the mock directly. */
  async function draft(token: string): Promise<number> {
    const options = (decoded(await raw(mock.base.replace(/\/v2$/, ''), 'GET', '/v2/faceless/options', json(token))) as any).data.mandatory;
    const created = decoded(await raw(front.url.replace(/\/v2$/, ''), 'POST', '/v2/faceless', json(token), '{"type":"b-roll"}')) as any;
    const patch = JSON.stringify({
      script: 'Octopuses have three hearts.',
      voice_id: options.voices[0].id,
      genre_id: options.genres[0].id,
    });
    expect((await raw(front.url.replace(/\/v2$/, ''), 'PATCH', `/v2/faceless/${created.data.id}`, json(token), patch)).status).toBe(200);
    return created.data.id;
  }
  const balance = async (token: string) =>
    (decoded(await raw(mock.base.replace(/\/v2$/, ''), 'GET', '/v2/me', json(token))) as any).data.credits.remaining as number;

  it('the stand-in is faithful: /%72ender sent to it directly is a render, and charges', async () => {
    const token = 'front-direct-render';
    const id = await draft(token);
    const before = await balance(token);
    const rendered = await raw(front.url.replace(/\/v2$/, ''), 'POST', `/v2/faceless/${id}/%72ender`, json(token), '{}');
    expect([rendered.status, (await balance(token)) < before]).toEqual([202, true]);
  });

  /** Spellings this stand-in decodes to a charging operation: an encoded ?, #, whitespace or control character. */
  const decodedAway = (id: number) => [
    `/v2/faceless/${id}/render%3F`,
    `/v2/faceless/${id}/render%23`,
    `/v2/faceless/${id}/render%20`,
    `/v2/faceless/${id}/render%09`,
    `/v2/faceless/${id}/ren%0Ader`,
    `/v2/faceless/${id}/scripts%3F`,
  ];

  it('the stand-in routes an encoded ?, #, whitespace or control character to the charging operation', async () => {
    const direct = front.url.replace(/\/v2$/, '');
    const token = 'front-direct-decoded';
    const id = await draft(token);
    const routed = [];
    for (const p of decodedAway(id)) {
      await raw(direct, 'POST', p, json(token), '{}');
      routed.push(front.sent.at(-1)?.routed);
    }
    expect(routed).toEqual(decodedAway(id).map((p) => p.replace(/(ren|der|scripts)%\w\w.*$/, '$1').replace(/\/ren$/, '/render')));
  });

  it('refuses an encoded ?, #, whitespace or control character with 400 PROXY-AMBIGUOUS-PATH, forwarding nothing', async () => {
    const token = 'front-ambiguous-decoded';
    const id = await draft(token);
    const before = await balance(token);
    const forwarded = front.sent.length;
    const answers = [];
    for (const p of decodedAway(id)) {
      const answer = await raw(proxy.root, 'POST', p, json(token), '{}');
      answers.push([p, answer.status, (decoded(answer) as { error?: { code: string } }).error?.code]);
    }
    expect(answers).toEqual(decodedAway(id).map((p) => [p, AMBIGUOUS_STATUS, AMBIGUOUS_CODE]));
    expect([front.sent.length - forwarded, await balance(token)]).toEqual([0, before]);
  });

  it('blocks every spelling the front server routes to the render, and charges nothing', async () => {
    const token = 'front-blocked-render';
    const id = await draft(token);
    const before = await balance(token);
    const forwarded = front.sent.length;
    const spellings = ['%72ender', '%72%65%6E%64%65%72', 'render', 'render/', './render', 'x/../render', '/render', 'RENDER', '%52ender'];
    const answers = [];
    for (const s of spellings) {
      const answer = await raw(proxy.root, 'POST', `/v2/faceless/${id}/${s}`, json(token), '{}');
      answers.push([s, answer.status, (decoded(answer) as { error: { code: string } }).error.code]);
    }
    expect(answers).toEqual(spellings.map((s) => [s, BLOCKED_STATUS, BLOCKED_CODE]));
    expect([front.sent.length - forwarded, await balance(token)]).toEqual([0, before]);
  });

  it('refuses with 400 in the envelope a path whose meaning depends on how the target decodes it', async () => {
    const token = 'front-ambiguous';
    const forwarded = front.sent.length;
    const paths = [
      `/v2/faceless%2F1/render`,
      `/v2/faceless/1/x/%2e%2e/render`,
      `/v2/faceless/1/%2E/render`,
      '/v2/faceless\\1\\render',
      '/v2/faceless/1%5Crender',
    ];
    const answers = [];
    for (const p of paths) {
      const answer = await raw(proxy.root, 'POST', p, json(token), '{}');
      const body = decoded(answer) as { status: number; message: string; error: { code: string } };
      answers.push([p, answer.status, body.status, body.error.code, answer.headers['x-proxy-answer']]);
    }
    expect(answers).toEqual(paths.map((p) => [p, AMBIGUOUS_STATUS, AMBIGUOUS_STATUS, AMBIGUOUS_CODE, AMBIGUOUS_CODE]));
    expect(front.sent.length - forwarded).toBe(0);
    // Free operations still go through, compressed or not.
    const me = await raw(proxy.root, 'GET', '/v2/me', json(token, 'gzip'));
    expect([me.status, me.headers['content-encoding']]).toEqual([200, 'gzip']);
  });
});

// What held before this work, kept: the proxy is no open proxy and leaks no token.
describe('what held: no open proxy, no Authorization leak', () => {
  let proxy: ProxyProcess;
  beforeAll(async () => {
    proxy = await startProxyProcess(front.url, { PROXY_BLOCK_CHARGES: '1' });
  });
  afterAll(() => proxy?.stop());

  /** Writes `head` on a raw socket and returns what came back, until the server closes or 3 s pass. */
  const rawExchange = (head: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(proxy.port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d));
      socket.on('error', () => resolve(text));
      socket.on('close', () => resolve(text));
      socket.setTimeout(3_000, () => socket.destroy());
      socket.write(head);
    });

  it('absolute-form targets and a foreign Host stay on the target; CONNECT opens no tunnel', async () => {
    const before = front.sent.length;
    const absolute = await rawExchange(
      'GET http://evil.example/v2/me HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer held-a\r\nConnection: close\r\n\r\n',
    );
    const foreign = await rawExchange(
      'GET /v2/me HTTP/1.1\r\nHost: evil.example:443\r\nAuthorization: Bearer held-b\r\nConnection: close\r\n\r\n',
    );
    const tunnel = await rawExchange('CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n');
    expect([absolute.split('\r\n')[0], foreign.split('\r\n')[0], /^HTTP\/1\.1 200/.test(tunnel)]).toEqual([
      'HTTP/1.1 200 OK',
      'HTTP/1.1 200 OK',
      false,
    ]);
    expect(front.sent.slice(before).map((s) => s.routed)).toEqual(['/v2/me', '/v2/me']);
  });

  it('no token value appears in the report, its files or its log lines, whatever the answer', async () => {
    const token = 'held-secret-token-5f3a9c';
    for (const p of ['/v2/me', '/v2/faceless/1/render', '/v2/faceless%2F1', '/v2/no-such', '/v2/credits/history?per_page=0'])
      await raw(proxy.root, p.includes('render') ? 'POST' : 'GET', p, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
    const live = await (await fetch(`${proxy.root}/__proxy/report`)).text();
    expect(await proxy.stop()).not.toBeNull();
    const files = readdirSync(proxy.reportDir).map((f) => readFileSync(path.join(proxy.reportDir, f), 'utf8'));
    expect([live, proxy.output(), ...files].filter((text) => text.includes(token))).toEqual([]);
  });
});
