// PROXY_RECORD in process (qa/proxy/record.ts): which answers become a resource of the scenario,
// what the profile tells of the account, the file written on stop, and a recorder that cannot read
// an exchange never stopping the proxy's check of it. tests/qa/record.test.ts loads such a file into
// a second mock through the command.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ContractModel } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import type { Observed } from '../../qa/checker/types.js';
import { RecordingChecker, ScenarioRecorder } from '../../qa/proxy/record.js';
import { testTempDir } from '../support/temp-dirs.js';

const contract = ContractModel.load();
const TOKEN = 'record-resources-token-7';

function exchange(method: string, urlPath: string, status: number, body: unknown, token = TOKEN): Observed {
  return {
    method,
    path: urlPath,
    query: new URLSearchParams(),
    requestHeaders: { authorization: `Bearer ${token}` },
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    at: 0,
  };
}

/** The contract's named example of an operation's success answer. */
const example = (operationId: string, name: string) =>
  structuredClone(contract.examples(contract.operation(operationId))[name]) as { data: Record<string, any> };

const recorded = (recorder: ScenarioRecorder) =>
  (recorder.scenario() as { accounts: { token: string; resources: Record<string, unknown>[]; [k: string]: unknown }[] }).accounts;

describe('the resources a recording keeps', () => {
  it("a machine's resource read or created, with its id, its last state and its fields", () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const draft = example('getTextToVideo', 'draft');
    const done = example('getTextToVideo', 'success');
    done.data.id = draft.data.id;
    recorder.observe(exchange('GET', `/text-to-video/${draft.data.id}`, 200, draft));
    recorder.observe(exchange('GET', `/text-to-video/${draft.data.id}`, 200, done));
    const [account] = recorded(recorder);
    expect(account.resources).toEqual([{ family: 'text-to-video', id: draft.data.id, state: 'success', data: done.data }]);
  });

  it('the same id in two families is two resources', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const clip = example('getTextToVideo', 'processing');
    const video = example('getFacelessVideo', 'rendering');
    clip.data.id = 5;
    video.data.id = 5;
    recorder.observe(exchange('GET', '/text-to-video/5', 200, clip));
    recorder.observe(exchange('GET', '/faceless/5', 200, video));
    expect(recorded(recorder)[0].resources.map((r) => [r.family, r.id])).toEqual([
      ['text-to-video', 5],
      ['faceless', 5],
    ]);
  });

  it('no resource from an answer without an id, a list, a refusal, an unknown path or a state the machine lacks', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    // Auto top-up has a machine, but it is the account's, not a resource with an id.
    recorder.observe(exchange('GET', '/auto-topup', 200, { message: 'Success.', data: { enabled: true } }));
    recorder.observe(exchange('GET', '/text-to-video/9', 200, { message: 'Success.', data: [example('getTextToVideo', 'draft').data] }));
    recorder.observe(exchange('GET', '/text-to-video/9', 404, { message: 'Not found.', error: { code: 'NOT-FOUND' } }));
    recorder.observe(exchange('GET', '/no-such-family/9', 200, example('getTextToVideo', 'draft')));
    const odd = example('getTextToVideo', 'draft');
    odd.data.asset.status = 'melting';
    recorder.observe(exchange('GET', '/text-to-video/9', 200, odd));
    recorder.observe(exchange('GET', '/text-to-video/9', 200, 'not json'));
    const [account] = recorded(recorder);
    expect(account.resources).toEqual([]);
  });

  it('an id given as a string is kept as a string', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const clip = example('getTextToVideo', 'success');
    clip.data.id = 'tv_81';
    recorder.observe(exchange('GET', '/text-to-video/tv_81', 200, clip));
    expect(recorded(recorder)[0].resources.map((r) => [r.family, r.id, r.state])).toEqual([['text-to-video', 'tv_81', 'success']]);
  });

  it('an id that is neither a number nor a string makes no resource', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const clip = example('getTextToVideo', 'success');
    clip.data.id = { nested: 1 };
    recorder.observe(exchange('GET', '/text-to-video/1', 200, clip));
    expect(recorded(recorder)[0].resources).toEqual([]);
  });

  it('what a refusal says of the account, its code nested or at the top', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    recorder.observe(exchange('GET', '/faceless/options', 403, { message: 'x', error: { code: 'EMAIL-NOT-VERIFIED' } }, 'unverified-1'));
    recorder.observe(exchange('GET', '/faceless/options', 403, { message: 'x', code: 'PAID-SUBSCRIPTION-REQUIRED' }, 'top-level-2'));
    recorder.observe(exchange('POST', '/launch-clips', 402, { message: 'x', available: 'some' }, 'odd-402-3'));
    recorder.observe(exchange('GET', '/faceless/options', 403, 'not json', 'unreadable-4'));
    recorder.observe(exchange('GET', '/faceless/options', 403, { message: 'x', error: { code: 'OTHER' }, available: 4 }, 'forbidden-5'));
    recorder.observe(exchange('POST', '/launch-clips', 402, 'not json', 'unreadable-402-6'));
    expect(recorded(recorder).map(({ resources: _r, ...a }) => a)).toStrictEqual([
      { token: 'recorded-account-1', email_verified: false },
      { token: 'recorded-account-2', subscription: 'trial' },
      { token: 'recorded-account-3' },
      { token: 'recorded-account-4' },
      { token: 'recorded-account-5' },
      { token: 'recorded-account-6' },
    ]);
  });

  it("the profile's credits, verified email and subscription, as last seen", () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const me = Object.values(contract.examples(contract.operation('getMe')))[0] as { data: Record<string, any> };
    const first = structuredClone(me);
    first.data.credits.remaining = 41;
    first.data.email_verified = true;
    first.data.subscription = { exists: true, active: true, trial: false };
    const later = structuredClone(me);
    later.data.credits.remaining = 7;
    later.data.email_verified = false;
    later.data.subscription = { exists: true, active: false, trial: false };
    recorder.observe(exchange('GET', '/me', 200, first));
    expect(recorded(recorder)[0]).toMatchObject({ credits: 41, email_verified: true, subscription: 'paid' });
    recorder.observe(exchange('GET', '/me', 200, later));
    expect(recorded(recorder)[0]).toMatchObject({ credits: 7, email_verified: false, subscription: 'none' });
    const trial = structuredClone(me);
    trial.data.subscription = { exists: true, active: true, trial: true };
    recorder.observe(exchange('GET', '/me', 200, trial));
    expect(recorded(recorder)[0].subscription).toBe('trial');
  });

  it('only the profile read says what the account has: a resource read, a write or a 300 after it change nothing', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const me = structuredClone(Object.values(contract.examples(contract.operation('getMe')))[0]) as { data: Record<string, any> };
    me.data.credits.remaining = 41;
    me.data.email_verified = true;
    me.data.subscription = { exists: true, active: true, trial: false };
    recorder.observe(exchange('GET', '/me', 200, me));
    const lookalike = { credits: { remaining: 2 }, email_verified: false, subscription: { exists: false } };
    const clip = example('getTextToVideo', 'success');
    recorder.observe(exchange('GET', `/text-to-video/${clip.data.id}`, 200, { ...clip, data: { ...clip.data, ...lookalike } }));
    recorder.observe(exchange('POST', '/text-to-video', 200, { message: 'x', data: { id: 5, ...lookalike } }));
    recorder.observe(exchange('GET', '/me', 300, { message: 'x', data: { ...me.data, ...lookalike } }));
    expect(recorded(recorder)[0]).toMatchObject({ credits: 41, email_verified: true, subscription: 'paid' });
  });

  it('a profile without a subscription object keeps what was known of it', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    recorder.observe(exchange('GET', '/faceless/options', 403, { message: 'x', error: { code: 'PAID-SUBSCRIPTION-REQUIRED' } }));
    const me = Object.values(contract.examples(contract.operation('getMe')))[0] as { data: Record<string, any> };
    const bare = structuredClone(me);
    delete bare.data.subscription;
    bare.data.email_verified = 'yes';
    recorder.observe(exchange('GET', '/me', 200, bare));
    const [account] = recorded(recorder);
    expect(account.subscription).toBe('trial');
    expect(account).not.toHaveProperty('email_verified');
    expect(account.credits).toBe(bare.data.credits.remaining);
  });
});

