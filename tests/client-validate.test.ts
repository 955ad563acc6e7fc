// The client validates, if asked: `validate: 'responses'` checks every answer and `'all'` also each
// request before it is sent, with the contract's compiled validators and the leniency the proxy's
// checker applies (lib/contract), throwing a ContractViolationError that names the operation, the
// field and the rule. Run against the MSW handlers (the real mock in process), with answers forced
// bad by an override. Off by default, and then the checks are never loaded.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractViolationError, createVideoApiClient, type ValidateMode } from '../client/index.js';
import { createMockHandlers } from '../mock/msw.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const baseUrl = 'http://validate.test/v2';
const api = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...api);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await api.control.reset();
});
afterAll(() => server.close());

const client = (validate?: ValidateMode) => createVideoApiClient({ baseUrl, token: 'mock-dev', validate, fetch: (r) => fetch(r) });
/** The rate-limit headers every documented answer carries (the contract requires them). */
const limits = { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29' };

/** Answers `path` with `body` and `status` instead of the mock, counting the calls it sees. */
function force(path: string, status: number, body: unknown): { calls: number } {
  const seen = { calls: 0 };
  server.use(
    http.get(`${baseUrl}${path}`, () => {
      seen.calls++;
      return HttpResponse.json(body as never, { status, headers: limits });
    }),
  );
  return seen;
}

/** Counts the requests reaching the handlers for `path`, and lets them through to the mock. */
function count(path: string, method: 'get' | 'post' = 'get'): { calls: number } {
  const seen = { calls: 0 };
  server.use(
    http[method](`${baseUrl}${path}`, () => {
      seen.calls++;
    }),
  );
  return seen;
}

describe("validate: 'responses'", () => {
  it('a correct answer passes', async () => {
    const { data, response } = await client('responses').GET('/me');
    expect(response.status).toBe(200);
    expect(data?.data?.email).toEqual(expect.any(String));
  });

  it('an answer whose body the contract refuses throws, naming the operation, the field and the rule', async () => {
    const { data } = await client().GET('/me');
    const bad = structuredClone(data!);
    (bad.data!.credits as { remaining: unknown }).remaining = 'lots';
    force('/me', 200, bad);
    const error = await client('responses')
      .GET('/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect(error).toMatchObject({ operationId: 'getMe', method: 'GET', path: '/me', direction: 'response', status: 200 });
    expect((error as ContractViolationError).problems).toContainEqual({
      location: 'body',
      pointer: '/data/credits/remaining',
      rule: 'type',
      message: 'must be integer',
    });
    expect((error as Error).message).toBe(
      'GET /me answered 200 with a body the contract refuses: /data/credits/remaining must be integer (type)',
    );
  });

  it('a status the operation does not document throws', async () => {
    force('/me', 418, { message: 'teapot' });
    const error = await client('responses')
      .GET('/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect(error).toMatchObject({
      operationId: 'getMe',
      status: 418,
      problems: [expect.objectContaining({ location: 'status', rule: 'status' })],
    });
    expect((error as Error).message).toMatch(
      /^GET \/me answered 418 as the contract does not allow: status expected one of 200, .*got 418 \(status\)$/,
    );
  });

  it('off by default: the same bad answer is handed back untouched', async () => {
    force('/me', 200, { data: { credits: 'lots' } });
    const { data, response } = await client().GET('/me');
    expect(response.status).toBe(200);
    expect(data).toEqual({ data: { credits: 'lots' } });
  });

  it('where the operation is a guess (x-unspecified-scope: operation), a body the guess does not fit is not thrown', async () => {
    // GET /presets: the source does not show its path or method; its success body is a guess.
    force('/presets', 200, { data: 'not a list of presets' });
    const { data, response } = await client('all').GET('/presets');
    expect(response.status).toBe(200);
    expect(data).toEqual({ data: 'not a list of presets' });
    // The rate-limit headers stay a fact there: an answer without them is thrown.
    server.use(http.get(`${baseUrl}/presets`, () => HttpResponse.json({ data: [] })));
    const error = await client('all')
      .GET('/presets')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ operationId: 'listPresets', direction: 'response', status: 200 });
    expect((error as ContractViolationError).problems).toContainEqual({
      location: 'header',
      pointer: 'X-RateLimit-Limit',
      rule: 'required',
      message: 'is absent (required on 200)',
    });
  });
});

