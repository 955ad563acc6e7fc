// How listings and the journal mask tokens (in process, the core's fetch function as the MSW handlers
// call it): two tokens that share a beginning read apart, and no listing shows a whole token.
import { describe, expect, it } from 'vitest';
import { redactToken } from '../../mock/control/journal.js';
import { createMockCore } from '../../mock/core.js';
import { mockEachTest } from '../support/mock-each-test.js';

const origin = 'http://token-masks.test';
const core = mockEachTest(() => createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} }));

async function get(url: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return (await core.fetch(new Request(`${origin}${url}`, { headers }))).json();
}

describe('token masks', () => {
  it('the accounts listing and the journal tell rq-user-1 and rq-user-2 apart, without either whole', async () => {
    const tokens = ['rq-user-1', 'rq-user-2'];
    for (const token of tokens) await get('/v2/me', token);
    const listed = ((await get('/__mock/accounts')).accounts as { token: string }[]).map((a) => a.token);
    const journal = ((await get('/__mock/requests')).requests as { token: string }[]).map((r) => r.token);
    expect({ listed, journal }).toEqual({ listed: ['rq-…-1', 'rq-…-2'], journal: ['rq-…-2', 'rq-…-1'] });
  });

  it('shows at most half of a token and at most 9 characters; mock- tokens whole', () => {
    const long = 'secret-token-of-a-developer';
    expect([redactToken(long), redactToken('test'), redactToken('a'), redactToken('mock-broke'), redactToken(undefined)]).toEqual([
      'secret…per',
      't…t',
      'a…',
      'mock-broke',
      null,
    ]);
  });
});