describe('the scenario file written on stop', () => {
  it('a YAML scenario under a folder it makes, the token nowhere, with the counts it wrote', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const clip = example('getTextToVideo', 'success');
    recorder.observe(exchange('GET', `/text-to-video/${clip.data.id}`, 200, clip));
    recorder.observe(
      exchange('GET', '/faceless/options', 403, { message: 'x', error: { code: 'SUBSCRIPTION-REQUIRED' } }, 'other-token-8'),
    );
    const file = path.join(testTempDir('qa-record-file-'), 'nested', 'deeper', 'staging.yaml');
    expect(recorder.write(file)).toEqual({ accounts: 2, resources: 1 });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Recorded by the validating proxy \(PROXY_RECORD\) on \d{4}-\d\d-\d\dT/);
    expect(text).toContain('video-api-mock --scenario staging.yaml');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('other-token-8');
    expect(YAML.parse(text)).toEqual(recorder.scenario());
    expect(YAML.parse(text)).toMatchObject({ reset: true, accounts: [{ token: 'recorded-account-1' }, { token: 'recorded-account-2' }] });
  });
});

describe('the checker that records', () => {
  it('hands each exchange to its recorder and still checks it', () => {
    const checker = new RecordingChecker({ contract });
    checker.recorder = new ScenarioRecorder(checker);
    const clip = example('getTextToVideo', 'success');
    const plain = new Checker({ contract }).check(exchange('GET', `/text-to-video/${clip.data.id}`, 200, clip));
    expect(checker.check(exchange('GET', `/text-to-video/${clip.data.id}`, 200, clip))).toEqual(plain);
    expect(recorded(checker.recorder)[0].resources).toHaveLength(1);
  });

  it('a recorder that cannot read an exchange leaves the check as it would be', () => {
    const checker = new RecordingChecker({ contract });
    checker.recorder = new ScenarioRecorder(checker);
    checker.recorder.observe = () => {
      throw new Error('unreadable');
    };
    const broken = exchange('GET', '/me', 200, { message: 'Success.', data: { credits: 'many' } });
    expect(checker.check(broken)).toEqual(new Checker({ contract }).check(broken));
  });

  it('without a recorder it is the plain checker', () => {
    const checker = new RecordingChecker({ contract });
    const me = Object.values(contract.examples(contract.operation('getMe')))[0];
    expect(checker.check(exchange('GET', '/me', 200, me))).toEqual(new Checker({ contract }).check(exchange('GET', '/me', 200, me)));
  });
});
