// Errors a program can branch on: error codes are a union generated from the contract's error
// catalogue (tsc refuses a misspelled code), every VideoApiError names its operation, a status with
// no code in its body gets the documented fallback, and the browser-token warning is said once per
// page and never for the mock's tokens or a mock's base URL.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_TOKEN_WARNING, createVideoApiClient, VideoApiError } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const baseUrl = 'http://errors.test/v2';
const api = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...api);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => api.control.reset());
afterAll(() => server.close());

/** Type-checks files under .cache/ that import the compiled package entry; returns tsc's output. */
async function tsc(files: Record<string, string>): Promise<string> {
  const dir = path.join(ROOT, '.cache', 'frontend-types');
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  const args = ['--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', '--skipLibCheck'];
  const bin = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const paths = Object.keys(files).map((name) => path.join(dir, name));
  return promisify(execFile)(process.execPath, [bin, ...args, '--pretty', 'false', ...paths], { cwd: ROOT }).then(
    () => '',
    (e: { stdout: string }) => e.stdout,
  );
}

const branchOn = (code: string) => `import { isVideoApiError } from '../../generated/client/index.js';
export function top(e: unknown): boolean {
  if (isVideoApiError(e, '${code}')) return e.status === 402;
  return false;
}
`;

describe('error codes are a union from the error catalogue', () => {
  // The source is checked the same way by npm run typecheck (tests/types/client.types.ts).
  it("a misspelled code does not compile against the package entry, the catalogue's spelling does", async () => {
    const out = await tsc({ 'right.ts': branchOn('INSUFFICIENT-CREDITS'), 'wrong.ts': branchOn('INSUFFICIENT_CREDITS') });
    const errors = out.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/wrong\.ts\(3,\d+\): error TS2345: .*"INSUFFICIENT_CREDITS"/);
  }, 120_000);
});

describe('VideoApiError names its call and falls back by status', () => {
  const client = () => createVideoApiClient({ baseUrl, token: 'test', fetch: (r) => fetch(r) });

  it('carries operationId, method and path of the failed call', async () => {
    const c = client();
    const error = await c.unwrap(c.GET('/faceless/{faceless}', { params: { path: { faceless: 424242 } } })).catch((e) => e);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'GEN-NOT-FOUND',
      operationId: 'getFacelessVideo',
      method: 'GET',
      path: '/faceless/{faceless}',
    });
  });

  it("a code outside the catalogue (the mock's MOCK-FAULT) falls back to the status's code and keeps the sent one", async () => {
    await api.control.addFault({ operationId: 'getMe', status: 503 });
    const c = client();
    const error = await c.unwrap(c.GET('/me')).catch((e) => e);
    expect(error).toMatchObject({ status: 503, code: 'GEN-API-ERROR', serverCode: 'MOCK-FAULT', operationId: 'getMe' });
  });

  it('a 403 with no code is GEN-FORBIDDEN; a 429 with none (no catalogue code) is HTTP-429', async () => {
    const c = client();
    const bare = (status: number) =>
      c.unwrap(Promise.resolve({ error: { message: 'no code here' }, response: new Response(null, { status }) })).catch((e) => e);
    expect(((await bare(403)) as VideoApiError).code).toBe('GEN-FORBIDDEN');
    expect(((await bare(429)) as VideoApiError).code).toBe('HTTP-429');
  });
});

describe('the browser-token warning', () => {
  const g = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  it('is said once per page, and never for mock tokens or a mock base URL', () => {
    g.window = {};
    g.document = {};
    const warn = vi.fn();
    for (let i = 0; i < 3; i++) createVideoApiClient({ baseUrl: 'production', token: 'sk-live-0123456789abcdef', warn });
    expect(warn.mock.calls).toEqual([[BROWSER_TOKEN_WARNING]]);
    g.document = {};
    const quiet = vi.fn();
    for (const token of ['test', 'mock-dev', 'screen-test', 'mock']) createVideoApiClient({ baseUrl: 'production', token, warn: quiet });
    for (const url of ['/v2', 'http://api.test/v2', 'http://127.0.0.1:4010/v2', 'http://localhost:4010/v2', 'mock'])
      createVideoApiClient({ baseUrl: url, token: 'sk-live-0123456789abcdef', warn: quiet });
    expect(quiet).not.toHaveBeenCalled();
  });
});
