// The package entry (exports["."]) works for a plain Node consumer (no tsx, no TypeScript) and is
// safe for a bundler/browser (compiled ESM, no node: imports).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('client package entry', () => {
  it('exports["."] points at compiled files that exist', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    const entry = pkg.exports['.'];
    for (const file of [entry.types, entry.import, entry.default, pkg.main, pkg.types]) {
      await expect(readFile(path.join(root, file), 'utf8')).resolves.toBeTruthy();
    }
  });

  it('plain Node imports it by package name and gets a working client', async () => {
    const script = `
      const { createVideoApiClient, servers, VideoApiError } = await import(${JSON.stringify(JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).name)});
      const c = createVideoApiClient({ baseUrl: 'staging', token: 'x', fetch: async (r) => new Response(JSON.stringify({ message: 'Success.', status: 200, data: { url: r.url, auth: r.headers.get('authorization') } }), { headers: { 'content-type': 'application/json' } }) });
      const { data } = await c.GET('/me');
      console.log(JSON.stringify({ data: data.data, staging: servers.staging, typeofError: typeof VideoApiError, pollers: Object.keys(c.poll) }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    const out = JSON.parse(stdout);
    expect(out.data).toEqual({ url: `${out.staging}/me`, auth: 'Bearer x' });
    expect(out.typeofError).toBe('function');
    expect(out.pollers).toHaveLength(6);
  });

  it('the compiled client imports nothing from node: (bundlers and browsers can take it)', async () => {
    const dir = path.join(root, 'generated', 'client');
    const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    // React Query (optional peers) only in the react-query entry, Ajv only in the checks `validate`
    // loads; every other file imports openapi-fetch alone.
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const peersOf: Record<string, string[]> = {
      'react-query.js': ['@tanstack/react-query', 'openapi-react-query'],
      'contract-engine/ajv.js': ['ajv', 'ajv-formats'],
    };
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(peersOf['react-query.js'].slice().sort());
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ajv', 'ajv-formats', 'openapi-fetch']);
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/from ['"]node:|import\(['"]node:|require\(/);
      const allowed = new Set(['openapi-fetch', ...(peersOf[f.split(path.sep).join('/')] ?? [])]);
      for (const [, spec] of text.matchAll(/from ['"]([^'"]+)['"]/g)) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        expect(spec.startsWith('.') || allowed.has(name), `${f}: ${spec}`).toBe(true);
      }
    }
  });

  it('the root package installs with openapi-fetch as its only runtime dependency (no Prism)', async () => {
    const { stdout } = await promisify(execFile)('npm', ['ls', '--omit=dev', '--all', '--json'], { cwd: root });
    const names: string[] = [];
    const walk = (deps: Record<string, { dependencies?: Record<string, unknown> }> = {}) => {
      for (const [name, info] of Object.entries(deps)) {
        names.push(name);
        walk(info.dependencies as never);
      }
    };
    walk(JSON.parse(stdout).dependencies);
    expect(names).toContain('openapi-fetch');
    expect(names.filter((n) => n.startsWith('@stoplight/') || n === 'yaml')).toEqual([]);
  });
});

describe('generated/client as a package of its own (npm pack ./generated/client)', () => {
  const dir = path.join(root, 'generated', 'client');

  it('packs the client, its types, its README and CHANGELOG only, depending on openapi-fetch (and Ajv for validate)', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', dir], { cwd: os.tmpdir() });
    const [packed] = JSON.parse(stdout);
    const files: string[] = packed.files.map((f: { path: string }) => f.path);
    expect(files).toContain('schema.d.ts');
    expect(files).toContain('README.md');
    expect(files).toContain('CHANGELOG.md');
    expect(files.filter((f) => !/^((README|CHANGELOG)\.md|package\.json|[\w/-]+\.(js|d\.ts))$/.test(f))).toEqual([]);
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const pinned = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({
      'openapi-fetch': pinned.dependencies['openapi-fetch'],
      ajv: pinned.devDependencies.ajv,
      'ajv-formats': pinned.devDependencies['ajv-formats'],
    });
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('works outside the repository: plain Node imports it by name and tsc type-checks a consumer', async () => {
    const consumer = await mkdtemp(path.join(os.tmpdir(), 'client-consumer-'));
    try {
      const modules = path.join(consumer, 'node_modules');
      await mkdir(modules, { recursive: true });
      await cp(dir, path.join(modules, 'video-api-v2-client'), { recursive: true });
      for (const dependency of ['openapi-fetch', 'ajv', 'ajv-formats'])
        await symlink(path.join(root, 'node_modules', dependency), path.join(modules, dependency));
      await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ type: 'module' }));
      await writeFile(
        path.join(consumer, 'app.ts'),
        [
          "import { createVideoApiClient } from 'video-api-v2-client';",
          "const api = createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' });",
          "export const call = () => api.GET('/faceless/{faceless}', { params: { path: { faceless: 1 } } });",
          '// @ts-expect-error: not a path of the contract',
          "export const wrong = () => api.GET('/no-such-path');",
        ].join('\n'),
      );
      const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      await promisify(execFile)(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--lib',
          'es2022,dom',
          'app.ts',
        ],
        { cwd: consumer },
      );
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', "const m = await import('video-api-v2-client'); console.log(typeof m.createVideoApiClient)"],
        { cwd: consumer },
      );
      expect(stdout.trim()).toBe('function');
      // Without validate the checks are never loaded; with it, a bad answer is a ContractViolationError.
      const validating = (mode: string) => `
        const { createVideoApiClient, ContractViolationError } = await import('video-api-v2-client');
        const answer = () => new Response(JSON.stringify({ data: { credits: 'lots' } }), { headers: { 'content-type': 'application/json', 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29' } });
        const api = createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev', validate: ${mode}, fetch: async () => answer() });
        const outcome = await api.GET('/me').then(() => 'answered', (e) => (e instanceof ContractViolationError ? 'violation: ' : 'error: ') + e.message);
        console.log(outcome);`;
      const run = async (mode: string) =>
        (await promisify(execFile)(process.execPath, ['--input-type=module', '-e', validating(mode)], { cwd: consumer })).stdout.trim();
      expect(await run('undefined')).toBe('answered');
      expect(await run("'responses'")).toMatch(/^violation: GET \/me answered 200 with a body the contract refuses: /);
    } finally {
      await rm(consumer, { recursive: true, force: true });
    }
  });
});
