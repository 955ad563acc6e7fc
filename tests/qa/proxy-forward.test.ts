// The proxy's forwarding (qa/proxy/forward.ts) in process, between a client and a target server
// started here: what reaches the target (hop-by-hop headers are the connection's own, a body's
// length), the proxy's own answers (exact status, headers and envelope; HEAD without a body), its
// limits at their boundary, and the target's failures (502, 504) and its own (500), each logged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import { type ProxyOptions, startProxy } from '../../qa/proxy/forward.js';

const contract = ContractModel.load();

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A target that records what reaches it and answers 200 `{"data":{}}` (or as `answer` says). */
async function target(answer?: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (answer) return answer(req, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  server.closeIdleConnections();
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`), seen, server };
}

async function proxyTo(url: URL, options: Partial<ProxyOptions> = {}) {
  const lines: string[] = [];
  const checker = new Checker({ contract });
  const proxy = await startProxy({ target: url, basePath: '/v2', port: 0, checker, log: (line) => lines.push(line), ...options });
  closing.unshift(() => proxy.close());
  return { port: proxy.port, lines, checker };
}

interface Answer {
  status: number;
  message: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, method: string, path: string, headers: http.OutgoingHttpHeaders = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          message: res.statusMessage ?? '',
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    // Every answer here comes in milliseconds: silence is a failure, not a wait for the test's timeout.
    req.setTimeout(3_000, () => req.destroy(new Error(`no answer to ${method} ${path} within 3 s`)));
    req.end(body);
  });
}

const envelope = (status: number, code: string, message: string) => JSON.stringify({ message, status, error: { code } });

describe("the proxy's own answers", () => {
  it('a path outside the base path: 404 in the envelope, with its length; nothing forwarded', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    // A client that keeps its connection: the proxy's own answer keeps it too.
    const answer = await send(p.port, 'GET', '/v3/me', { connection: 'keep-alive' });
    const body = envelope(
      404,
      'PROXY-NOT-FOUND',
      'The validating proxy serves the API under /v2 (and its report at /__proxy/report); /v3/me is neither.',
    );
    expect(answer).toMatchObject({ status: 404, message: 'Not Found', body });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json',
      'x-proxy-answer': 'PROXY-NOT-FOUND',
      'content-length': String(body.length),
    });
    expect(answer.headers.connection).toBe('keep-alive');
    expect(t.seen).toEqual([]);
  });

  it('HEAD of such a path: the same status and length, no body', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    const get = await send(p.port, 'GET', '/elsewhere');
    const head = await send(p.port, 'HEAD', '/elsewhere');
    expect(head).toMatchObject({ status: 404, body: '' });
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  it("the report answers GET with the checker's report, any other method 405 naming GET", async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    const report = await send(p.port, 'GET', '/__proxy/report');
    expect(report).toMatchObject({ status: 200, message: 'OK' });
    expect(report.headers['content-type']).toBe('application/json');
    expect(JSON.parse(report.body)).toEqual(JSON.parse(JSON.stringify(p.checker.report())));
    expect(JSON.parse(report.body).exchanges).toBe(1);
    const post = await send(p.port, 'POST', '/__proxy/report', { 'content-type': 'application/json' }, '{}');
    expect(post).toMatchObject({
      status: 405,
      message: 'Method Not Allowed',
      body: envelope(405, 'PROXY-METHOD-NOT-ALLOWED', '/__proxy/report answers GET only.'),
    });
    expect(post.headers.allow).toBe('GET');
    expect(t.seen).toHaveLength(1);
  });

  it('a request target that is no URL: 400 in the envelope', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    const answer = await send(p.port, 'GET', 'http://[::1');
    expect(answer).toMatchObject({
      status: 400,
      body: envelope(400, 'PROXY-BAD-REQUEST', 'The request target is not a path the validating proxy can read.'),
    });
    expect(t.seen).toEqual([]);
  });

  it('a fault of the proxy itself: 500 in the envelope with the reason, and the stack logged', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    p.checker.report = () => {
      throw new Error('the report broke');
    };
    const answer = await send(p.port, 'GET', '/__proxy/report');
    expect(answer).toMatchObject({
      status: 500,
      body: envelope(500, 'PROXY-INTERNAL-ERROR', 'The validating proxy failed on this request: the report broke'),
    });
    expect(p.lines[0]).toMatch(/^proxy fault on GET \/__proxy\/report: Error: the report broke\n\s+at /);
  });
});

describe('what reaches the target', () => {
  it("the method, the path below the base path and the query, every end-to-end header; hop-by-hop ones are the connection's own", async () => {
    const t = await target();
    const p = await proxyTo(new URL(`${t.url.href}/`));
    await send(p.port, 'GET', '/v2/voices?page=2&q=a%20b', {
      authorization: 'Bearer tok',
      'x-trace': 'abc',
      'keep-alive': 'timeout=5',
      'proxy-connection': 'keep-alive',
      te: 'trailers',
      upgrade: 'h2c',
    });
    expect(t.seen).toHaveLength(1);
    const [seen] = t.seen;
    expect(seen.url).toBe('/v2/voices?page=2&q=a%20b');
    expect(seen.headers).toMatchObject({ authorization: 'Bearer tok', 'x-trace': 'abc' });
    for (const name of ['keep-alive', 'proxy-connection', 'te', 'upgrade']) expect(seen.headers, name).not.toHaveProperty(name);
    expect(seen.headers.host).toBe(t.url.host);
  });

  it("the base path alone is the target's base path", async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    await send(p.port, 'GET', '/v2');
    expect(t.seen.map((s) => s.url)).toEqual(['/v2/']);
  });

  it('a JSON body with its length; a streamed body with the length its client announced, or chunked', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    await send(p.port, 'POST', '/v2/voices', { 'content-type': 'application/json' }, '{"name":"é"}');
    await send(p.port, 'POST', '/v2/voice-clones', { 'content-type': 'application/octet-stream', 'content-length': '5' }, 'abcde');
    await send(p.port, 'POST', '/v2/voice-clones', { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' }, 'xyz');
    expect(t.seen.map((s) => [s.headers['content-length'], s.headers['transfer-encoding'], s.body.toString()])).toEqual([
      ['13', undefined, '{"name":"é"}'],
      ['5', undefined, 'abcde'],
      [undefined, 'chunked', 'xyz'],
    ]);
  });
});

describe('PROXY_MAX_BODY_BYTES at its boundary', () => {
  it.each([
    ['a JSON body', 'application/json'],
    ['an announced streamed body', 'application/octet-stream'],
  ])('%s of exactly the limit is forwarded; one byte more is 413, the connection closed, nothing forwarded', async (_kind, type) => {
    const t = await target();
    const p = await proxyTo(t.url, { maxBodyBytes: 7 });
    const fits = await send(p.port, 'POST', '/v2/voices', { 'content-type': type }, '"12345"');
    expect(fits.status).toBe(200);
    // The client would keep its connection; the proxy closes it (the body it did not read is still coming).
    const over = await send(p.port, 'POST', '/v2/voices', { 'content-type': type, connection: 'keep-alive' }, '"123456"');
    expect(over).toMatchObject({
      status: 413,
      body: envelope(
        413,
        'PROXY-PAYLOAD-TOO-LARGE',
        'The request body is larger than the validating proxy forwards (PROXY_MAX_BODY_BYTES=7); it was not forwarded.',
      ),
    });
    expect(over.headers.connection).toBe('close');
    expect(t.seen.map((s) => s.body.toString())).toEqual(['"12345"']);
    expect(p.lines).toContain('refused POST /v2/voices: body over PROXY_MAX_BODY_BYTES=7');
  });

  it("a chunked streamed body that passes the limit on its way: 413, the target's request abandoned, logged", async () => {
    const t = await target();
    const p = await proxyTo(t.url, { maxBodyBytes: 4 });
    const over = await send(
      p.port,
      'POST',
      '/v2/voice-clones',
      { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      'abcdefgh',
    );
    expect(over.status).toBe(413);
    expect(p.lines).toContain(
      "refused POST /v2/voice-clones: streamed body passed PROXY_MAX_BODY_BYTES=4; the target's request was abandoned",
    );
  });
});

describe('a target that fails', () => {
  it('unreachable: 502 naming the target, a target error in the report, logged', async () => {
    const t = await target();
    const url = t.url;
    await new Promise((resolve) => t.server.close(resolve));
    const p = await proxyTo(url);
    const answer = await send(p.port, 'GET', '/v2/me');
    expect(answer.status).toBe(502);
    expect(answer.message).toBe('Bad Gateway');
    const body = JSON.parse(answer.body);
    expect(body.error.code).toBe('PROXY-TARGET-UNREACHABLE');
    expect(body.message).toMatch(new RegExp(`^The validating proxy could not reach ${url.origin}: .*ECONNREFUSED`));
    expect(p.checker.report().targetErrors.map((e) => e.kind)).toEqual(['refused']);
    expect(p.lines.some((line) => line.startsWith('TARGET ERROR '))).toBe(true);
  });

  it('too slow: 504 naming PROXY_TIMEOUT_MS', async () => {
    const t = await target(() => undefined);
    const p = await proxyTo(t.url, { timeoutMs: 150 });
    const answer = await send(p.port, 'GET', '/v2/me');
    expect(answer).toMatchObject({
      status: 504,
      body: envelope(504, 'PROXY-TARGET-TIMEOUT', `The target ${t.url.origin} did not answer within 150 ms (PROXY_TIMEOUT_MS).`),
    });
    expect(p.checker.report().targetErrors.map((e) => e.kind)).toEqual(['timeout']);
    t.server.closeAllConnections();
  });
});

/** A target that answers every request with `status`, `headers` and `body`. */
const answering = (status: number, headers: http.OutgoingHttpHeaders, body: Buffer | string) =>
  target((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });

const me = JSON.stringify(Object.values(contract.examples(contract.operation('getMe')))[0]);

describe("the target's answer on its way to the client", () => {
  it('a body over PROXY_MAX_RESPONSE_BYTES reaches the client whole; only status and headers are judged, the body listed unjudged with its size', async () => {
    const body = `${me}${' '.repeat(5000)}`;
    const t = await answering(200, { 'content-type': 'application/json' }, body);
    const p = await proxyTo(t.url, { maxResponseBytes: 1000 });
    const answer = await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    expect(answer.body).toBe(body);
    const report = p.checker.report();
    expect(report.unjudged).toEqual([
      expect.objectContaining({
        operationId: 'getMe',
        method: 'GET',
        path: '/me',
        status: 200,
        reason: 'body over PROXY_MAX_RESPONSE_BYTES=1000',
        bytes: body.length,
      }),
    ]);
    expect(report.exchanges).toBe(1);
    expect(p.lines.find((line) => line.startsWith('unjudged'))).toMatch(
      /^unjudged GET \/me \(200, \d+ bytes so far\): body over PROXY_MAX_RESPONSE_BYTES=1000; streamed through$/,
    );
  });

  it('a compressed body that decodes past the cap is unjudged, named as decoded', async () => {
    const { gzipSync } = await import('node:zlib');
    const t = await answering(
      200,
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      gzipSync(`${me}${' '.repeat(50_000)}`),
    );
    const p = await proxyTo(t.url, { maxResponseBytes: 2000 });
    await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    expect(p.checker.report().unjudged.map((u) => u.reason)).toEqual(['decoded body over PROXY_MAX_RESPONSE_BYTES=2000']);
  });

  it('a coding the proxy does not decode is unjudged, naming the coding', async () => {
    const t = await answering(200, { 'content-type': 'application/json', 'content-encoding': 'compress' }, 'x');
    const p = await proxyTo(t.url);
    const answer = await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    expect(answer.body).toBe('x');
    expect(p.checker.report().unjudged.map((u) => [u.reason, u.bytes])).toEqual([
      ['Content-Encoding "compress" is not one the proxy decodes', 1],
    ]);
  });

  it('a body that does not decode as its coding says is a target error, logged', async () => {
    const t = await answering(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'not gzip at all');
    const p = await proxyTo(t.url);
    await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    const report = p.checker.report();
    expect(report.targetErrors.map((e) => e.kind)).toEqual(['undecodable']);
    expect(report.violations).toEqual([]);
    expect(p.lines.filter((line) => line.startsWith('TARGET ERROR '))).toHaveLength(1);
  });

  it('an answer the target breaks off: the client sees the connection end, the report a reset with the bytes that came', async () => {
    const t = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('0123456789', () => res.socket?.destroy());
    });
    const p = await proxyTo(t.url);
    await expect(send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' })).rejects.toThrow();
    await expect.poll(() => p.checker.report().targetErrors.map((e) => e.kind)).toEqual(['reset']);
    expect(p.lines.find((line) => line.startsWith('TARGET ERROR '))).toMatch(/\(after 10 body bytes\)$/);
  });

  it("a client that goes away mid-answer: the target's answer is dropped, and nothing is judged or reported", async () => {
    let targetClosed = false;
    const t = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      res.on('close', () => {
        targetClosed = true;
      });
    });
    const p = await proxyTo(t.url);
    await new Promise<void>((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port: p.port, path: '/v2/me', agent: false, headers: { authorization: 'Bearer t' } },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.end();
    });
    await expect.poll(() => targetClosed).toBe(true);
    const report = p.checker.report();
    expect({ exchanges: report.exchanges, targetErrors: report.targetErrors, violations: report.violations }).toEqual({
      exchanges: 0,
      targetErrors: [],
      violations: [],
    });
  });

  it('a client that reads slowly still gets every byte of a large answer', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 'a');
    const t = await answering(200, { 'content-type': 'application/octet-stream' }, body);
    const p = await proxyTo(t.url);
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: p.port, path: '/v2/me', agent: false }, (res) => {
        let bytes = 0;
        res.pause();
        setTimeout(() => res.resume(), 200);
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve(bytes));
      });
      req.on('error', reject);
      req.end();
    });
    expect(received).toBe(body.length);
  });

  it('a fault of the checker is logged; the client has its answer and the proxy goes on', async () => {
    const t = await answering(200, { 'content-type': 'application/json' }, me);
    const p = await proxyTo(t.url);
    p.checker.check = () => {
      throw new Error('checker broke');
    };
    const answer = await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    expect(answer.body).toBe(me);
    expect(p.lines[0]).toMatch(/^checker fault on GET \/me: Error: checker broke\n\s+at /);
    expect((await send(p.port, 'GET', '/v2/me')).status).toBe(200);
  });
});

describe('what the checker hears of a request', () => {
  it('a streamed upload is a request with a body, though the proxy never held it', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    const boundary = 'forward-test-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nVoice\r\n--${boundary}--\r\n`;
    await send(
      p.port,
      'POST',
      '/v2/voice-clones',
      { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: 'Bearer t' },
      body,
    );
    expect(t.seen.map((s) => s.body.toString())).toEqual([body]);
    const missing = p.checker.report().requestErrors.filter((e) => e.got === 'none');
    expect(missing).toEqual([]);
  });

  it('a charging call blocked by PROXY_BLOCK_CHARGES=1 is counted and logged, and never reaches the target', async () => {
    const t = await target();
    const p = await proxyTo(t.url, { blockCharges: true });
    const answer = await send(p.port, 'POST', '/v2/faceless/12/render', { authorization: 'Bearer t' });
    expect(answer.status).toBe(403);
    expect(p.checker.report().blocked).toBe(1);
    expect(p.lines).toEqual(['blocked POST /v2/faceless/12/render (renderFacelessVideo charges credits; PROXY_BLOCK_CHARGES=1)']);
    expect(t.seen).toEqual([]);
  });

  it('a target down twice for one operation: one target error seen twice, logged once', async () => {
    const t = await target();
    await new Promise((resolve) => t.server.close(resolve));
    const p = await proxyTo(t.url);
    await send(p.port, 'GET', '/v2/me');
    await send(p.port, 'GET', '/v2/me');
    expect(p.checker.report().targetErrors.map((e) => [e.kind, e.repeats])).toEqual([['refused', 1]]);
    expect(p.lines.filter((line) => line.startsWith('TARGET ERROR '))).toHaveLength(1);
    expect(p.lines.filter((line) => line.startsWith('proxy fault'))).toEqual([]);
  });

  it('a request target starting with // is a path, not a host: outside the API here, and sent nowhere', async () => {
    const t = await target();
    const p = await proxyTo(t.url);
    const answer = await send(p.port, 'GET', '//evil.example/v2/me');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).message).toContain('//evil.example/v2/me is neither');
    expect(t.seen).toEqual([]);
  });
});

