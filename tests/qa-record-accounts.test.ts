// PROXY_RECORD keeps every account the traffic used, not only those answered with a success: a
// token refused as a trial, one without a subscription, one with too few credits each become an
// account of the scenario with what the refusal says about it (the error catalogue's codes).
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../lib/contract/index.js';
import { Checker } from '../qa/checker/checker.js';
import type { Observed } from '../qa/checker/types.js';
import { ScenarioRecorder } from '../qa/proxy/record.js';

const contract = ContractModel.load();

function exchange(token: string | undefined, method: string, path: string, status: number, body: unknown): Observed {
  return {
    method,
    path,
    query: new URLSearchParams(),
    requestHeaders: token ? { authorization: `Bearer ${token}` } : {},
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: Buffer.from(JSON.stringify(body)),
    at: 0,
  };
}

describe('the accounts a recording keeps', () => {
  it('every token seen, with what its refusals say; a request without a token is no account', () => {
    const recorder = new ScenarioRecorder(new Checker({ contract }));
    const me = Object.values(contract.examples(contract.operation('getMe')))[0];
    recorder.observe(exchange('paid-token', 'GET', '/me', 200, me));
    recorder.observe(
      exchange('trial-token', 'GET', '/faceless/options', 403, { message: 'x', error: { code: 'PAID-SUBSCRIPTION-REQUIRED' } }),
    );
    recorder.observe(exchange('gone-token', 'GET', '/faceless/options', 403, { message: 'x', error: { code: 'SUBSCRIPTION-REQUIRED' } }));
    recorder.observe(
      exchange('broke-token', 'POST', '/launch-clips', 402, {
        message: 'x',
        error: { code: 'INSUFFICIENT-CREDITS' },
        required: 5,
        available: 3,
      }),
    );
    recorder.observe(exchange(undefined, 'GET', '/me', 401, { message: 'Unauthenticated.' }));
    const { accounts } = recorder.scenario() as { accounts: Record<string, unknown>[] };
    expect(accounts.map(({ resources: _r, ...a }) => a)).toEqual([
      expect.objectContaining({ token: 'recorded-account-1', subscription: 'paid' }),
      { token: 'recorded-account-2', subscription: 'trial' },
      { token: 'recorded-account-3', subscription: 'none' },
      { token: 'recorded-account-4', credits: 3 },
    ]);
    expect(JSON.stringify(accounts)).not.toMatch(/-token/);
  });
});
