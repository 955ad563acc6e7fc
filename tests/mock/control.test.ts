// The mock's control plane (/__mock) over real HTTP against the real `npm start` process: every
// row of the control table, with the manual clock. What a state carries, which states a machine
// has and where it refunds are read from the contract, never typed here.
import { describe, expect, it } from 'vitest';
import { mockContract } from '../../mock/contract.js';
import { call, useMock, type CallOptions } from '../support/mock-harness.js';

const mock = useMock({ MOCK_CLOCK: 'manual', MOCK_STEP_MS: '1000' });
const { op, balance } = mock;
const contract = mockContract();
const origin = () => mock.base.replace(/\/v2$/, '');
const control = (method: string, path: string, options: CallOptions = {}) =>
  call(origin(), method, `/__mock${path}`, { token: null, ...options });

const machine = (name: string) => contract.stateMachines().find((m) => m.name === name)!;
const facelessMachine = contract.stateMachines().find((m) => m.pollOperationIds.includes('getFacelessVideo'))!;
const t2vMachine = contract.stateMachines().find((m) => m.pollOperationIds.includes('getTextToVideo'))!;

/** A faceless draft with script and voice, rendering: returns its id. */
async function rendering(token: string): Promise<number> {
  const id = (await op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
  await op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'Three facts about owls', voice_id: 17 } });
  expect((await op('renderFacelessVideo', { faceless: id }, { token })).status).toBe(202);
  return id;
}

const videoStatus = async (token: string, id: number) => (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status;

describe('clock', () => {
  it('MOCK_CLOCK=manual starts stopped: a render stays rendering while wall time passes', async () => {
    expect((await control('GET', '/clock')).body).toMatchObject({ mode: 'manual', stepMs: 1000 });
    const id = await rendering('clock-a');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await videoStatus('clock-a', id)).toBe('rendering');
  });

  it('advance by ms moves jobs exactly as if that much time had passed; steps count MOCK_STEP_MS each', async () => {
    const id = await rendering('clock-b');
    expect((await control('POST', '/clock/advance', { body: { ms: 999 } })).status).toBe(200);
    expect(await videoStatus('clock-b', id)).toBe('rendering');
    await control('POST', '/clock/advance', { body: { ms: 1 } });
    expect(await videoStatus('clock-b', id)).toBe(facelessMachine.transitions.find((t) => t.outcome === 'success')!.to);

    const other = await rendering('clock-b');
    const before = (await control('GET', '/clock')).body.now;
    const after = (await control('POST', '/clock/advance', { body: { steps: 1 } })).body.now;
    expect(Date.parse(after) - Date.parse(before)).toBe(1000);
    expect(await videoStatus('clock-b', other)).toBe('completed');
  });

  it('auto restarts time from where it stood; manual stops it again', async () => {
    const auto = await control('POST', '/clock', { body: { mode: 'auto' } });
    expect(auto.body.mode).toBe('auto');
    const a = Date.parse(auto.body.now);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const b = Date.parse((await control('GET', '/clock')).body.now);
    expect(b).toBeGreaterThan(a);
    const manual = await control('POST', '/clock', { body: { mode: 'manual' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await control('GET', '/clock')).body.now).toBe(manual.body.now);
  });

  it('rejects a body the control document does not allow (422 in the envelope)', async () => {
    const reply = await control('POST', '/clock/advance', { body: { ms: -5 } });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ status: 422, error: { code: 'MOCK-INVALID' } });
    expect((await control('POST', '/clock', { body: { mode: 'sideways' } })).status).toBe(422);
  });
});

