// Scenarios (mock/control/scenario.ts) and accounts as the control API shows them
// (mock/control/accounts.ts), in process through the core's fetch function: what a scenario creates
// (ids fresh or kept, a recorded resource's fields, jobs that go on from their state), what it
// refuses before anything changes, and an account's view (facts, resources with their paths and
// states, the ledger in the order it was written).
import { describe, expect, it } from 'vitest';
import { requestExample } from '../support/contract.js';
import { createMockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

const origin = 'http://127.0.0.1:4010';
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1', MOCK_STEP_MS: '1000', MOCK_CLOCK: 'manual' }, log: () => {} }));

async function send(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const reply = await core.fetch(
    new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: reply.status, body: (await reply.json()) as any };
}

const scenario = (accounts: unknown[], extra: Record<string, unknown> = {}) => send('POST', '/__mock/scenario', { accounts, ...extra });
const account = async (token: string) => (await send('GET', `/__mock/accounts/${token}`)).body;

describe('what a scenario creates', () => {
  it("an account with its facts, and resources in the states given, each at its family's path", async () => {
    const loaded = await scenario([
      {
        token: 'world-1',
        credits: 12,
        subscription: 'trial',
        email_verified: false,
        payment_method: true,
        resources: [
          { family: 'faceless', state: 'completed' },
          { family: 'launch-clips', state: 'briefed' },
        ],
      },
    ]);
    expect(loaded.status).toBe(200);
    const view = await account('world-1');
    expect({ ...view, resources: undefined, ledger: undefined }).toEqual({
      token: 'world-1',
      ref: view.ref,
      seen: true,
      credits: 12,
      subscription: 'trial',
      email_verified: false,
      payment_method: true,
      resources: undefined,
      ledger: undefined,
    });
    expect(view.resources.map((r: any) => [r.family, r.path, r.state])).toEqual([
      ['FacelessVideoStatus', `/faceless/${view.resources[0].id}`, 'completed'],
      ['LaunchClipStatus', `/launch-clips/${view.resources[1].id}`, 'briefed'],
    ]);
    expect(view.resources[1].states).toEqual(['planning', 'briefed', 'rendering', 'completed', 'failed']);
    expect(view.ledger).toEqual([]);
  });

  it('fresh ids, different for each resource, unless the entry gives one; the resource is read at its id', async () => {
    await scenario([
      {
        token: 'world-2',
        resources: [
          { family: 'text-to-video', state: 'success' },
          { family: 'text-to-video', state: 'draft' },
          { family: 'text-to-video', state: 'processing', id: 4711 },
        ],
      },
    ]);
    const ids = (await account('world-2')).resources.map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toBe(4711);
    const read = await send('GET', '/v2/text-to-video/4711', undefined, 'world-2');
    expect([read.status, read.body.data.id, read.body.data.asset.status]).toEqual([200, 4711, 'processing']);
  });

  it("a recorded resource's fields as given, its id the entry's", async () => {
    await scenario([
      {
        token: 'world-3',
        resources: [{ family: 'launch-clips', state: 'completed', id: 88, data: { id: 99, product_name: 'Kiln', extra_field: 'kept' } }],
      },
    ]);
    const read = await send('GET', '/v2/launch-clips/88', undefined, 'world-3');
    expect([read.body.data.id, read.body.data.product_name, read.body.data.extra_field, read.body.data.status]).toEqual([
      88,
      'Kiln',
      'kept',
      'completed',
    ]);
  });

  it('a job loaded mid-way goes on from its state when the clock moves', async () => {
    await scenario([{ token: 'world-4', resources: [{ family: 'launch-clips', state: 'rendering', id: 5 }] }]);
    await send('POST', '/__mock/clock/advance', { steps: 1 });
    const read = await send('GET', '/v2/launch-clips/5', undefined, 'world-4');
    expect(read.body.data.status).toBe('completed');
  });

  it('reset: true forgets the world first; without it, the scenario adds to it', async () => {
    await scenario([{ token: 'kept-a', credits: 1 }]);
    await scenario([{ token: 'kept-b', credits: 2 }]);
    expect((await send('GET', '/__mock/accounts')).body.accounts).toHaveLength(2);
    await scenario([{ token: 'only-c', credits: 3 }], { reset: true });
    const listed = (await send('GET', '/__mock/accounts')).body.accounts;
    expect(listed.map((a: { credits: number }) => a.credits)).toEqual([3]);
  });

  it('clock: the mode to run in', async () => {
    await scenario([], { clock: 'auto' });
    expect((await send('GET', '/__mock/clock')).body.mode).toBe('auto');
  });
});

describe('a PATCH of an account', () => {
  it('changes the facts it names and no other', async () => {
    await scenario([{ token: 'patched', credits: 12, subscription: 'trial', email_verified: false, payment_method: true }]);
    const facts = async () => {
      const { credits, subscription, email_verified, payment_method } = await account('patched');
      return { credits, subscription, email_verified, payment_method };
    };
    await send('PATCH', '/__mock/accounts/patched', { credits: 3 });
    expect(await facts()).toStrictEqual({ credits: 3, subscription: 'trial', email_verified: false, payment_method: true });
    await send('PATCH', '/__mock/accounts/patched', { subscription: 'paid' });
    expect(await facts()).toStrictEqual({ credits: 3, subscription: 'paid', email_verified: false, payment_method: true });
    await send('PATCH', '/__mock/accounts/patched', { email_verified: true });
    expect(await facts()).toStrictEqual({ credits: 3, subscription: 'paid', email_verified: true, payment_method: true });
    await send('PATCH', '/__mock/accounts/patched', { payment_method: false });
    expect(await facts()).toStrictEqual({ credits: 3, subscription: 'paid', email_verified: true, payment_method: false });
  });
});

describe('what a scenario refuses, leaving the mock as it was', () => {
  it.each([
    [
      'a token always refused',
      [{ token: 'an-invalid-one' }],
      'accounts.0.token',
      'The token an-invalid-one is always refused by the mock (401), so it cannot hold an account.',
    ],
    [
      'the same id twice in one family',
      [
        { token: 'fine' },
        {
          token: 't',
          resources: [
            { family: 'faceless', state: 'completed', id: 3 },
            { family: 'faceless', state: 'failed', id: 3 },
          ],
        },
      ],
      'accounts.1.resources.1.id',
      'faceless 3 is listed twice for this account.',
    ],
    [
      'one resource twice, under two families of its machine',
      [
        {
          token: 't',
          resources: [
            { family: 'faceless', state: 'completed', id: 3 },
            { family: 'b-roll', state: 'failed', id: 3 },
          ],
        },
      ],
      'accounts.0.resources.1.id',
      'b-roll 3 is listed twice for this account (as faceless 3: one resource).',
    ],
    [
      'a state its machine lacks',
      [{ token: 't', resources: [{ family: 'voice-clones', state: 'melting' }] }],
      'accounts.0.resources.0.state',
      'melting is not a state of VoiceCloneStatus. Valid states: completed.',
    ],
    [
      'data showing a status its machine lacks',
      [{ token: 't', resources: [{ family: 'launch-clips', state: 'completed', data: { status: 'melting' } }] }],
      'accounts.0.resources.0.data.status',
      'The data.status given is not a state of LaunchClipStatus. Valid states: planning, briefed, rendering, completed, failed.',
    ],
  ])('%s: 422 naming the field', async (_case, accounts, field, message) => {
    const refused = await scenario(accounts as unknown[]);
    expect([refused.status, refused.body.message, refused.body.errors]).toEqual([422, message, { [field]: [message] }]);
    expect((await send('GET', '/__mock/accounts')).body.accounts).toEqual([]);
  });

  it('the same id in two machines, two ids in one family, or twice without ids, is fine', async () => {
    const loaded = await scenario([
      {
        token: 'twins',
        resources: [
          { family: 'faceless', state: 'completed', id: 3 },
          { family: 'launch-clips', state: 'completed', id: 3 },
          { family: 'faceless', state: 'failed', id: 4 },
          { family: 'faceless', state: 'failed' },
          { family: 'faceless', state: 'failed' },
        ],
      },
    ]);
    expect(loaded.status).toBe(200);
    expect((await account('twins')).resources).toHaveLength(5);
  });
});

describe("an account's ledger", () => {
  it('in the order it was written, also within one instant of the clock, without its bookkeeping fields', async () => {
    const token = 'ledger-order';
    const clip = { product_name: 'Kiln', domain: 'kiln.example', idea: 'A timer for potters' };
    const video = requestExample('createTextToVideo');
    expect((await send('POST', '/v2/text-to-video', video, token)).status).toBeLessThan(300);
    expect((await send('POST', '/v2/launch-clips', clip, token)).status).toBeLessThan(300);
    expect((await send('POST', '/v2/text-to-video', video, token)).status).toBeLessThan(300);
    const ledger = (await account(token)).ledger as { label: string; created_at: string }[];
    expect(new Set(ledger.map((entry) => entry.created_at)).size).toBe(1);
    expect(ledger.map((entry) => entry.label)).toEqual([ledger[0].label, 'Create a launch clip', ledger[0].label]);
    expect(ledger[0].label).not.toBe('Create a launch clip');
    expect(ledger.every((entry) => !('seq' in entry) && !('at' in entry))).toBe(true);
  });

  it('in time order: refunds noticed together are dated when each job failed', async () => {
    const token = 'ledger-late-refunds';
    // A launch clip takes more steps to fail than a text-to-video asset: made first, it fails last.
    const clip = { product_name: 'Kiln', domain: 'kiln.example', idea: 'A timer for potters mock:fail' };
    expect((await send('POST', '/v2/launch-clips', clip, token)).status).toBeLessThan(300);
    const video = requestExample('createTextToVideo') as { prompt: string };
    expect((await send('POST', '/v2/text-to-video', { ...video, prompt: `${video.prompt} mock:fail` }, token)).status).toBeLessThan(300);
    await send('POST', '/__mock/clock/advance', { steps: 10 });
    // One read notices both failures at once.
    await send('GET', '/v2/me', undefined, token);
    const ledger = (await account(token)).ledger as { transaction_type: string; content_type: string; created_at: string }[];
    const refunds = ledger.filter((entry) => entry.transaction_type === 'Refund');
    expect(refunds.map((entry) => entry.content_type)).toEqual(['text_to_video', 'launch_clips']);
    const times = ledger.map((entry) => Date.parse(entry.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.parse(refunds[0].created_at)).toBeLessThan(Date.parse(refunds[1].created_at));
  });
});
