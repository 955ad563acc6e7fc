// `npm ci` / `npm install` (the `prepare` script): installs the git pre-commit hook of
// package.json's "simple-git-hooks" (check:fresh --staged, Biome on the staged files) with
// simple-git-hooks. Does nothing, and never fails the install, where there is no work tree of this
// repository to hook: an unpacked tarball, a folder inside some other repository, an install
// without devDependencies. Writes only into .git/hooks, so `git status` stays clean.
// SKIP_INSTALL_SIMPLE_GIT_HOOKS=1 skips it; SKIP_SIMPLE_GIT_HOOKS=1 skips the hook for one commit.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function workTreeTop() {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

function main() {
  const top = workTreeTop();
  if (!top || realpathSync(top) !== realpathSync(ROOT)) return; // not this repository's own work tree
  let cli;
  try {
    cli = createRequire(import.meta.url).resolve('simple-git-hooks/cli.js');
  } catch {
    return; // installed without devDependencies: no hook tool, no hook
  }
  try {
    execFileSync(process.execPath, [cli], { cwd: ROOT, stdio: 'inherit' });
  } catch (error) {
    console.warn(`prepare: the git hooks were not installed (${error instanceof Error ? error.message : error})`);
  }
}

main();
