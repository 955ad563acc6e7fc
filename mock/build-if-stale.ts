// `npm start` (and `npm run pack`) rebuild generated/ only when the build's inputs differ from the
// ones it was built from: the content hash recorded in generated/build-inputs.json against the hash
// of the inputs now (scripts/lib/build-inputs.ts). Content, not mtimes, so a fresh clone of a fresh
// commit never rebuilds, and an edited contract is rebuilt before it is served.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_INPUTS_FILE, changedRoots, recordedInputs, workTreeInputs } from '../scripts/lib/build-inputs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the mock reads from generated/: when one is missing, build. */
export const STALE_CHECKED = ['openapi.json', 'openapi.yaml', 'contract.ts', 'mock-control.json'];
const OUTPUTS = STALE_CHECKED.map((file) => `generated/${file}`);

/** Why generated/ needs a build, or undefined when it was built from the inputs as they are. */
export function staleReason(root = ROOT): string | undefined {
  const missing = OUTPUTS.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length) return `${missing.join(', ')} missing`;
  const recorded = recordedInputs(root);
  if (!recorded) return `${BUILD_INPUTS_FILE} missing`;
  const now = workTreeInputs(root);
  if (now.hash === recorded.hash) return undefined;
  return `changed since the last build: ${changedRoots(recorded, now).join(', ')}`;
}

export function isStale(root = ROOT): boolean {
  return staleReason(root) !== undefined;
}

export function buildIfStale(root = ROOT): void {
  const reason = staleReason(root);
  if (reason === undefined) return;
  console.log(`mock: generated/ is stale (${reason}), running npm run build`);
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('npm run build failed; fix the contract and start again');
}
