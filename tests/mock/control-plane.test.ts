// The control plane's own answers (mock/control/plane.ts), in process through the core's fetch
// function: routing (308 to the console, 404, 405 with Allow), MOCK_CONTROL_TOKEN compared whole,
// requests checked against the control document (422 naming the field, in the envelope), and the
// answers of each handler at their edges. tests/mock/control.test.ts drives the same API over HTTP.
import { describe, expect, it, vi } from 'vitest';
import { requestExample } from '../support/contract.js';
import { createMockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

const origin = 'http://127.0.0.1:4010';
const SECRET = 's3cret-token';
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1', MOCK_STEP_MS: '1000', MOCK_CLOCK: 'manual' }, log: () => {} }));
const guarded = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1', MOCK_CONTROL_TOKEN: SECRET }, log: () => {} }));

interface Options {
  body?: unknown;
  type?: string;
  headers?: Record<string, string>;
  on?: typeof core;
}

async function control(method: string, path: string, options: Options = {}) {
  const { body, type = 'application/json', headers = {}, on = core } = options;
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const reply = await on.fetch(
    new Request(`${origin}${path}`, {
      method,
      body: text,
      headers: { ...(text !== undefined ? { 'content-type': type } : {}), ...headers },
    }),
  );
  const raw = await reply.text();
  let json: any;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  return { status: reply.status, headers: reply.headers, raw, body: json };
}

const envelope = (status: number, code: string, message: string, errors: Record<string, string[]> = {}) => ({
  message,
  status,
  error: { code },
  errors,
});

describe('routing', () => {
  it('/__mock sends to the console at /__mock/, keeping the query', async () => {
    const reply = await control('GET', '/__mock?x=1');
    expect([reply.status, reply.headers.get('location')]).toEqual([308, '/__mock/?x=1']);
  });

  it('a path the control API lacks is 404 naming it', async () => {
    const reply = await control('GET', '/__mock/nope');
    expect([reply.status, reply.body]).toEqual([
      404,
      envelope(404, 'MOCK-NOT-FOUND', '/__mock/nope is not part of the mock control API (see generated/docs/mock-control.html).'),
    ]);
  });

  it('a method the path lacks is 405 naming the ones it has, also in Allow', async () => {
    const reply = await control('DELETE', '/__mock/clock');
    expect([reply.status, reply.headers.get('allow'), reply.body]).toEqual([
      405,
      'GET, POST',
      envelope(405, 'MOCK-METHOD-NOT-ALLOWED', 'Use GET or POST on /__mock/clock.'),
    ]);
  });

  it('the console page is HTML that no cache keeps', async () => {
    const reply = await control('GET', '/__mock/');
    expect([reply.status, reply.headers.get('content-type'), reply.headers.get('cache-control')]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-store',
    ]);
    expect(reply.raw).toMatch(/^<!doctype html>/i);
  });
});

describe('MOCK_CONTROL_TOKEN', () => {
  const refused = envelope(
    401,
    'MOCK-CONTROL-UNAUTHORIZED',
    'This mock requires the X-Mock-Control-Token header (the value of MOCK_CONTROL_TOKEN) for /__mock.',
  );

  it.each([
    ['no header', {}],
    ['a wrong value of the same length', { 'x-mock-control-token': 's3cret-tokex' }],
    ['the value with more after it', { 'x-mock-control-token': `${SECRET}x` }],
    ['the beginning of the value', { 'x-mock-control-token': 's3cret' }],
    ['an empty value', { 'x-mock-control-token': '' }],
  ])('%s: 401 in the envelope', async (_case, headers) => {
    const reply = await control('GET', '/__mock/accounts', { headers, on: guarded });
    expect([reply.status, reply.body]).toEqual([401, refused]);
  });

  it('the exact value opens every route', async () => {
    const reply = await control('GET', '/__mock/accounts', { headers: { 'x-mock-control-token': SECRET }, on: guarded });
    expect(reply.status).toBe(200);
  });

  it('the console page alone takes it in the query (a browser opening it sends no header); the header wins when given', async () => {
    expect((await control('GET', `/__mock/?control_token=${SECRET}`, { on: guarded })).status).toBe(200);
    expect((await control('GET', `/__mock?control_token=${SECRET}`, { on: guarded })).status).toBe(308);
    expect((await control('GET', '/__mock/?control_token=wrong', { on: guarded })).status).toBe(401);
    expect((await control('GET', `/__mock/accounts?control_token=${SECRET}`, { on: guarded })).status).toBe(401);
    expect((await control('POST', `/__mock/reset?control_token=${SECRET}`, { on: guarded })).status).toBe(401);
    // The console takes the query token on a GET only: any other method on its path is refused first.
    expect((await control('POST', `/__mock/?control_token=${SECRET}`, { on: guarded })).status).toBe(401);
    const header = { 'x-mock-control-token': 'wrong' };
    expect((await control('GET', `/__mock/?control_token=${SECRET}`, { headers: header, on: guarded })).status).toBe(401);
  });
});

