// Property-based fuzzing of the mock's input parsers (fast-check), shared by the fuzz tests (a fixed,
// small case count in `npm test`) and `npm run bench:fuzz` (many more cases). Each property sends
// generated requests and asks two things of every answer: it is in the API's error envelope when
// it is an error, never a 5xx; and it comes within a time budget. Inputs include long runs of
// spaces, tabs, quotes, semicolons and the like, long enough that a parser whose time grows with the
// square of its input takes seconds where a linear one takes milliseconds.
import fc from 'fast-check';
import type { CoreReply, CoreRequest } from '../../mock/core.js';

/** Sends one request and returns the reply (in process: the core; over HTTP: a socket). */
export type Send = (request: CoreRequest) => Promise<CoreReply>;

/** Characters parsers trip on, repeated into long runs. */
const TRICKY = [' ', '\t', '"', ';', ' ;', '; ', '\\', '=', ',', '%', '%2', '/', '//', '..', '[', '{', '"a":', 'a=', '\r', '\n', ':'];

/** The time one input may take before it is measured again; three misses in a row fail the input. */
export const BUDGET_MS = 400;

/** A long run of one tricky piece, sometimes followed by a stray character (what makes a backtracking pattern fail late). */
export const run = (maxLength: number) =>
  fc
    .record({
      piece: fc.constantFrom(...TRICKY),
      length: fc.integer({ min: Math.min(1_000, maxLength), max: maxLength }),
      tail: fc.constantFrom('', 'x', '"', ';', '\\', '\u00ff'),
    })
    .map(({ piece, length, tail }) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length) + tail);

/** Short text of any characters, or text built from the tricky pieces. */
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(fc.constantFrom(...TRICKY, 'a', 'x'), { maxLength: 20 }).map((a) => a.join('')),
);

/** Either a short odd value or a long run, for a header or a field. */
export const hostile = (maxLength: number) => fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: run(maxLength) });

/** Fails with the reason when a reply is not acceptable for any input. */
export function checkReply(request: CoreRequest, reply: CoreReply): void {
  const where = `${request.method} ${request.url.slice(0, 120)}`;
  if (reply.status >= 500) throw new Error(`${where}: ${reply.status} ${reply.body.slice(0, 300)}`);
  if (reply.status < 400) return;
  let body: any;
  try {
    body = JSON.parse(reply.body);
  } catch {
    throw new Error(`${where}: ${reply.status} is not JSON: ${reply.body.slice(0, 200)}`);
  }
  if (body?.status !== reply.status || typeof body?.message !== 'string')
    throw new Error(`${where}: ${reply.status} is not in the error envelope: ${reply.body.slice(0, 200)}`);
}

/**
 * Sends the request and checks the reply; when it is slower than the budget, sends it twice more
 * and fails only when every try was (one pause of a busy machine does not fail it).
 */
export async function answeredWell(send: Send, request: CoreRequest, budgetMs = BUDGET_MS): Promise<void> {
  const times: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    const reply = await send(request);
    times.push(performance.now() - started);
    checkReply(request, reply);
    if (times.at(-1)! <= budgetMs) return;
  }
  throw new Error(
    `${request.method} ${request.url.slice(0, 80)} (${describe(request)}) took ${times.map((t) => t.toFixed(0)).join(', ')} ms (budget ${budgetMs})`,
  );
}

