// The bodies the mock accepts and refuses where the contract declares a field's type for generators:
// `PUT /account/auto-topup`'s `type`, `plan_id` and `units` (ignored when `enabled` is false, checked
// when it is true) and the voice-clone form's `terms` (a text part the source says nothing more of).
// Declaring the types where generators read them must not change which bodies pass: every body here
// keeps the answer it had while these fields were typed only inside `if`/`then` (or not at all).
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

// Built before each test (tests/support/mock-each-test.ts says why); each call uses a token of its own.
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} }));
let calls = 0;

async function send(path: string, method: string, body: FormData | unknown): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer typed-fields-${++calls}` };
  if (!(body instanceof FormData)) headers['content-type'] = 'application/json';
  const sent = body instanceof FormData ? body : JSON.stringify(body);
  const response = await core.fetch(new Request(`http://typed-fields.test/v2${path}`, { method, headers, body: sent }));
  return response.status;
}

const ACCEPTED_TOPUPS: unknown[] = [
  { enabled: false },
  { enabled: false, type: 'monthly', plan_id: 'twelve', units: 7 },
  { enabled: false, type: null, plan_id: 1.5, units: 0 },
  { enabled: true, type: 'extra-credits', plan_id: 12 },
  { enabled: true, type: 'extra-credits', plan_id: 12, units: 5 },
  { enabled: true, type: 'dynamic-credits', units: 5 },
  { enabled: true, type: 'dynamic-credits', units: 101 },
  { enabled: true, type: 'dynamic-credits', units: 199_999, plan_id: 3 },
  { enabled: true, type: 'dynamic-credits', units: 100, note: 'a field the contract does not name' },
];

const REFUSED_TOPUPS: unknown[] = [
  {},
  { enabled: 'yes' },
  { enabled: null },
  { enabled: true },
  { enabled: true, type: 'monthly' },
  { enabled: true, type: null, units: 5 },
  { enabled: true, units: 5 },
  { enabled: true, type: 'extra-credits' },
  { enabled: true, type: 'extra-credits', plan_id: '12' },
  { enabled: true, type: 'extra-credits', plan_id: 1.5 },
  { enabled: true, type: 'extra-credits', plan_id: null },
  { enabled: true, type: 'extra-credits', plan_id: 12, units: 7 },
  { enabled: true, type: 'dynamic-credits' },
  { enabled: true, type: 'dynamic-credits', units: 7 },
  { enabled: true, type: 'dynamic-credits', units: 0 },
  { enabled: true, type: 'dynamic-credits', units: 200_000 },
  { enabled: true, type: 'dynamic-credits', units: '5' },
  { enabled: true, type: 'dynamic-credits', units: 5, plan_id: 'x' },
];

describe('PUT /account/auto-topup: which bodies pass', () => {
  it('accepts a disabling body whatever else it holds, and an enabling one with its type and its plan or units', async () => {
    const statuses = [];
    for (const body of ACCEPTED_TOPUPS) statuses.push([body, await send('/account/auto-topup', 'PUT', body)]);
    expect(statuses).toEqual(ACCEPTED_TOPUPS.map((body) => [body, 200]));
  });

  it('refuses an enabling body without a known type, without its plan or units, or with either mistyped', async () => {
    const statuses = [];
    for (const body of REFUSED_TOPUPS) statuses.push([body, await send('/account/auto-topup', 'PUT', body)]);
    expect(statuses).toEqual(REFUSED_TOPUPS.map((body) => [body, 422]));
  });
});

/** The voice-clone form with `terms` as given: a text value, a file part, or left out (undefined). */
function cloneForm(terms: string | Blob | undefined): FormData {
  const form = new FormData();
  if (terms !== undefined) form.append('terms', terms);
  form.append('name', 'Narrator');
  form.append('gender', 'female');
  form.append('samples[]', new File(['RIFF....WAVE'], 'take.wav', { type: 'audio/wav' }));
  return form;
}

describe('POST /voice-clones: which terms pass', () => {
  it('accepts any text (reserved characters and an empty one too) and a part sent as a JSON file (what a generator that sees no type sends)', async () => {
    const sent = ['true', 'false', 'yes', '1', 'I agree', 'yes & no? a/b#c=d+e', '', new Blob(['true'], { type: 'application/json' })];
    const statuses = [];
    for (const terms of sent) statuses.push(await send('/voice-clones', 'POST', cloneForm(terms)));
    expect(statuses).toEqual(sent.map(() => 200));
  });

  it('refuses a form without terms', async () => {
    expect(await send('/voice-clones', 'POST', cloneForm(undefined))).toBe(422);
  });
});
