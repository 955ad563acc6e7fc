// A consumer project in an empty temporary folder outside the repository, as every test that uses
// the packages the way a user would needs one: `npm run pack` writes the tarballs, the project
// installs the ones a test names plus registry packages (at the repository's pinned versions, or a
// spec the test gives), from the npm cache where it can. The README code blocks such a test runs
// are read by tests/support/readme-blocks.ts.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testTempDir } from './temp-dirs.js';

export const exec = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The repository's devDependencies: the versions a consumer project installs. */
export const devDeps = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies as Record<string, string>;

/** `npm run pack`; the tarballs by package name. */
export async function packAll(): Promise<Record<string, string>> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/pack/main.ts')], {
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  const packed = [...stdout.matchAll(/^pack: (\S+)$/gm)].map((m) => path.join(ROOT, m[1]));
  return Object.fromEntries(packed.map((file) => [path.basename(file).replace(/-\d+\.\d+\.\d+.*\.tgz$/, ''), file]));
}

export interface Consumer {
  dir: string;
  bin: (name: string) => string;
  remove: () => void;
}

/**
 * An empty ES-module project with `specs` (tarballs, or `name@version` a test pins itself) and the
 * named `devPackages` (pinned as in the repository) installed.
 */
export async function consumerProject(prefix: string, specs: string[], devPackages: string[]): Promise<Consumer> {
  const dir = testTempDir(prefix);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  const pinned = devPackages.map((name) => {
    if (!devDeps[name]) throw new Error(`${name} is not a devDependency of the repository: give its version in specs`);
    return `${name}@${devDeps[name]}`;
  });
  await exec(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs, ...pinned], {
    cwd: dir,
    maxBuffer: 1 << 24,
  });
  return {
    dir,
    bin: (name) => path.join(dir, 'node_modules', '.bin', name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
