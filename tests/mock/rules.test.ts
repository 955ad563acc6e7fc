// Gates, render preconditions, money, errors in the API's envelope, Prism's controls, rate
// limits, CORS and auto top-up, against the real mock process over HTTP.
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/contract.js';
import { isReference } from '../../lib/contract/index.js';
import { call, expectConforms, model, multipart, pollUntil, startMock, useMock, type OperationId } from '../support/mock-harness.js';

// The clock stands still: nothing here polls, and a render must still be busy when rendered again,
// however slow the machine.
const mock = useMock({ MOCK_CLOCK: 'manual' });
const { op, balance } = mock;
const ids = Object.keys(operations) as OperationId[];
const UNGATED = new Set<OperationId>(
  ids.filter((id) => {
    const forbidden = model.operation(id).operation.responses['403'];
    return isReference(forbidden) && forbidden.$ref.endsWith('/ForbiddenUngated');
  }),
);

describe('authentication and the subscription gate', () => {
  it('the ungated reads are exactly GET /me, /credits/costs, /credits/history', () => {
    expect([...UNGATED].map((id) => `${operations[id].method} ${operations[id].path}`).sort()).toEqual([
      'GET /credits/costs',
      'GET /credits/history',
      'GET /me',
    ]);
  });

  it('no token, an invalid token: 401 GEN-UNAUTHORIZED on every operation', async () => {
    for (const id of ids) {
      for (const token of [null, 'mock-invalid']) {
        // expect.soft: a failure names every operation that breaks the rule, not only the first.
        const reply = await op(id, {}, { token });
        expect.soft(reply.status, `${id} ${token}`).toBe(401);
        expect.soft(reply.body.error.code, `${id} ${token}`).toBe('GEN-UNAUTHORIZED');
      }
    }
  });

  it.each([
    ['mock-trial', 'PAID-SUBSCRIPTION-REQUIRED'],
    ['mock-unsubscribed', 'SUBSCRIPTION-REQUIRED'],
    ['mock-unverified', 'EMAIL-NOT-VERIFIED'],
  ])('%s: 403 %s on every gated operation, before ownership, credit and validation checks', async (token, code) => {
    for (const id of ids) {
      // No body and an id that does not exist: the gate must still answer first.
      const reply = await op(id, { faceless: 999999, id: 999999, storyboard: 999999, scene: 1, asset: 1 }, { token });
      if (UNGATED.has(id)) {
        expect.soft(reply.status, id).toBe(200);
      } else {
        expect.soft(reply.status, id).toBe(403);
        expect.soft(reply.body.error?.code, id).toBe(code);
      }
    }
  });

  it('GET /me shows what each token is', async () => {
    expect((await op('getMe', {}, { token: 'mock-trial' })).body.data.subscription).toMatchObject({ trial: true, active: true });
    expect((await op('getMe', {}, { token: 'mock-unsubscribed' })).body.data.subscription).toMatchObject({ active: false, exists: false });
    expect((await op('getMe', {}, { token: 'mock-unverified' })).body.data.email_verified).toBe(false);
    expect((await op('getMe', {}, { token: 'mock-broke' })).body.data.credits.remaining).toBe(0);
    const paid = (await op('getMe', {}, { token: 'someone' })).body.data;
    expect(paid.credits.remaining).toBeGreaterThan(0);
    expect(paid.subscription).toMatchObject({ active: true, trial: false });
  });
});