describe("validate: 'all'", () => {
  it('a request the contract refuses is not sent', async () => {
    const seen = count('/credits/history');
    const error = await client('all')
      .GET('/credits/history', { params: { query: { per_page: 500 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect(error).toMatchObject({ operationId: 'listCreditHistory', direction: 'request', status: undefined });
    expect((error as ContractViolationError).problems).toEqual([
      { location: 'query', pointer: 'per_page', rule: 'maximum', message: 'must be <= 50' },
    ]);
    expect((error as Error).message).toBe(
      'GET /credits/history was not sent: the contract refuses the request: query per_page must be <= 50 (maximum)',
    );
    expect(seen.calls).toBe(0);
    // The same request with validate: 'responses' is sent (and the mock refuses it itself).
    const { response } = await client('responses').GET('/credits/history', { params: { query: { per_page: 500 } } });
    expect(response.status).toBe(422);
    expect(seen.calls).toBe(1);
  });

  it('a valid request is sent and its answer checked', async () => {
    const seen = count('/credits/history');
    const { response } = await client('all').GET('/credits/history', { params: { query: { per_page: 5 } } });
    expect(response.status).toBe(200);
    expect(seen.calls).toBe(1);
  });

  it('valid JSON and multipart requests are sent and answered (no refusal of what the mock takes)', async () => {
    const api = client('all');
    const launch = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A one-tap espresso timer' };
    expect((await api.POST('/launch-clips', { body: launch })).response.status).toBeLessThan(300);
    const samples = [1, 2, 3].map((i) => new File([`audio-${i}`], `s${i}.mp3`, { type: 'audio/mpeg' }));
    const body = { terms: true, name: 'Narrator', gender: 'female', 'samples[]': samples, purchase_addon: false } as const;
    const { response } = await api.POST('/voice-clones', { body: body as never });
    expect(response.status).toBeLessThan(300);
  });

  it('in a body, a place marked x-unspecified is spared and a stated field is refused, even beside a marked one', async () => {
    // POST /launch-clips: the format of accent_color is not shown; product_name is a stated string.
    const seen = count('/launch-clips', 'post');
    const launch = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A one-tap espresso timer' };
    await client('all').POST('/launch-clips', { body: { ...launch, accent_color: 7 as never } });
    expect(seen.calls).toBe(1);
    const error = await client('all')
      .POST('/launch-clips', { body: { ...launch, product_name: 42 as never, accent_color: 7 as never } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as ContractViolationError).problems).toEqual([
      { location: 'body', pointer: '/product_name', rule: 'type', message: 'must be string' },
    ]);
    expect(seen.calls).toBe(1);
    // POST /faceless: its body says other fields are not shown; the type it lists is still a stated enum.
    const faceless = count('/faceless', 'post');
    const refused = await client('all')
      .POST('/faceless', { body: { type: 'nonsense' as never } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ operationId: 'createFacelessVideo', direction: 'request' });
    expect((refused as ContractViolationError).problems).toContainEqual(
      expect.objectContaining({ location: 'body', pointer: '/type', rule: 'enum' }),
    );
    expect(faceless.calls).toBe(0);
  });

  it('where the request is not shown (x-unspecified-scope: request), a request its guessed schema refuses is sent', async () => {
    // GET /ideas: the source does not show its request; `keyword` is typed a string there, without a marker of its own.
    const seen = count('/ideas');
    await client('all').GET('/ideas', { params: { query: { keyword: ['espresso', 'tea'] as never } } });
    expect(seen.calls).toBe(1);
  });

  it('a parameter marked x-unspecified is not held against the request; a stated one beside it is', async () => {
    // GET /credits/history: `source` values other than `api` are not shown; `order` is a stated enum.
    const seen = count('/credits/history');
    await client('all').GET('/credits/history', { params: { query: { source: ['api', 'web'] as never } } });
    expect(seen.calls).toBe(1);
    const error = await client('all')
      .GET('/credits/history', { params: { query: { order: ['ASC', 'DESC'] as never } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ operationId: 'listCreditHistory', direction: 'request' });
    expect((error as ContractViolationError).problems).toContainEqual({
      location: 'query',
      pointer: 'order',
      rule: 'type',
      message: 'must be string',
    });
    expect(seen.calls).toBe(1);
  });
});

describe('loaded only when asked', () => {
  it('a browser build of the package: the entry chunk holds no Ajv and no bundle; validate puts them in a chunk of their own', async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), 'client-validate-build-'));
    try {
      const pkg = path.join(ROOT, 'generated', 'client', 'index.js');
      const apps = {
        plain: `import { createVideoApiClient } from ${JSON.stringify(pkg)};\nexport const api = createVideoApiClient({ baseUrl: 'mock' });\n`,
        checking: `import { createVideoApiClient } from ${JSON.stringify(pkg)};\nexport const api = createVideoApiClient({ baseUrl: 'mock', validate: 'all' });\n`,
      };
      for (const [name, source] of Object.entries(apps)) await writeFile(path.join(out, `${name}.js`), source);
      const result = await build({
        entryPoints: Object.keys(apps).map((name) => path.join(out, `${name}.js`)),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        outdir: path.join(out, 'dist'),
        metafile: true,
        write: false,
        logLevel: 'silent',
      });
      const outputs = Object.entries(result.metafile.outputs);
      const inputsOf = (o: (typeof outputs)[number][1]) => Object.keys(o.inputs);
      const heavy = (file: string) => /node_modules\/ajv|contract-engine\/bundle\.js/.test(file);
      for (const name of Object.keys(apps)) {
        const [, entry] = outputs.find(([, o]) => o.entryPoint?.endsWith(`${name}.js`))!;
        expect(inputsOf(entry).filter(heavy), name).toEqual([]);
        // The entry loads only chunks without them: the checks come in by import() alone.
        for (const { path: chunk, kind } of entry.imports) {
          if (kind !== 'import-statement') continue;
          const [, imported] = outputs.find(([file]) => path.resolve(file) === path.resolve(chunk))!;
          expect(inputsOf(imported).filter(heavy), `${name} -> ${chunk}`).toEqual([]);
        }
      }
      const lazy = outputs.filter(([, o]) => inputsOf(o).some((file) => /node_modules\/ajv\//.test(file)));
      expect(lazy).toHaveLength(1);
      expect(inputsOf(lazy[0][1]).some((file) => file.endsWith('generated/client/validate.js'))).toBe(true);
      // Nothing on the checks' graph is Node's (esbuild for the browser would have failed on node:fs).
      expect(inputsOf(lazy[0][1]).filter((file) => file.startsWith('node:'))).toEqual([]);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});