describe('requests checked against the control document', () => {
  it('a body that is not JSON: 422 saying why', async () => {
    const reply = await control('POST', '/__mock/faults', { body: 'not json' });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/^The request body could not be parsed: .*not valid JSON/);
    expect(reply.body.errors).toEqual({ body: ['is not valid JSON or YAML'] });
    expect(reply.body.error.code).toBe('MOCK-INVALID');
  });

  it('several problems at once: one message naming each field with each of its messages', async () => {
    const reply = await control('POST', '/__mock/clock/advance', { body: { ms: -1.5, steps: 'many' } });
    expect(reply.status).toBe(422);
    const fields = Object.entries(reply.body.errors as Record<string, string[]>);
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.some(([, messages]) => messages.length > 1)).toBe(true);
    const summary = fields.map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ');
    expect(reply.body.message).toBe(`The request does not match the mock control API: ${summary}.`);
  });

  it('a body of only spaces is a missing body', async () => {
    const reply = await control('POST', '/__mock/clock/advance', { body: '   ' });
    expect([reply.status, reply.body]).toEqual([
      422,
      envelope(422, 'MOCK-INVALID', 'The request does not match the mock control API: body is required.', { body: ['is required'] }),
    ]);
  });

  it('a JSON body nested past the limit is refused before it is parsed: 400 saying why', async () => {
    const reply = await control('POST', '/__mock/scenario', { body: `${'['.repeat(5000)}${']'.repeat(5000)}` });
    expect(reply.status).toBe(400);
    const [why] = reply.body.errors.body;
    expect(reply.body).toEqual(envelope(400, 'MOCK-INVALID', `The request body ${why}.`, { body: [why] }));
    expect(why).toMatch(/nest/);
  });

  it('a field out of its range, a query of the wrong type: 422 naming each', async () => {
    expect((await control('POST', '/__mock/clock/advance', { body: { ms: -1 } })).body).toEqual(
      envelope(422, 'MOCK-INVALID', 'The request does not match the mock control API: ms must be >= 0.', { ms: ['must be >= 0'] }),
    );
    expect((await control('GET', '/__mock/requests?limit=abc')).body).toEqual(
      envelope(422, 'MOCK-INVALID', 'The request does not match the mock control API: limit must be integer.', {
        limit: ['must be integer'],
      }),
    );
  });

  it('a scenario in YAML is read as YAML, even one JSON could not parse', async () => {
    const reply = await control('POST', '/__mock/scenario', {
      body: 'accounts:\n  - token: yaml-world\n    credits: 7\n',
      type: 'application/yaml',
    });
    expect([reply.status, reply.body.accounts.map((a: { credits: number }) => a.credits)]).toEqual([200, [7]]);
  });

  it('a problem found while loading a scenario is 422 naming its field', async () => {
    const reply = await control('POST', '/__mock/scenario', {
      body: { accounts: [{ token: 't', resources: [{ family: 'nope', state: 'x' }] }] },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('MOCK-INVALID');
    expect(Object.keys(reply.body.errors)).toEqual(['accounts.0.resources.0.family']);
    expect(reply.body.message).toMatch(/^nope is not a resource family with a state machine\. Valid: faceless, /);
  });
});