describe("render preconditions, before any charge (checked in the mock's order: the source gives none)", () => {
  const preconditions = model.operation('renderFacelessVideo').operation['x-render-preconditions'] ?? [];

  it('each failing precondition answers its status and exact message, and costs nothing', async () => {
    const token = 'preconditions';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'ai-visuals' } })).body.data.id;
    // Fix one precondition after the other, checking that each is the one reported (in the
    // mock's order, the contract's list order).
    const fixes: Record<string, () => Promise<unknown>> = {
      no_script: () => op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'A script' } }),
      no_voice: () => op('updateFacelessVideo', { faceless: id }, { token, body: { voice_id: 987654 } }),
      unknown_voice: () => op('updateFacelessVideo', { faceless: id }, { token, body: { voice_id: 17 } }),
      genre_missing: () => op('updateFacelessVideo', { faceless: id }, { token, body: { genre_id: 3 } }),
    };
    const start = await balance(token);
    for (const pre of preconditions.filter((p) => fixes[p.key])) {
      const reply = await op('renderFacelessVideo', { faceless: id }, { token });
      expect(reply.status, pre.condition).toBe(pre.status);
      expect(reply.body.message, pre.condition).toBe(pre.message);
      if (pre.field) expect(reply.body.errors[pre.field]).toEqual([pre.message]);
      await fixes[pre.key]();
    }
    expect(await balance(token)).toBe(start);
    expect((await op('renderFacelessVideo', { faceless: id }, { token })).status).toBe(202);
    const busy = preconditions.find((p) => p.key === 'busy')!;
    const again = await op('renderFacelessVideo', { faceless: id }, { token });
    expect([again.status, again.body.message]).toEqual([busy.status, busy.message]);
  });

  it('credits below cost: 402 INSUFFICIENT-CREDITS with required and available, checked before the url-based rule', async () => {
    const token = 'mock-broke';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'url-based' } })).body.data.id;
    await op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'A script', voice_id: 17 } });
    const reply = await op('renderFacelessVideo', { faceless: id }, { token });
    const price = (await op('estimateFacelessRender', { faceless: id }, { token })).body.data.credits;
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({ error: { code: 'INSUFFICIENT-CREDITS' }, required: price, available: 0 });
  });

  it('url-based with no scraped assets: 422 naming assets', async () => {
    const pre = preconditions.find((p) => p.field === 'assets')!;
    const id = (await op('createFacelessVideo', {}, { body: { type: 'url-based' } })).body.data.id;
    await op('updateFacelessVideo', { faceless: id }, { body: { script: 'A script', voice_id: 17 } });
    const reply = await op('renderFacelessVideo', { faceless: id });
    expect(reply.status).toBe(pre.status);
    expect(Object.keys(reply.body.errors)).toEqual(['assets']);
  });
});

describe('money', () => {
  it('every charging call is 402 for mock-broke, with required and available, and charges nothing', async () => {
    const token = 'mock-broke';
    // Creating a voice clone charges only when it buys a slot: it has its own test below.
    const charging = ids.filter((id) => operations[id].credits.charges && !operations[id].path.includes('{') && id !== 'createVoiceClone');
    expect(charging.length).toBeGreaterThan(0);
    for (const id of charging) {
      const bodies: Partial<Record<OperationId, unknown>> = {
        createTextToVideo: { model: 'kling-2-1', prompt: 'A red fox trotting through snow' },
        createLaunchClip: { product_name: 'A', domain: 'a.io', idea: 'b' },
        discoverIdeas: { keyword: 'espresso', network: 'youtube' },
      };
      const reply = await op(id, {}, { token, body: bodies[id] });
      expect(reply.status, id).toBe(402);
      expect(reply.body.available).toBe(0);
      expect(reply.body.required).toBeGreaterThan(0);
    }
    expect((await op('listCreditHistory', {}, { token })).body.data).toEqual([]);
  });

  it('voice clones: free while slots last; then 403 unless purchase_addon buys one (402 when short)', async () => {
    const sample = { filename: 'a.mp3', type: 'audio/mpeg', data: 'ID3' };
    const clone = (token: string, extra: Record<string, string> = {}) =>
      op(
        'createVoiceClone',
        {},
        { token, ...multipart({ terms: 'true', name: 'Narrator', gender: 'female', 'samples[]': sample, ...extra }) },
      );
    for (const token of ['slots', 'mock-broke']) {
      const slots = (await op('getVoiceCloneSlots', {}, { token })).body.data;
      const start = await balance(token);
      for (let i = 0; i < slots.available; i += 1) expect((await clone(token)).status).toBe(200);
      expect(await balance(token)).toBe(start);
      expect((await op('getVoiceCloneSlots', {}, { token })).body.data.available).toBe(0);
      const full = await clone(token);
      expect([full.status, full.body.error.code]).toEqual([403, 'REACH-PLAN-LIMIT']);
      const bought = await clone(token, { purchase_addon: 'true' });
      if (token === 'mock-broke') {
        expect([bought.status, bought.body.required, bought.body.available]).toEqual([402, slots.cost, 0]);
      } else {
        expect(bought.status).toBe(200);
        expect(bought.body.meta.credits).toEqual({ cost: slots.cost, remaining: start - slots.cost });
        expect(bought.body.data.name).toBe('Narrator');
      }
    }
  });

  it('ledger: signed entries, newest first, paginated, ASC on request', async () => {
    const token = 'ledger';
    for (let i = 0; i < 3; i += 1) await op('discoverIdeas', {}, { token, body: { keyword: `k${i}`, network: 'youtube' } });
    await op('createLaunchClip', {}, { token, body: { product_name: 'A', domain: 'a.io', idea: 'b' } });
    const page1 = await op('listCreditHistory', {}, { token, query: { per_page: '2' } });
    expect(page1.body.meta).toEqual({ current_page: 1, per_page: 2, total: 4 });
    expect(page1.body.data[0].credit_spend).toBe(`-${operations.createLaunchClip.credits.cost}`);
    expect(page1.body.data[1].credit_spend).toBe(`-${operations.discoverIdeas.credits.cost}`);
    expect(page1.body.links.next).toContain('page=2');
    const page2 = await op('listCreditHistory', {}, { token, query: { per_page: '2', page: '2' } });
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.links.next).toBeNull();
    const asc = await op('listCreditHistory', {}, { token, query: { order: 'ASC' } });
    expect(asc.body.data.at(-1).credit_spend).toBe(`-${operations.createLaunchClip.credits.cost}`);
    const dates = page1.body.data.concat(page2.body.data).map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await op('listCreditHistory', {}, { token, query: { per_page: '51' } })).status).toBe(422);
  });
});

