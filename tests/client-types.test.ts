// Runs tsc on the type fixtures in tests/types/: wrong paths, methods, parameters and bodies must
// not compile (each is marked @ts-expect-error, so one that compiles fails the check), right ones
// must, both on the source and on the compiled package entry.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

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