describe('the clock', () => {
  it('shows its mode, its time and the step; steps move it by MOCK_STEP_MS each, ms by as many', async () => {
    const before = (await control('GET', '/__mock/clock')).body;
    expect(before).toEqual({ mode: 'manual', now: expect.any(String), stepMs: 1000 });
    const stepped = (await control('POST', '/__mock/clock/advance', { body: { steps: 3 } })).body;
    expect(Date.parse(stepped.now) - Date.parse(before.now)).toBe(3000);
    const moved = (await control('POST', '/__mock/clock/advance', { body: { ms: 1 } })).body;
    expect(Date.parse(moved.now) - Date.parse(stepped.now)).toBe(1);
  });

  it('a move past the range of a Date is 422 naming the field given, and nothing moves', async () => {
    const before = (await control('GET', '/__mock/clock')).body.now;
    const message = 'would move the clock past +275760-09-13T00:00:00.000Z, the last time a JavaScript Date can hold';
    const ms = await control('POST', '/__mock/clock/advance', { body: { ms: 8_640_000_000_000_000 } });
    expect([ms.status, ms.body]).toEqual([422, envelope(422, 'MOCK-INVALID', `ms ${message}.`, { ms: [message] })]);
    const steps = await control('POST', '/__mock/clock/advance', { body: { steps: 8_640_000_000_000 } });
    expect([steps.status, steps.body]).toEqual([422, envelope(422, 'MOCK-INVALID', `steps ${message}.`, { steps: [message] })]);
    expect((await control('GET', '/__mock/clock')).body.now).toBe(before);
  });

  it('switching to auto and back answers the clock as it is', async () => {
    const auto = await control('POST', '/__mock/clock', { body: { mode: 'auto' } });
    expect([auto.status, auto.body.mode, auto.body.stepMs]).toEqual([200, 'auto', 1000]);
    expect((await control('POST', '/__mock/clock', { body: { mode: 'manual' } })).body.mode).toBe('manual');
  });
});

describe('accounts, faults, force, reset', () => {
  it('a token the mock always refuses cannot be given an account', async () => {
    const reply = await control('PATCH', '/__mock/accounts/an-invalid-token', { body: { credits: 3 } });
    expect([reply.status, reply.body]).toEqual([
      422,
      envelope(422, 'MOCK-INVALID', 'The token an-invalid-token is always refused by the mock (401), so it cannot hold an account.', {
        token: ['is an invalid token'],
      }),
    ]);
  });

  it('a fault on an operationId the contract lacks is 422; on "*" it is set (201)', async () => {
    const message = 'noSuchOperation is not an operationId of the API contract (or use "*").';
    const unknown = await control('POST', '/__mock/faults', { body: { operationId: 'noSuchOperation', status: 500 } });
    expect([unknown.status, unknown.body]).toEqual([422, envelope(422, 'MOCK-INVALID', message, { operationId: [message] })]);
    const any = await control('POST', '/__mock/faults', { body: { operationId: '*', status: 503 } });
    expect([any.status, any.body]).toEqual([201, { id: 1, operationId: '*', status: 503, remaining: 1, delayMs: 0 }]);
    expect((await control('GET', '/__mock/faults')).body).toEqual({ faults: [any.body] });
    expect((await control('DELETE', '/__mock/faults')).body).toEqual({ cleared: 1 });
  });

  it('force: 404 for a resource the token lacks, 422 for a state its machine lacks, naming the valid ones', async () => {
    const missing = await control('POST', '/__mock/force', { body: { token: 'force-a', path: '/faceless/1', state: 'failed' } });
    expect([missing.status, missing.body]).toEqual([
      404,
      envelope(404, 'MOCK-NOT-FOUND', 'The token force-a has no resource at /faceless/1.', { path: ['no such resource for this token'] }),
    ]);
    const loaded = await control('POST', '/__mock/scenario', {
      body: { accounts: [{ token: 'force-a', resources: [{ family: 'faceless', state: 'rendering', id: 5 }] }] },
    });
    expect(loaded.status).toBe(200);
    for (const path of ['/faceless/5/render', '/faceless/999', '/nope/5', '/faceless']) {
      const beyond = await control('POST', '/__mock/force', { body: { token: 'force-a', path, state: 'failed' } });
      expect(beyond.status, path).toBe(404);
    }
    const odd = await control('POST', '/__mock/force', { body: { token: 'force-a', path: '/faceless/5', state: 'melting' } });
    const message = 'melting is not a state of FacelessVideoStatus. Valid states: rendering, completed, failed.';
    expect([odd.status, odd.body]).toEqual([422, envelope(422, 'MOCK-INVALID', message, { state: [message] })]);
    const forced = await control('POST', '/__mock/force', { body: { token: 'force-a', path: '/faceless/5', state: 'completed' } });
    expect([forced.status, forced.body.token, forced.body.path, forced.body.family, forced.body.id, forced.body.state]).toEqual([
      200,
      'force-a',
      '/faceless/5',
      'FacelessVideoStatus',
      5,
      'completed',
    ]);
  });

  it('reset names what it forgot: one token, or all', async () => {
    expect((await control('POST', '/__mock/reset?token=someone')).body).toEqual({ reset: 'someone' });
    expect((await control('POST', '/__mock/reset')).body).toEqual({ reset: 'all' });
  });

  it("a reset of one token leaves the others' journal and the clock as they were; a full reset restarts both", async () => {
    await core.fetch(new Request(`${origin}/v2/me`, { headers: { authorization: 'Bearer keeps-its-calls' } }));
    const moved = (await control('POST', '/__mock/clock/advance', { body: { ms: 60_000 } })).body.now;
    await control('POST', '/__mock/reset?token=someone-else');
    expect((await control('GET', '/__mock/requests')).body.requests).toHaveLength(1);
    expect((await control('GET', '/__mock/clock')).body.now).toBe(moved);
    await control('POST', '/__mock/reset');
    expect((await control('GET', '/__mock/requests')).body.requests).toEqual([]);
    expect((await control('GET', '/__mock/clock')).body.now).not.toBe(moved);
  });

  it('a PATCH has the last word: jobs that came due on a running clock are settled first, then the patch applies', async () => {
    // A running (auto) clock reads the wall clock: the test fakes only Date, so it alone moves time.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const running = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_STEP_MS: '1000' }, log: () => {} });
      const token = 'patch-last-word';
      const example = requestExample<{ prompt: string }>('createTextToVideo');
      const video = { ...example, prompt: `${example.prompt} mock:fail` };
      const created = await running.fetch(
        new Request(`${origin}/v2/text-to-video`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(video),
        }),
      );
      expect(created.status).toBeLessThan(300);
      // An hour of steps later the job has failed (and is owed its refund) while nobody looked.
      vi.setSystemTime(Date.now() + 3_600_000);
      const patched = await control('PATCH', `/__mock/accounts/${token}`, { body: { credits: 5 }, on: running });
      expect(patched.body.credits).toBe(5);
      expect((await control('GET', `/__mock/accounts/${token}`, { on: running })).body.credits).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the listing shows each account masked, what the bounds evicted, and the state's bytes", async () => {
    await core.fetch(new Request(`${origin}/v2/me`, { headers: { authorization: 'Bearer listing-token-1' } }));
    const listed = (await control('GET', '/__mock/accounts')).body;
    expect(listed.accounts.map((a: { token: string; seen: boolean }) => [a.token, a.seen])).toEqual([['listi…n-1', true]]);
    expect(listed.evicted).toEqual({ accounts: 0, resources: 0 });
    expect(listed.state.bytes).toBeGreaterThan(0);
    expect(listed.state).toHaveProperty('maxBytes');
    const one = (await control('GET', '/__mock/accounts/listing-token-1')).body;
    expect([one.token, one.seen]).toEqual(['listing-token-1', true]);
    const unseen = (await control('GET', '/__mock/accounts/never-seen')).body;
    expect([unseen.token, unseen.seen]).toEqual(['never-seen', false]);
    expect((await control('GET', '/__mock/accounts')).body.accounts).toHaveLength(1);
  });
});