describe("the target's answer as the client gets it", () => {
  it("the target's length goes on, a HEAD's included; an answer without one goes chunked", async () => {
    const t = await target((req, res) => {
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1234' });
        res.end();
      } else if (req.url === '/v2/chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":');
        res.end('{}}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
        res.end('{"data":{}}');
      }
    });
    const p = await proxyTo(t.url);
    const sized = await send(p.port, 'GET', '/v2/me');
    expect([sized.headers['content-length'], sized.headers['transfer-encoding'], sized.body]).toEqual(['11', undefined, '{"data":{}}']);
    const head = await send(p.port, 'HEAD', '/v2/me');
    expect([head.headers['content-length'], head.body]).toEqual(['1234', '']);
    const chunked = await send(p.port, 'GET', '/v2/chunked');
    expect([chunked.headers['content-length'], chunked.headers['transfer-encoding'], chunked.body]).toEqual([
      undefined,
      'chunked',
      '{"data":{}}',
    ]);
  });

  it("the target's reason phrase and its end-to-end headers; its hop-by-hop headers are its connection's own", async () => {
    const t = await target((_req, res) => {
      res.writeHead(200, 'Fine by me', {
        'content-type': 'application/json',
        'x-target': 'kept',
        'proxy-connection': 'keep-alive',
        te: 'trailers',
        trailer: 'x-checksum',
      });
      res.end('{"data":{}}');
    });
    const p = await proxyTo(t.url);
    const answer = await send(p.port, 'GET', '/v2/me');
    expect([answer.message, answer.headers['x-target']]).toEqual(['Fine by me', 'kept']);
    for (const name of ['proxy-connection', 'te', 'trailer']) expect(answer.headers, name).not.toHaveProperty(name);
  });

  it('an answer that passes the cap over several chunks is listed with all the bytes it carried', async () => {
    const t = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(' '.repeat(2000));
      setTimeout(() => res.write(' '.repeat(2000)), 20);
      setTimeout(() => res.end('{}'), 40);
    });
    const p = await proxyTo(t.url, { maxResponseBytes: 1000 });
    const answer = await send(p.port, 'GET', '/v2/me', { authorization: 'Bearer t' });
    expect(answer.body.length).toBe(4002);
    expect(p.checker.report().unjudged.map((u) => u.bytes)).toEqual([4002]);
  });

  it.each([
    [
      'broken off',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('0123456789', () => res.socket?.destroy());
      },
    ],
    [
      'undecodable',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end('not gzip');
      },
    ],
  ])('an answer %s twice for one operation: one target error seen twice, logged once', async (_case, answer) => {
    const t = await target(answer);
    const p = await proxyTo(t.url);
    for (let i = 0; i < 2; i += 1) await send(p.port, 'GET', '/v2/me').catch(() => undefined);
    await expect.poll(() => p.checker.report().targetErrors.map((e) => e.repeats)).toEqual([1]);
    expect(p.lines.filter((line) => line.startsWith('TARGET ERROR '))).toHaveLength(1);
    expect(p.lines.filter((line) => line.startsWith('proxy fault'))).toEqual([]);
  });
});