describe('errors in the API envelope', () => {
  it("unknown id and another token's resource: 404 GEN-NOT-FOUND", async () => {
    const id = (await op('createFacelessVideo', {}, { token: 'owner', body: { type: 'b-roll' } })).body.data.id;
    expect((await op('getFacelessVideo', { faceless: id }, { token: 'owner' })).status).toBe(200);
    for (const reply of [
      await op('getFacelessVideo', { faceless: id }, { token: 'intruder' }),
      await op('getFacelessVideo', { faceless: 'nope' }),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body.error.code).toBe('GEN-NOT-FOUND');
    }
    expect((await op('renderFacelessVideo', { faceless: id }, { token: 'intruder' })).status).toBe(404);
  });

  it('include outside the allowlist (the mock allows none): 400 GEN-WRONG-ARGS', async () => {
    const id = (await op('createFacelessVideo', {}, { body: { type: 'b-roll' } })).body.data.id;
    const reply = await op('getFacelessVideo', { faceless: id }, { query: { include: 'scenes' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('GEN-WRONG-ARGS');
  });

  it("malformed JSON: 400 GEN-WRONG-ARGS (the source's code for malformed arguments); wrong types: 422 with an errors map from Prism's violations", async () => {
    const malformed = await call(mock.base, 'POST', '/faceless', { raw: '{"type": ', headers: { 'content-type': 'application/json' } });
    expectConforms('createFacelessVideo', malformed);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('GEN-WRONG-ARGS');
    expect(Object.keys(malformed.body.errors)).toEqual(['body']);
    const wrong = await op('createLaunchClip', {}, { body: { product_name: 5, domain: 'a.io' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['idea', 'product_name']);
    expect(wrong.body.errors.product_name[0]).toMatch(/string/);
  });

  it("an empty value a query parameter's schema does not accept is a 422 naming it, like any value the schema refuses", async () => {
    for (const [id, query, refused] of [
      ['listIdeas', { page: '', keyword: 'x' }, 'abc'],
      ['listCreditHistory', { per_page: '' }, '0'],
      ['listCreditHistory', { order: '' }, 'sideways'],
    ] as const) {
      const name = Object.keys(query)[0];
      const empty = await op(id, {}, { query });
      const wrong = await op(id, {}, { query: { ...query, [name]: refused } });
      for (const reply of [empty, wrong]) {
        expect(reply.status, `${id} ${name}`).toBe(422);
        expect(Object.keys(reply.body.errors), id).toEqual([name]);
      }
    }
    expect((await op('listIdeas', {}, { query: { keyword: '' } })).status).toBe(200); // an empty string is a string
    expect((await op('getFacelessOptions', {}, { query: { only: '' } })).status).toBe(200); // an empty array
  });

  it('unknown path 404 and wrong method 405 with Allow, in the envelope', async () => {
    const unknown = await call(mock.base, 'GET', '/nowhere');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'GEN-NOT-FOUND']);
    const outside = await call(mock.base.replace('/v2', ''), 'GET', '/me');
    expect(outside.status).toBe(404);
    const wrong = await call(mock.base, 'DELETE', '/me');
    expectConforms('getMe', wrong);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(wrong.body.message).toEqual(expect.any(String));
  });
});

describe("Prism's controls", () => {
  it('Prefer: example=<state> answers that named example; code=… that status; state and credits untouched', async () => {
    const token = 'prefer';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
    const completed = await op('getFacelessVideo', { faceless: id }, { token, headers: { prefer: 'example=completed' } });
    expect(completed.body.data.video.status).toBe('completed');
    expect((await op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status).toBeNull();
    const notFound = await op('getFacelessVideo', { faceless: id }, { token, headers: { prefer: 'code=404' } });
    expect([notFound.status, notFound.body.error.code]).toEqual([404, 'GEN-NOT-FOUND']);
    const before = await balance(token);
    const forced = await op(
      'createLaunchClip',
      {},
      { token, headers: { prefer: 'example=planning' }, body: { product_name: 'A', domain: 'a.io', idea: 'b' } },
    );
    expect(forced.status).toBe(201);
    expect(await balance(token)).toBe(before);
  });

  it('Prefer: dynamic=true generates a body from the schema that still conforms', async () => {
    const reply = await op('getCreditCosts', {}, { headers: { prefer: 'dynamic=true' } });
    expect(reply.status).toBe(200);
  });

  it('a Prefer the contract cannot satisfy is a 422 envelope naming Prefer (after the gate)', async () => {
    for (const prefer of ['code=abc', 'code=418', 'example=no_such_example']) {
      const reply = await op('getFacelessOptions', {}, { headers: { prefer } });
      expect(reply.status, prefer).toBe(422);
      expect(reply.body.errors, prefer).toHaveProperty('Prefer');
      // GET /me documents no 422: the control is ignored, said in a header, and the answer conforms.
      const me = await op('getMe', {}, { headers: { prefer } });
      expect(me.status, prefer).toBe(200);
      expect(me.headers.get('x-mock-prefer-ignored'), prefer).toBeTruthy();
    }
    expect((await op('getFacelessOptions', {}, { token: 'mock-trial', headers: { prefer: 'code=418' } })).status).toBe(403);
  });
});

describe('auto top-up', () => {
  it('starts disabled; enabling validates units; disabling keeps the configuration', async () => {
    const token = 'topup';
    expect((await op('getAutoTopup', {}, { token })).body.data.enabled).toBe(false);
    expect((await op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'dynamic-credits', units: 7 } })).status).toBe(422);
    expect((await op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'dynamic-credits', units: 200000 } })).status).toBe(422);
    expect((await op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'extra-credits' } })).status).toBe(422);
    expect((await op('updateAutoTopup', {}, { token, body: { enabled: true } })).status).toBe(422);
    const on = await op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'dynamic-credits', units: 150 } });
    expect(on.body.data).toMatchObject({ enabled: true, type: 'dynamic-credits', units: 150 });
    const off = await op('updateAutoTopup', {}, { token, body: { enabled: false, type: 'extra-credits', units: 3 } });
    expect(off.body.data).toMatchObject({ enabled: false, type: 'dynamic-credits', units: 150 });
    expect((await op('getAutoTopup', {}, { token })).body.data).toMatchObject({ enabled: false, units: 150 });
  });

  it('enabling without a saved payment method is 422', async () => {
    const reply = await op(
      'updateAutoTopup',
      {},
      { token: 'mock-no-payment-method', body: { enabled: true, type: 'dynamic-credits', units: 5 } },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toHaveProperty('enabled');
  });
});

