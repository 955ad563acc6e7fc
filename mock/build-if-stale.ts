// `npm start` rebuilds generated/ only when something under openapi/ is newer than the bundle,
// so a fresh clone or an edited contract is served as it is, and an unchanged one starts fast.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the mock reads from generated/: when one is missing or older than openapi/, build. */
export const STALE_CHECKED = ['openapi.json', 'openapi.yaml', 'contract.ts', 'mock-control.json'];
const OUTPUTS = STALE_CHECKED.map((file) => `generated/${file}`);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function isStale(root = ROOT): boolean {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (outputs.some((file) => !existsSync(file))) return true;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return newestMtime(path.join(root, 'openapi')) > oldestOutput;
}

export function buildIfStale(root = ROOT): void {
  if (!isStale(root)) return;
  console.log('mock: openapi/ is newer than generated/, running npm run build');
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm run build failed; fix the contract and start again');
}
