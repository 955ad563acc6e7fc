// The package entry (exports["."]) works for a plain Node consumer (no tsx, no TypeScript) and is
// safe for a bundler/browser (compiled ESM, no node: imports).
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

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
    for (const f of files) {
      const text = await readFile(path.join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/from ['"]node:|import\(['"]node:|require\(/);
      for (const [, spec] of text.matchAll(/from ['"]([^'"]+)['"]/g)) expect(spec.startsWith('.') || spec === 'openapi-fetch', `${f}: ${spec}`).toBe(true);
    }
  });
});