describe('headers', () => {
  it('rate-limit headers on every answer, errors included; CORS for browsers', async () => {
    for (const reply of [await op('getMe'), await op('getMe', {}, { token: null }), await call(mock.base, 'GET', '/nowhere')]) {
      expect(Number(reply.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(reply.headers.get('x-ratelimit-remaining')).not.toBeNull();
    }
    const cors = await call(mock.base, 'GET', '/me', { headers: { origin: 'http://localhost:5173' } });
    expect(cors.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const preflight = await fetch(`${mock.base}/faceless`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect((await call(mock.base, 'OPTIONS', '/me')).status).toBe(405);
  });

  it('MOCK_RATE_LIMIT: 429 with Retry-After and X-RateLimit-Reset, per token (none without a token)', async () => {
    const limited = await startMock({ MOCK_RATE_LIMIT: '3' });
    try {
      const replies = [];
      for (let i = 0; i < 4; i += 1) replies.push(await call(limited.base, 'GET', '/me', { token: 'fast' }));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(replies.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      const last = replies[3];
      expectConforms('getMe', last);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(last.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect((await call(limited.base, 'GET', '/me', { token: 'other' })).status).toBe(200);
      // Without a token a request is nobody's (the mock's choice): 401 every time, never 429.
      const anonymous = [];
      for (let i = 0; i < 5; i += 1) anonymous.push(await call(limited.base, 'GET', '/me', { token: null }));
      expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
      expect(anonymous.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '3', '3', '3', '3']);
    } finally {
      await limited.stop();
    }
  });

  it('MOCK_RATE_LIMIT counts on the mock clock: advancing it a minute lifts the limit, a stopped clock never does', async () => {
    const limited = await startMock({ MOCK_RATE_LIMIT: '2', MOCK_CLOCK: 'manual' });
    try {
      const statuses = async (n: number) => {
        const out = [];
        for (let i = 0; i < n; i += 1) out.push((await call(limited.base, 'GET', '/me', { token: 'clocked' })).status);
        return out;
      };
      expect(await statuses(3)).toEqual([200, 200, 429]);
      const control = new URL('/__mock/clock/advance', limited.base);
      const advance = (ms: number) =>
        fetch(control, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
      expect((await advance(59_000)).status).toBe(200);
      expect(await statuses(1)).toEqual([429]);
      expect((await advance(1_000)).status).toBe(200);
      expect(await statuses(3)).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('robustness', () => {
  it('an id that is not valid UTF-8 is an unknown id (404), not a fault', async () => {
    const reply = await call(mock.base, 'POST', '/ai-visuals/%F2%AF%A0%9C/assets/upload', {
      raw: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expectConforms('uploadAiVisualsAsset', reply);
    expect(reply.status).toBe(404);
  });

  it('multipart part names Prism cannot percent-decode are not a fault', async () => {
    const id = (await op('createAiVisualsVideo', {}, { body: {} })).body.data.id;
    const reply = await call(mock.base, 'POST', `/ai-visuals/${id}/assets/upload`, {
      raw: '--b\r\nContent-Disposition: form-data; name="50%Ña"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name=""\r\n\r\nnull\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expectConforms('uploadAiVisualsAsset', reply);
    expect(reply.status).toBe(200);
  });

  it("a multipart body Prism's parser chokes on is a 400 GEN-WRONG-ARGS (after the gate), not a fault", async () => {
    const options = {
      raw: '--b\r\nContent-Disposition: form-data; name="name"; broken\r\n\r\nMira\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    };
    const reply = await call(mock.base, 'POST', '/characters', { token: 'choke', ...options });
    expectConforms('createCharacter', reply);
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('GEN-WRONG-ARGS');
    expect(reply.body.errors).toHaveProperty('body');
    expect((await call(mock.base, 'POST', '/characters', { token: 'mock-trial', ...options })).status).toBe(403);
    expect((await op('listCharacters', {}, { token: 'choke' })).body.data).toEqual([]);
  });

  it('a multipart body without parts is a 400 GEN-WRONG-ARGS, and nothing is created', async () => {
    const reply = await call(mock.base, 'POST', '/characters', {
      token: 'no-parts',
      raw: '--b\r\n[]\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expectConforms('createCharacter', reply);
    expect(reply.status).toBe(400);
    expect((await op('listCharacters', {}, { token: 'no-parts' })).body.data).toEqual([]);
  });

  it('one log line per request, and the process keeps serving after bad input', async () => {
    await call(mock.base, 'POST', '/text-to-video', { raw: '\u0000garbage', headers: { 'content-type': 'application/json' } });
    await call(mock.base, 'POST', '/voice-clones', { raw: 'not multipart', headers: { 'content-type': 'multipart/form-data' } });
    const stamp = Date.now();
    await call(mock.base, 'GET', `/credits/costs?marker=${stamp}`);
    const line = `GET /v2/credits/costs?marker=${stamp} -> 200`;
    await pollUntil(async () => mock.logs().includes(line), Boolean);
    expect(
      mock
        .logs()
        .split('\n')
        .filter((l) => l.includes(`marker=${stamp}`)),
    ).toHaveLength(1);
    expect((await op('getMe')).status).toBe(200);
  });
});