describe('accounts', () => {
  it('GET shows credits, facts, resources (family, id, path, state) and the ledger', async () => {
    const id = await rendering('acct-a');
    const account = (await control('GET', '/accounts/acct-a')).body;
    expect(account).toMatchObject({ token: 'acct-a', seen: true, subscription: 'paid', email_verified: true, payment_method: true });
    expect(account.credits).toBe(await balance('acct-a'));
    expect(account.resources).toEqual([
      { family: facelessMachine.name, id, path: `/faceless/${id}`, state: 'rendering', states: facelessMachine.states },
    ]);
    expect(account.ledger.map((e: { transaction_type: string }) => e.transaction_type)).toEqual(['Debit']);
  });

  it('special tokens keep their meaning and show it; reading an unseen token does not create it', async () => {
    expect((await op('createFacelessVideo', {}, { token: 'mock-trial', body: { type: 'b-roll' } })).body.error.code).toBe(
      'PAID-SUBSCRIPTION-REQUIRED',
    );
    expect((await control('GET', '/accounts/mock-unsubscribed')).body).toMatchObject({ seen: false, subscription: 'none' });
    expect((await control('GET', '/accounts/mock-unverified')).body.email_verified).toBe(false);
    expect((await control('GET', '/accounts/mock-broke')).body.credits).toBe(0);
    expect((await control('GET', '/accounts/mock-no-payment-method')).body.payment_method).toBe(false);
    expect((await control('GET', '/accounts')).body.accounts.map((a: { token: string }) => a.token)).not.toContain('mock-broke');
  });

  it('PATCH credits: 3 credits make a charging call 402 with the real numbers', async () => {
    const token = 'acct-credits';
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
    const patched = await control('PATCH', `/accounts/${token}`, { body: { credits: 3 } });
    expect(patched.body.credits).toBe(3);
    const refused = await op('generateFacelessScript', { faceless: id }, { token, body: { topic: 'owls', duration: 60 } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: { code: 'INSUFFICIENT-CREDITS' }, available: 3 });
    expect(await balance(token)).toBe(3);
  });

  it('PATCH subscription and email_verified switch the 403 gates, and back', async () => {
    const token = 'acct-gates';
    const create = () => op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } });
    expect((await create()).status).toBe(200);
    await control('PATCH', `/accounts/${token}`, { body: { subscription: 'trial' } });
    expect((await create()).body.error.code).toBe('PAID-SUBSCRIPTION-REQUIRED');
    await control('PATCH', `/accounts/${token}`, { body: { subscription: 'none' } });
    expect((await create()).body.error.code).toBe('SUBSCRIPTION-REQUIRED');
    await control('PATCH', `/accounts/${token}`, { body: { subscription: 'paid', email_verified: false } });
    expect((await create()).body.error.code).toBe('EMAIL-NOT-VERIFIED');
    const me = await op('getMe', {}, { token });
    expect(me.body.data.email_verified).toBe(false);
    await control('PATCH', `/accounts/${token}`, { body: { email_verified: true } });
    expect((await create()).status).toBe(200);
  });

  it('PATCH payment_method: false makes enabling auto top-up 422; a special token can be lifted', async () => {
    const enable = (token: string) => op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'dynamic-credits', units: 5 } });
    await control('PATCH', '/accounts/acct-card', { body: { payment_method: false } });
    expect((await enable('acct-card')).status).toBe(422);
    await control('PATCH', '/accounts/mock-no-payment-method', { body: { payment_method: true } });
    expect((await enable('mock-no-payment-method')).status).toBe(200);
    await control('POST', '/reset', { query: { token: 'mock-no-payment-method' } });
  });

  it('PATCH refuses unknown fields and an empty body', async () => {
    expect((await control('PATCH', '/accounts/acct-x', { body: { credits: 1, plan: 'gold' } })).body.errors).toHaveProperty('plan');
    expect((await control('PATCH', '/accounts/acct-x', { body: {} })).status).toBe(422);
    expect((await control('PATCH', '/accounts/acct-x', { body: { subscription: 'gold' } })).status).toBe(422);
  });
});

describe('force', () => {
  it("moves a rendering video to failed with the failed example's fields from the contract", async () => {
    const token = 'force-a';
    const id = await rendering(token);
    const reply = await control('POST', '/force', { body: { token, path: `/faceless/${id}`, state: 'failed' } });
    expect(reply.status).toBe(200);
    const failedExample = contract.examples(contract.operation('getFacelessVideo')).failed.data.video;
    const video = (await op('getFacelessVideo', { faceless: id }, { token })).body.data.video;
    expect(video.status).toBe('failed');
    expect(video.failure).toEqual(failedExample.failure);
    // Nothing moves it on: failed is terminal.
    await control('POST', '/clock/advance', { body: { steps: 3 } });
    expect(await videoStatus(token, id)).toBe('failed');
  });

  it('refunds where the machine says so (text-to-video processing -> failed), once', async () => {
    const token = 'force-refund';
    const refundTransition = t2vMachine.transitions.find((t) => t.refund)!;
    expect(refundTransition).toBeDefined();
    const model = (await op('listTextToVideoModels', {}, { token })).body.data[0].slug;
    const created = await op('createTextToVideo', {}, { token, body: { model, prompt: 'A red fox trotting through fresh snow at dawn' } });
    const cost = created.body.meta.credits.cost;
    const path = `/text-to-video/${created.body.data.id}`;
    await control('POST', '/force', { body: { token, path, state: refundTransition.from } });
    const before = await balance(token);
    const forced = await control('POST', '/force', { body: { token, path, state: refundTransition.to } });
    expect(forced.body.refunded).toBe(cost);
    expect(await balance(token)).toBe(before + cost);
    expect((await control('POST', '/force', { body: { token, path, state: refundTransition.to } })).body.refunded).toBe(0);
    const ledger = (await control('GET', `/accounts/${token}`)).body.ledger;
    expect(ledger.at(-1)).toMatchObject({ transaction_type: 'Refund', credit_spend: `+${cost}` });
  });

  it('a state the machine lacks is 422 naming the valid ones; an unknown or foreign resource is 404', async () => {
    const id = await rendering('force-b');
    const bad = await control('POST', '/force', { body: { token: 'force-b', path: `/faceless/${id}`, state: 'exploded' } });
    expect(bad.status).toBe(422);
    for (const state of machine(facelessMachine.name).states) expect(bad.body.message).toContain(state);
    expect((await control('POST', '/force', { body: { token: 'force-b', path: '/faceless/999999', state: 'failed' } })).status).toBe(404);
    expect((await control('POST', '/force', { body: { token: 'someone-else', path: `/faceless/${id}`, state: 'failed' } })).status).toBe(
      404,
    );
    expect((await control('POST', '/force', { body: { token: 'force-b', path: `/nothing/${id}`, state: 'failed' } })).status).toBe(404);
  });
});

