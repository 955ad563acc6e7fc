// Property tests over what the validating proxy parses of a request: the path (canonical reading
// and PROXY_BLOCK_CHARGES), the query string, headers (Accept-Encoding, Authorization,
// Content-Type, method overrides) and JSON bodies, plus the Content-Encoding of the target's
// answer. Every generated request must be answered: forwarded (the target's answer) or refused by
// the proxy in the API's envelope; never a 500, never a hang, and within a time budget per input
// that a parser growing faster than linearly would break (long runs of spaces, tabs, quotes,
// semicolons, slashes, dots and escapes). The proxy runs in-process (qa/proxy/forward.ts, the real
// checker) in front of a small target; a fixed number of cases keeps this to seconds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Checker } from '../../qa/checker/checker.js';
import { blockDecision } from '../../qa/proxy/block.js';
import { type RunningProxy, startProxy } from '../../qa/proxy/forward.js';

/** Per request, through the proxy and its checker: linear work on these sizes takes milliseconds. */
const BUDGET_MS = 2_000;

/** A target that answers every request in the envelope; it compresses when asked, or labels its body as the request says. */
async function target() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = Buffer.from(JSON.stringify({ message: 'Not found.', status: 404, error: { code: 'GEN-NOT-FOUND' } }));
      const headers: http.OutgoingHttpHeaders = {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
      };
      const label = req.headers['x-fuzz-coding'];
      const accepts = String(req.headers['accept-encoding'] ?? '');
      let out = body;
      if (typeof label === 'string') headers['content-encoding'] = label;
      else if (/\bgzip\b/.test(accepts)) {
        headers['content-encoding'] = 'gzip';
        out = zlib.gzipSync(body);
      } else if (/\bbr\b/.test(accepts)) {
        headers['content-encoding'] = 'br';
        out = zlib.brotliCompressSync(body);
      }
      res.writeHead(404, headers);
      res.end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function send(port: number, input: Sent): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: input.method, path: input.path, headers: input.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer within 10 s to ${input.method} ${input.path.slice(0, 80)}`)));
    req.end(input.body);
  });
}

// ---- generators: valid HTTP (what reaches the proxy's own code), hostile content ----------------
const visible = fc.string({ unit: fc.constantFrom(...'abcXYZ019 \t"\';,=/\\%.-_~:@!$&()*+'.split('')), maxLength: 40 });
/** A long run of one character or pair: what makes a backtracking or quadratic parser show. */
const run = (units: string[], max: number) => fc.tuple(fc.constantFrom(...units), fc.integer({ min: 1, max })).map(([u, n]) => u.repeat(n));
const segment = fc.oneof(
  fc.constantFrom(
    'faceless',
    'render',
    'me',
    'credits',
    'history',
    '1',
    '42',
    '..',
    '.',
    '',
    '%72ender',
    '%2F',
    '%2e',
    '%5C',
    '\\',
    ';x',
    '%',
    '%zz',
    '%C0%AE',
    '%252e',
    'RENDER',
  ),
  fc.stringMatching(/^[A-Za-z0-9\-._~%!$&'()*+,;=:@]{0,12}$/),
  run(['/', '%2e', ';', '.', '/..', '%72', '%', '~'], 400),
);
const path = fc
  .tuple(
    fc.constantFrom('/v2', '/v2', '/v2', '', '//v2', '/V2', '/__proxy/report'),
    fc.array(segment, { maxLength: 8 }),
    fc.option(fc.string({ maxLength: 60 }).map(encodeURI)),
    fc.option(run(['&', '=', '%', 'a=1&', ';'], 500)),
  )
  .map(
    ([base, segments, query, longQuery]) =>
      `${base}/${segments.join('/')}${query === null ? '' : `?${query}`}${longQuery === null ? '' : `${query === null ? '?' : '&'}${longQuery}`}`,
  );
const acceptEncoding = fc.oneof(
  fc.constantFrom('gzip', 'br', 'gzip, deflate, br', 'identity', '*;q=0', 'gzip;q=0, br;q=1', ''),
  visible,
  run([' ', '\t', ',', ';', ';q=', '"', ', '], 1000),
);
const authorization = fc.oneof(
  fc.constant('Bearer fuzz'),
  visible.map((v) => `Bearer ${v}`),
  run([' ', '\t', '"', ';', 'Bearer '], 400),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  `application/json;${';'.repeat(3000)}`,
  `application/json; x="${'"'.repeat(2000)}`,
);
const body = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 1, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 400_000 }).map((n) => `{"script":"${' '.repeat(n)}"}`),
  fc.integer({ min: 1, max: 100_000 }).map((n) => `{${'"a":1,'.repeat(n)}"b":2}`),
);
const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
  path,
  acceptEncoding: fc.option(acceptEncoding),
  authorization: fc.option(authorization),
  contentType: fc.option(contentType),
  override: fc.option(fc.constantFrom('POST', 'post', 'GET', 'PUT,POST', ' ')),
  coding: fc.option(fc.oneof(fc.constantFrom('gzip', 'br', 'deflate', 'zstd', 'gzip, gzip, gzip', 'x-gzip', 'identity'), visible)),
  body: fc.option(body),
  block: fc.boolean(),
});
type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function toSent(r: Generated): Sent {
  const headers: Record<string, string> = {};
  if (r.acceptEncoding !== null) headers['accept-encoding'] = r.acceptEncoding;
  if (r.authorization !== null) headers.authorization = r.authorization;
  if (r.contentType !== null) headers['content-type'] = r.contentType;
  if (r.override !== null) headers['x-http-method-override'] = r.override;
  if (r.coding !== null) headers['x-fuzz-coding'] = r.coding;
  const hasBody = r.body !== null && !['GET', 'HEAD'].includes(r.method);
  // Framed by its length: Node's client sends an OPTIONS or DELETE body unframed otherwise.
  if (hasBody) headers['content-length'] = String(Buffer.byteLength(String(r.body)));
  return { method: r.method, path: r.path, headers, body: hasBody ? String(r.body) : undefined };
}

