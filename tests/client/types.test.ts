// Runs tsc on the type fixtures in tests/types/: wrong paths, methods, parameters and bodies must
// not compile (each is marked @ts-expect-error, so one that compiles fails the check), right ones
// must, both on the source and on the compiled package entry; and the error codes a program branches on
// are a union from the contract's error catalogue (a misspelled code does not compile against the
// package entry). What the errors carry at run time: tests/client/errors.test.ts.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const ROOT = root;

describe('client types', () => {
  it('tsc accepts tests/types (every @ts-expect-error is a real error)', async () => {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', 'tests/types/tsconfig.json', '--pretty', 'false'], {
      cwd: root,
    }).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});

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
