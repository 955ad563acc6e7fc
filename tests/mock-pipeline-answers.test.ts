// What the mock's request pipeline answers at each of its refusals, body and headers exactly as a
// client reads them (in process, through the MSW handlers): an unreadable body, a Prefer or Accept
// the mock cannot honour, a JSON null, empty query parameters, repeated multipart parts, the
// Authorization scheme's spelling, a 405's Allow and a path outside the base path.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockHandlers } from '../mock/msw.js';
import { useMock } from './mock-harness.js';

const baseUrl = 'http://pipeline-answers.test/v2';
const handlers = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...handlers);
// Calls to the mock on its own port (the last suite) go through; any other call MSW misses is an error.
beforeAll(() =>
  server.listen({
    // msw 3: an unhandled HTTP frame carries its request in frame.data.
    onUnhandledFrame: ({ frame, defaults }) => {
      const { request } = frame.data as { request?: Request };
      if (!request || new URL(request.url).hostname !== '127.0.0.1') defaults.error();
    },
  }),
);
afterEach(() => handlers.control.reset());
afterAll(() => server.close());

interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Reply> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: 'Bearer pipeline', ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: response.headers, body };
}

const json = { 'content-type': 'application/json' };

describe('refusals before the state', () => {
  it('a Content-Type that is no media type: 400 GEN-WRONG-ARGS saying the body could not be parsed, and why', async () => {
    const reply = await call('POST', '/launch-clips', { headers: { 'content-type': 'not a media type' }, body: '{}' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('The request body could not be parsed.');
    expect(reply.body.errors.body).toHaveLength(1);
    expect(reply.body.errors.body[0]).toMatch(/^The request body could not be parsed: \S/);
  });

  it("a JSON null where an optional body is an object: 422 naming the body (a required one is missing: Prism's message)", async () => {
    const reply = await call('POST', '/faceless/1/retry', { headers: json, body: 'null' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ body: ['The request body must be a JSON object, not null.'] });
    const required = await call('POST', '/launch-clips', { headers: json, body: 'null' });
    expect([required.status, required.body.errors]).toEqual([422, { request: ['Body parameter is required'] }]);
  });

  it('a JSON null to an operation without a body is still a body: refused as over HTTP (msw 3 sends its Content-Length)', async () => {
    expect((await call('GET', '/me', { headers: json })).status).toBe(200);
    const reply = await call('DELETE', '/presets/999', { headers: json, body: 'null' });
    expect([reply.status, reply.body.errors]).toEqual([
      422,
      { request: ['No supported content types, but request included a non-empty body'] },
    ]);
  });

  it('an empty query parameter that must not be empty: 422 naming it', async () => {
    const history = await call('GET', '/credits/history?per_page=');
    expect(history.status).toBe(422);
    expect(history.body.errors).toEqual({ per_page: ['The per_page parameter must not be empty.'] });
  });

  it('an empty query parameter the operation does not declare is no refusal', async () => {
    expect((await call('GET', '/me?unknown=')).status).toBe(200);
  });

  it('the Bearer scheme is read as the contract spells it: "bearer" in lower case is a 401', async () => {
    const reply = await call('GET', '/me', { headers: { authorization: 'bearer pipeline' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual((await call('GET', '/me', { headers: { authorization: '' } })).body);
  });
});

describe('an injected fault', () => {
  it('with a delay and a status: the status, after the delay, marked as the fault', async () => {
    const fault = await handlers.control.addFault({ operationId: 'getMe', status: 503, delayMs: 20 });
    const reply = await call('GET', '/me');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('x-mock-fault')).toBe(String(fault.id));
  });
});

describe('Prefer and Accept the mock cannot honour', () => {
  it('an unknown example name where the operation documents 422: 422 naming Prefer', async () => {
    const reply = await call('POST', '/launch-clips', {
      headers: { ...json, prefer: 'example=no_such_example' },
      body: JSON.stringify({ product_name: 'Brew', domain: 'brew.example', idea: 'x' }),
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toEqual(['Prefer']);
    expect(reply.body.errors.Prefer[0]).not.toBe('');
  });

  it('where the operation has no 422: answered from the state, the refusal said in X-Mock-Prefer-Ignored (printable ASCII only)', async () => {
    const reply = await call('GET', '/me', { headers: { prefer: 'example=x\u00e9\u00e9y' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const ignored = reply.headers.get('x-mock-prefer-ignored')!;
    // Prism's reason, each run of other characters read as one space.
    expect(ignored).toContain('exampleKey: x y does not exist');
    expect(ignored).toMatch(/^[\x20-\x7e]+$/);
  });

  it('an Accept the operation cannot serve, with no 422: a JSON answer from the state, the refusal said', async () => {
    const reply = await call('GET', '/me', { headers: { accept: 'text/csv' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toBeDefined();
    expect(reply.headers.get('x-mock-prefer-ignored')).toBeTruthy();
  });

  it('an Accept the operation cannot serve, where it documents 422: 422 naming Accept', async () => {
    const reply = await call('POST', '/launch-clips', {
      headers: { ...json, accept: 'text/csv' },
      body: JSON.stringify({ product_name: 'Brew', domain: 'brew.example', idea: 'x' }),
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors)).toEqual(['Accept']);
    expect(reply.body.errors.Accept[0]).not.toBe('');
  });

  it("an ignored Accept on an operation answered from the contract's example: that example, as JSON", async () => {
    const reply = await call('GET', '/voice-clones/slots', { headers: { accept: 'text/csv' } });
    const plain = await call('GET', '/voice-clones/slots');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual(plain.body);
    expect(reply.headers.get('x-mock-prefer-ignored')).toBeTruthy();
  });

  it('an explicit Prefer code is answered by Prism with a JSON Content-Type', async () => {
    const reply = await call('GET', '/me', { headers: { prefer: 'code=401' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('repeated multipart parts, counted part by part', () => {
  const clone = (samples: number) => {
    const form = new FormData();
    form.set('terms', 'true');
    form.set('name', 'Narrator');
    form.set('gender', 'female');
    for (let i = 0; i < samples; i++) form.append('samples[]', new Blob([`sample ${i}`], { type: 'audio/mpeg' }), `s${i}.mp3`);
    return call('POST', '/voice-clones', { body: form });
  };

  it('more samples than the contract allows: 422 naming the field and the maximum', async () => {
    const reply = await clone(4);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'samples[]': ['Request body property samples[] must NOT have more than 3 items'] });
  });

  it('none sent is the required check only, not a count', async () => {
    const reply = await clone(0);
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.body.errors)).not.toMatch(/fewer than/);
  });

  it('within the bounds: accepted', async () => {
    expect((await clone(2)).status).toBeLessThan(300);
  });

  it('a file field sent as an empty part without a filename is still a file (an empty one), not a missing field', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ terms: 'true', name: 'Narrator', gender: 'female', 'samples[]': '' }))
      form.set(name, value);
    const reply = await call('POST', '/voice-clones', { body: form });
    expect(reply.status).toBeLessThan(300);
  });

  it('a JSON body where a form is declared is refused as a request error, not a fault of the mock', async () => {
    const reply = await call('POST', '/voice-clones', { headers: json, body: JSON.stringify({ name: 'x' }) });
    expect([415, 422]).toContain(reply.status);
  });
});

describe('routing answers', () => {
  it('a method the path does not have: 405 with Allow listing the methods the contract declares', async () => {
    const reply = await call('DELETE', '/launch-clips');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    const auto = await call('DELETE', '/account/auto-topup');
    expect(auto.headers.get('allow')).toBe('GET, PUT');
  });
});

describe('the mock on its own port', () => {
  const mock = useMock();

  it('a path beside the base path is no API path: 404 naming the base, whatever it ends with', async () => {
    const { origin, pathname } = new URL(mock.base);
    const reply = await fetch(`${origin}${pathname}me`, { headers: { authorization: 'Bearer pipeline' } });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(await reply.json())).toContain(mock.base);
  });
});
