// Folders a test file makes under the system's temp folder, removed after the file
// (tests/support/setup.ts): a report folder per proxy started would otherwise stay behind after
// every run of the suite.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/** A new empty folder named `<prefix>XXXXXX`, removed when the test file ends. */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder testTempDir made in this test file. */
export function removeTestTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