describe('faults', () => {
  it('the next N matching calls answer the status in the API envelope, then calls are normal', async () => {
    const added = await control('POST', '/faults', { body: { operationId: 'getMe', status: 503, count: 2 } });
    expect(added.status).toBe(201);
    expect((await control('GET', '/faults')).body.faults).toEqual([added.body]);
    for (let i = 0; i < 2; i += 1) {
      const reply = await call(mock.base, 'GET', '/me', { token: 'fault-a' });
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ status: 503, message: expect.any(String), error: { code: expect.any(String) } });
      expect(reply.headers.get('x-mock-fault')).toBe(String(added.body.id));
    }
    expect((await op('getMe', {}, { token: 'fault-a' })).status).toBe(200);
    expect((await control('GET', '/faults')).body.faults).toEqual([]);
  });

  it("a contract status answers the contract's own error example; token and * narrow or widen the match", async () => {
    await control('POST', '/faults', { body: { operationId: '*', status: 500, token: 'fault-b' } });
    expect((await call(mock.base, 'GET', '/me', { token: 'fault-other' })).status).toBe(200);
    const reply = await op('listCreditHistory', {}, { token: 'fault-b' });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual(contract.namedExample('ErrorServer'));
  });

  it('delayMs delays the answer; DELETE clears; an unknown operationId is 422', async () => {
    await control('POST', '/faults', { body: { operationId: 'getMe', delayMs: 300 } });
    const started = Date.now();
    expect((await op('getMe', {}, { token: 'fault-c' })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await control('POST', '/faults', { body: { operationId: 'getMe', status: 502, count: 5 } });
    expect((await control('DELETE', '/faults')).body).toEqual({ cleared: 1 });
    expect((await op('getMe', {}, { token: 'fault-c' })).status).toBe(200);
    const unknown = await control('POST', '/faults', { body: { operationId: 'getEverything', status: 500 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('operationId');
    expect((await control('POST', '/faults', { body: { operationId: 'getMe' } })).status).toBe(422);
  });
});

describe('journal', () => {
  it('lists calls newest first with redacted token, operationId, status and duration; filters by token and limit', async () => {
    const token = 'journal-secret-token-123';
    await op('getMe', {}, { token });
    await call(mock.base, 'GET', '/faceless/424242', { token });
    const journal = await control('GET', '/requests', { query: { token, limit: '5' } });
    expect(journal.text).not.toContain(token);
    const [newest, older] = journal.body.requests;
    expect(journal.body.requests).toHaveLength(2);
    expect(newest).toMatchObject({ method: 'GET', path: '/v2/faceless/424242', operationId: 'getFacelessVideo', status: 404 });
    expect(older).toMatchObject({ path: '/v2/me', operationId: 'getMe', status: 200 });
    expect(newest.token).toBe('journa…123');
    expect(typeof newest.durationMs).toBe('number');
    expect(Date.parse(newest.time)).toBeGreaterThanOrEqual(Date.parse(older.time));
    expect((await control('GET', '/requests', { query: { limit: '1' } })).body.requests).toHaveLength(1);
    expect((await control('GET', '/requests', { query: { limit: '0' } })).status).toBe(422);
  });
});

describe('scenario', () => {
  it('JSON: accounts with facts and resources created in given states, readable through the API', async () => {
    const reply = await control('POST', '/scenario', {
      body: {
        accounts: [
          {
            token: 'scene-a',
            credits: 7,
            subscription: 'paid',
            resources: [
              { family: 'faceless', state: 'failed' },
              { family: 'text-to-video', state: 'processing' },
            ],
          },
        ],
      },
    });
    expect(reply.status).toBe(200);
    const [account] = reply.body.accounts;
    expect(account.credits).toBe(7);
    const [video, clip] = account.resources;
    expect(video.state).toBe('failed');
    const polled = (await op('getFacelessVideo', { faceless: video.id }, { token: 'scene-a' })).body.data.video;
    expect(polled.failure).toEqual(contract.examples(contract.operation('getFacelessVideo')).failed.data.video.failure);
    // A created job keeps moving with the clock from its given state.
    await control('POST', '/clock/advance', { body: { steps: 1 } });
    const next = t2vMachine.transitions.find((t) => t.from === 'processing' && t.outcome === 'success')!.to;
    expect((await op('getTextToVideo', { id: clip.id }, { token: 'scene-a' })).body.data.asset.status).toBe(next);
  });

  it('YAML works too; a bad family or state is 422 and nothing changes', async () => {
    const yaml = 'accounts:\n  - token: scene-yaml\n    subscription: trial\n    credits: 2\n';
    const reply = await control('POST', '/scenario', { raw: yaml, headers: { 'content-type': 'application/yaml' } });
    expect(reply.status).toBe(200);
    expect((await op('createFacelessVideo', {}, { token: 'scene-yaml', body: { type: 'b-roll' } })).body.error.code).toBe(
      'PAID-SUBSCRIPTION-REQUIRED',
    );
    const bad = await control('POST', '/scenario', {
      body: { accounts: [{ token: 'scene-bad', resources: [{ family: 'faceless', state: 'nope' }] }] },
    });
    expect(bad.status).toBe(422);
    expect((await control('GET', '/accounts/scene-bad')).body.seen).toBe(false);
    expect(
      (await control('POST', '/scenario', { body: { accounts: [{ token: 'scene-bad', resources: [{ family: 'nothing', state: 'x' }] }] } }))
        .status,
    ).toBe(422);
  });
});

describe('scenario families', () => {
  it('an unknown family: 422 naming the families the mock keeps', async () => {
    const bad = await control('POST', '/scenario', {
      body: { accounts: [{ token: 'scene-family', resources: [{ family: 'nothing', state: 'x' }] }] },
    });
    // The two families this file's scenarios use are among those named.
    const said = JSON.stringify(bad.body);
    expect([bad.status, /Valid: .*\bfaceless\b/.test(said), /Valid: .*\btext-to-video\b/.test(said)]).toEqual([422, true, true]);
  });
});

describe('reset and routing', () => {
  it('reset ?token= forgets one account; reset forgets all accounts, faults and the journal', async () => {
    await op('getMe', {}, { token: 'reset-a' });
    await op('getMe', {}, { token: 'reset-b' });
    await control('PATCH', '/accounts/reset-a', { body: { credits: 1 } });
    expect((await control('POST', '/reset', { query: { token: 'reset-a' } })).body).toEqual({ reset: 'reset-a' });
    expect((await control('GET', '/accounts/reset-a')).body.seen).toBe(false);
    expect((await control('GET', '/accounts/reset-b')).body.seen).toBe(true);
    expect(await balance('reset-a')).toBeGreaterThan(1);
    await control('POST', '/faults', { body: { operationId: 'getMe', status: 500 } });
    expect((await control('POST', '/reset')).body).toEqual({ reset: 'all' });
    expect((await control('GET', '/accounts')).body.accounts).toEqual([]);
    expect((await control('GET', '/faults')).body.faults).toEqual([]);
    expect((await control('GET', '/requests')).body.requests).toEqual([]);
    expect((await control('GET', '/clock')).body.mode).toBe('manual');
  });

  it("never answers under /v2 (the API's own 404 there); unknown control routes are 404, wrong methods 405", async () => {
    const underApi = await call(mock.base, 'POST', '/__mock/reset', { token: 'route-a' });
    expect(underApi.status).toBe(404);
    expect(underApi.body).toEqual(contract.namedExample('ErrorNotFound'));
    expect((await control('GET', '/nothing')).status).toBe(404);
    const wrong = await control('DELETE', '/clock');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    const console = await control('GET', '/');
    expect(console.status).toBe(200);
    expect(console.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