function describe(request: CoreRequest): string {
  const size = (value: string | Uint8Array) => (typeof value === 'string' ? value.length : value.byteLength);
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${size(value ?? '')} chars`);
  return [...headers, `body ${size(request.body)} bytes`].join(', ');
}

const API_TOKEN = 'Bearer fuzz-account';
const enc = (value: string) => encodeURIComponent(value);

// ---- generated requests, one family per parser --------------------------------------------------

/** A multipart body: parts with odd or very long header lines, odd bodies, with or without the closing delimiter. */
export function multipartRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const headerLine = fc.oneof(
    hostile(maxRun).map((v) => `Content-Disposition: form-data${v}`),
    hostile(maxRun).map((v) => `Content-Disposition: form-data; name="${v}"`),
    hostile(maxRun).map((v) => `Content-Disposition: form-data; name="f"; filename=${v}`),
    hostile(maxRun).map((v) => `Content-Type: ${v}`),
    hostile(maxRun).map((v) => `${v}: x`),
    fc.constant('Content-Disposition: form-data; name="name"'),
  );
  const part = fc.record({ headers: fc.array(headerLine, { minLength: 1, maxLength: 3 }), body: hostile(maxRun) });
  return fc
    .record({
      boundary: fc.oneof(fc.constant('b'), fc.constantFrom('x"y', 'a b', '--', ';'), run(60)),
      parts: fc.array(part, { minLength: 1, maxLength: 3 }),
      closed: fc.boolean(),
      quoted: fc.boolean(),
    })
    .map(({ boundary, parts, closed, quoted }) => {
      const body =
        parts.map((p) => `--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n${p.body}\r\n`).join('') +
        (closed ? `--${boundary}--\r\n` : '');
      const type = `multipart/form-data; boundary=${quoted ? `"${boundary}"` : boundary}`;
      return {
        method: 'POST',
        url: '/v2/characters',
        headers: { authorization: API_TOKEN, 'content-type': type },
        body: new TextEncoder().encode(body),
      };
    });
}

/**
 * A voice-clone upload with up to thousands of parts under one name (`samples[]`, which the contract
 * allows 1 to 3 of, or a one-value field): read and judged up to the mock's part limit, refused
 * unread beyond it, never slower than the budget (every part costs the parser, a digest and Prism).
 */
export function repeatedPartRequests(maxParts = 5_000): fc.Arbitrary<CoreRequest> {
  return fc
    .record({
      name: fc.constantFrom('samples[]', 'name', 'terms', 'x'),
      count: fc.integer({ min: 1, max: maxParts }),
      value: fc.constantFrom('', 'a', 'RIFF....WAVE', '"', ';'),
    })
    .map(({ name, count, value }) => {
      const part = `--b\r\nContent-Disposition: form-data; name="${name}"; filename="s.wav"\r\nContent-Type: audio/wav\r\n\r\n${value}\r\n`;
      const fixed = ['terms', 'name', 'gender'].map((field) => `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nv\r\n`);
      return {
        method: 'POST',
        url: '/v2/voice-clones',
        headers: { authorization: API_TOKEN, 'content-type': 'multipart/form-data; boundary=b' },
        body: new TextEncoder().encode(`${fixed.join('')}${part.repeat(count)}--b--\r\n`),
      };
    });
}

/** JSON bodies (valid and not, deep, with long strings or long runs) to operations that read JSON. */
export function jsonRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const body = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.record({ type: fc.constantFrom('b-roll', 'x'), topic: hostile(maxRun) }).map((v) => JSON.stringify(v)),
    hostile(maxRun).map((v) => `{"type":"b-roll","script":${v}}`),
    hostile(maxRun),
    fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  );
  const target = fc.constantFrom(['POST', '/v2/faceless'], ['PATCH', '/v2/faceless/1'], ['POST', '/v2/ai-visuals'], ['POST', '/v2/ideas']);
  const type = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/vnd.x+json', '');
  return fc.tuple(target, body, type).map(([[method, url], raw, contentType]) => ({
    method,
    url,
    headers: { authorization: API_TOKEN, ...(contentType ? { 'content-type': contentType } : {}) },
    body: raw,
  }));
}

/** Query strings: odd names and values, long runs, repeated and empty parameters. */
export function queryRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const pair = fc.tuple(fc.oneof(fc.constantFrom('page', 'per_page', 'order', 'include', 'limit', 'token'), text), hostile(maxRun));
  const query = fc.oneof(
    fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')),
    hostile(maxRun).map((v) => v.replace(/[#\s]/g, '&')),
  );
  const path = fc.constantFrom('/v2/credits/history', '/v2/faceless/1', '/v2/me', '/__mock/requests', '/__mock/accounts');
  return fc.tuple(path, query).map(([p, q]) => ({ method: 'GET', url: `${p}?${q}`, headers: { authorization: API_TOKEN }, body: '' }));
}

/** The headers the mock reads: Prefer, Authorization, Accept and Content-Type, each odd or very long. */
export function headerRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const header = fc.oneof(
    hostile(maxRun).map((v) => ({ prefer: v })),
    hostile(maxRun).map((v) => ({ prefer: `code=${v}` })),
    hostile(maxRun).map((v) => ({ prefer: `example=${v}, dynamic=${v}` })),
    hostile(maxRun).map((v) => ({ authorization: v })),
    hostile(maxRun).map((v) => ({ authorization: `Bearer ${v}` })),
    hostile(maxRun).map((v) => ({ authorization: `Bearer${v}x${v}` })),
    hostile(maxRun).map((v) => ({ accept: v })),
    hostile(maxRun).map((v) => ({ accept: `application/json;${v}` })),
    hostile(maxRun).map((v) => ({ 'content-type': `application/json${v}` })),
    hostile(maxRun).map((v) => ({ 'content-type': v })),
  );
  const target = fc.constantFrom(['GET', '/v2/me', ''], ['POST', '/v2/faceless', '{"type":"b-roll"}'], ['GET', '/v2/faceless/1', '']);
  return fc.tuple(target, header).map(([[method, url, body], headers]) => ({
    method,
    url,
    headers: { authorization: API_TOKEN, ...headers },
    body,
  }));
}

/** Path segments: odd characters, escapes, dot segments, long runs, under the API and the control plane. */
export function pathRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const segment = fc.oneof(
    hostile(maxRun).map(enc),
    hostile(maxRun).map((v) => v.replace(/[?#\s]/g, '')),
    fc.constantFrom('.', '..', '%2e%2e', '%2f', ';x'),
  );
  const prefix = fc.constantFrom('/v2/', '/v2/faceless/', '/__mock/', '/__mock/accounts/', '/v2/ai-visuals/1/');
  const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT');
  return fc.tuple(method, prefix, fc.array(segment, { minLength: 1, maxLength: 3 })).map(([m, p, segments]) => ({
    method: m,
    url: `${p}${segments.join('/')}`,
    headers: { authorization: API_TOKEN },
    body: '',
  }));
}

/** Control-plane bodies: reserved keys, non-finite numbers, odd values, long runs. */
export function controlRequests(maxRun = 64_000): fc.Arbitrary<CoreRequest> {
  const key = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'credits', 'operationId', 'ms', 'mode'),
    text,
  );
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc.constantFrom('1e400', '-1e400', '1e-400', '-0'),
    hostile(maxRun).map((v) => JSON.stringify(v)),
  );
  const body = fc.oneof(
    fc.array(fc.tuple(key, value), { maxLength: 3 }).map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    hostile(maxRun),
  );
  const target = fc.constantFrom(
    ['PATCH', '/__mock/accounts/fuzz-control'],
    ['POST', '/__mock/faults'],
    ['POST', '/__mock/clock'],
    ['POST', '/__mock/clock/advance'],
    ['POST', '/__mock/force'],
    ['POST', '/__mock/reset'],
  );
  return fc
    .tuple(target, body)
    .map(([[method, url], raw]) => ({ method, url, headers: { 'content-type': 'application/json' }, body: raw }));
}

/**
 * Wide and deep JSON bodies, to /v2 and /__mock: objects of up to `maxKeys` keys, arrays of as many
 * items, nesting up to 50,000 levels of objects or arrays, and such a structure inside a real body.
 * Without the structure limits (MOCK_MAX_JSON_KEYS, MOCK_MAX_JSON_DEPTH) these cost the parser, the
 * schema check and the error map seconds; with them each is refused, or served, within the budget.
 */
export function wideAndDeepJsonRequests(maxKeys = 400_000): fc.Arbitrary<CoreRequest> {
  const n = fc.integer({ min: 1, max: maxKeys });
  const structure = fc.oneof(
    n.map((k) => `{${Array.from({ length: k }, (_, i) => `"k${i}":${i}`).join(',')}}`),
    n.map((k) => `[${Array.from({ length: k }, () => '{}').join(',')}]`),
    fc.integer({ min: 1, max: 50_000 }).map((d) => `${'{"a":'.repeat(d)}0${'}'.repeat(d)}`),
    fc.integer({ min: 1, max: 50_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`),
  );
  const body = fc.oneof(
    structure,
    structure.map((s) => `{"type":"b-roll","topic":"owls","extra":${s}}`),
    structure.map((s) => `{"accounts":[{"token":"fuzz-wide","resources":[{"family":"faceless","state":"failed","data":${s}}]}]}`),
  );
  const target = fc.constantFrom(
    ['POST', '/v2/faceless'],
    ['PATCH', '/v2/faceless/1'],
    ['PATCH', '/__mock/accounts/fuzz-wide'],
    ['POST', '/__mock/scenario'],
    ['POST', '/__mock/faults'],
  );
  return fc.tuple(target, body).map(([[method, url], raw]) => ({
    method,
    url,
    headers: { authorization: API_TOKEN, 'content-type': 'application/json' },
    body: raw,
  }));
}
