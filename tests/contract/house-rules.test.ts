// The house lint rules really fire: Spectral runs on a copy of the bundle with one defect per
// rule and must report each of them, while the real bundle reports nothing.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, loadContract } from '../support/contract.js';

const exec = promisify(execFile);
let tmp: string;

const SPECTRAL = path.join(ROOT, 'node_modules', '.bin', 'spectral');

/**
 * Spectral's findings on `doc`. Fails unless Spectral really ran: exit 0 (nothing at error
 * severity) or 1 (errors found) with a JSON array on stdout; 2 (a crash, a bad ruleset), a missing
 * binary or unparseable output is an error, never an empty report.
 */
async function spectral(doc: unknown): Promise<Array<{ code: string; path: string[] }>> {
  const file = path.join(tmp, `doc-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(doc));
  const args = ['lint', '--ruleset', path.join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet', file];
  const result: { code?: unknown; stdout?: string; stderr?: string } = await exec(SPECTRAL, args, {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (ok) => ({ ...ok, code: 0 }),
    (error) => error,
  );
  expect([0, 1], `spectral exited ${String(result.code)}: ${result.stderr ?? ''}`).toContain(result.code);
  const findings = JSON.parse(result.stdout ?? '');
  expect(Array.isArray(findings)).toBe(true);
  return findings;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'house-rules-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('house rules', () => {
  it('report nothing on the bundled contract', async () => {
    expect(await spectral(loadContract())).toEqual([]);
  }, 120_000);

  it('report each injected defect', async () => {
    const doc: any = loadContract(); // raw JSON, broken on purpose below
    delete doc.paths['/me'].get['x-credits'];
    delete doc.paths['/credits/costs'].get.responses['401'];
    delete doc.paths['/launch-clips/{id}'].get.responses['404'];
    delete doc.paths['/credits/history'].get.responses['400'];
    doc.paths['/ideas'].get.operationId = 'fetch_ideas';
    const ok = doc.paths['/text-to-video/models'].get.responses['200'];
    delete ok.headers['X-RateLimit-Limit'];
    doc.paths['/voice-clones/slots'].get.responses['200'].content['application/json'].schema = {
      type: 'object',
      properties: { available: { type: 'integer' } },
    };

    doc.servers[0].url = 'http://{productionHost}/v2'; // only the internal local-mock entry may be plain HTTP

    const codes = new Set((await spectral(doc)).map((r) => r.code));
    expect(codes.has('owasp:api8:2023-no-server-http')).toBe(true);
    expect([...codes].filter((c) => c.startsWith('house-')).sort()).toEqual([
      'house-400-on-arguments',
      'house-404-on-id-paths',
      'house-auth-and-rate-responses',
      'house-operation-id-naming',
      'house-rate-limit-headers',
      'house-success-envelope',
      'house-x-credits',
    ]);
  }, 120_000);
});