describe('a scenario loaded at start (MOCK_SCENARIO)', () => {
  const start = (text: string) =>
    createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {}, scenario: { text, source: 'MOCK_SCENARIO=world.yaml' } });

  it('is loaded before the first request, and loaded again by a full reset', async () => {
    const mock = await start('accounts:\n  - token: from-start\n    credits: 9\n');
    const read = async () => (await mock.fetch(new Request(`${origin}/__mock/accounts/from-start`))).json();
    expect((await read()).credits).toBe(9);
    await mock.fetch(
      new Request(`${origin}/__mock/accounts/from-start`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"credits":1}',
      }),
    );
    await mock.fetch(new Request(`${origin}/__mock/reset`, { method: 'POST' }));
    expect(await read()).toMatchObject({ credits: 9, seen: true });
  });

  it.each([
    [
      'a reserved name',
      '{"accounts":[{"token":"t","__proto__":{"x":1}}]}',
      /^MOCK_SCENARIO=world\.yaml: \{"accounts\.0\.__proto__":\["is a reserved name/,
    ],
    [
      'a field its schema lacks',
      'accounts:\n  - token: t\n    colour: red\n',
      /^MOCK_SCENARIO=world\.yaml: \{"accounts\.0\.colour":\["is not a known field/,
    ],
    [
      'a family without a state machine',
      'accounts:\n  - token: t\n    resources:\n      - family: nope\n        state: x\n',
      /^MOCK_SCENARIO=world\.yaml: nope is not a resource family/,
    ],
  ])('with %s, stops the start with the reason, naming the file', async (_case, text, reason) => {
    await expect(start(text)).rejects.toThrow(reason);
  });
});