let upstream: Awaited<ReturnType<typeof target>>;
let open: RunningProxy;
let blocking: RunningProxy;
beforeAll(async () => {
  upstream = await target();
  const common = {
    target: upstream.url,
    basePath: '/v2',
    port: 0,
    maxBodyBytes: 1024 * 1024,
    timeoutMs: 5_000,
    maxResponseBytes: 64 * 1024,
  };
  open = await startProxy({ ...common, checker: new Checker() });
  blocking = await startProxy({ ...common, checker: new Checker(), blockCharges: true });
});
afterAll(async () => {
  await open?.close();
  await blocking?.close();
  await upstream?.close();
});

describe('every request the proxy parses is answered, in time, never with a 500', () => {
  it('forwarded (the target answer) or refused by the proxy in the envelope', async () => {
    const result = await fc.check(
      fc.asyncProperty(request, async (r) => {
        const input = toSent(r);
        const proxy = r.block ? blocking : open;
        const started = performance.now();
        const answer = await send(proxy.port, input);
        // The checker runs on the proxy's thread after the answer: a follow-up call waits for it.
        await send(proxy.port, { method: 'GET', path: '/elsewhere', headers: {} });
        const ms = performance.now() - started;
        expect(ms, `${input.method} ${input.path.slice(0, 120)}`).toBeLessThan(BUDGET_MS);
        expect(answer.status).not.toBe(500);
        // Node's own refusal of a head over its 16 KB limit comes before the proxy's code runs.
        if (answer.status === 431) return;
        const own = answer.headers['x-proxy-answer'] ?? answer.headers['x-proxy-blocked'];
        if (own !== undefined || answer.status !== 404 || input.path.startsWith('/__proxy/report')) {
          if (input.method === 'HEAD' || (input.path.startsWith('/__proxy/report') && answer.status === 200)) return;
          const envelope = JSON.parse(answer.body.toString('utf8'));
          expect([typeof envelope.message, envelope.status, typeof envelope.error?.code]).toEqual(['string', answer.status, 'string']);
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300), seed: Number(process.env.FUZZ_SEED ?? 20261125), endOnFailure: true },
    );
    // A failing input can be megabytes long: say what failed, and the input's start.
    expect(
      result.failed ? `${String(result.errorInstance).slice(0, 400)} on ${JSON.stringify(result.counterexample).slice(0, 400)}` : 'held',
    ).toBe('held');
    // The report stays readable after all of it.
    const report = await send(open.port, { method: 'GET', path: '/__proxy/report', headers: {} });
    expect([report.status, typeof JSON.parse(report.body.toString()).exchanges]).toEqual([200, 'number']);
  }, 120_000);

  it('the block decision reads a quarter-megabyte request target in linear time', () => {
    const checker = new Checker();
    const match = (m: string, p: string) => checker.matchOperation(m, p);
    fc.assert(
      fc.property(
        run(['/', '/..', '%72', '%', ';', '.', '//./', '%2e', 'a/'], 64 * 1024),
        fc.constantFrom('POST', 'GET'),
        (long, method) => {
          const started = performance.now();
          blockDecision({
            method,
            requestTarget: `/v2/faceless/1/${long}render`,
            headers: { 'x-http-method-override': ' ,'.repeat(10_000) },
            basePath: '/v2',
            match,
          });
          expect(performance.now() - started).toBeLessThan(BUDGET_MS);
        },
      ),
      { numRuns: 40, seed: 20261125 },
    );
  });
});
