// A request that breaks a field's pattern is refused in words a person reads, from the contract
// (the prompt's x-pattern-message): by the mock's 422 errors map and by the client's own request
// check (`validate: 'all'`), both read by lib/contract. No message shows the regular expression.
// Against the mock through MSW, in process.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient, type ContractViolationError, type VideoApiError } from '../../client/index.js';
import { createMockHandlers } from '../../mock/msw.js';

const baseUrl = 'http://readable-422.test/v2';
const server = setupServer(...createMockHandlers({ baseUrl, clock: 'manual' }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const threeWords = { body: { model: 'kling-2-1', prompt: 'a red fox' } };
const regex = /[\\^$]|\{\d/;

describe('a prompt of too few words', () => {
  it("the mock's 422 says how many words a prompt takes", async () => {
    const api = createVideoApiClient({ baseUrl, token: 'readable-mock' });
    const error = (await api.unwrap(api.POST('/text-to-video', threeWords)).catch((e: unknown) => e)) as VideoApiError;
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ prompt: ['Request body property prompt must be between 5 and 1500 words'] });
    expect(JSON.stringify(error.errors)).not.toMatch(regex);
  });

  it('the client refuses it before sending, in the same words', async () => {
    const api = createVideoApiClient({ baseUrl, token: 'readable-client', validate: 'all' });
    const error = (await api.POST('/text-to-video', threeWords).catch((e: unknown) => e)) as ContractViolationError;
    expect(error.problems).toEqual([
      { location: 'body', pointer: '/prompt', rule: 'pattern', message: 'must be between 5 and 1500 words' },
    ]);
    expect(error.message).toBe(
      'POST /text-to-video was not sent: the contract refuses the request: /prompt must be between 5 and 1500 words (pattern)',
    );
  });
});
