// Off by default, the checks are never loaded: a client without `validate` does not import
// client/validate.ts (Ajv and the contract), one with it imports it once, on its first call. In a file
// of its own: it resets the module registry, which would give the other tests' clients a second
// ContractViolationError class.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMockHandlers } from '../mock/msw.js';

const baseUrl = 'http://validate-lazy.test/v2';
const server = setupServer(...createMockHandlers({ baseUrl, clock: 'manual' }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

it('a client without validate never imports the checks; one with validate imports them once', async () => {
  vi.resetModules();
  let loads = 0;
  vi.doMock('../client/validate.js', async (importOriginal) => {
    loads++;
    return importOriginal();
  });
  try {
    const fresh = await import('../client/index.js');
    const plain = fresh.createVideoApiClient({ baseUrl, token: 'mock-dev', fetch: (r) => fetch(r) });
    expect((await plain.GET('/me')).response.status).toBe(200);
    await plain.GET('/credits/history');
    expect(loads).toBe(0);
    const checking = fresh.createVideoApiClient({ baseUrl, token: 'mock-dev', validate: 'responses', fetch: (r) => fetch(r) });
    expect((await checking.GET('/me')).response.status).toBe(200);
    expect((await checking.GET('/me')).response.status).toBe(200);
    expect(loads).toBe(1);
  } finally {
    vi.doUnmock('../client/validate.js');
    vi.resetModules();
  }
});

it('checks that fail to load fail the call with a message that says so; the next call loads them again', async () => {
  vi.resetModules();
  let loads = 0;
  vi.doMock('../client/validate.js', async (importOriginal) => {
    loads++;
    if (loads === 1) throw new Error('chunk validate-abc.js could not be fetched');
    return importOriginal();
  });
  try {
    const fresh = await import('../client/index.js');
    const checking = fresh.createVideoApiClient({ baseUrl, token: 'mock-dev', validate: 'all', fetch: (r) => fetch(r) });
    const failed = await checking.GET('/me').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    // The reason follows the prefix (vitest wraps the module's own error in one of its own here).
    expect((failed as Error).message).toMatch(/^video-api-v2-client: `validate` could not load the contract checks: \S/);
    expect((failed as Error).cause).toBeInstanceOf(Error);
    expect((await checking.GET('/me')).response.status).toBe(200);
    expect(loads).toBe(2);
  } finally {
    vi.doUnmock('../client/validate.js');
    vi.resetModules();
  }
});
