// Every installed dependency with an install script has been reviewed: package.json's `allowScripts`
// names it (true: runs, false: does not; npm 12 runs none without an entry, npm 11 prints each one
// missing after every install). CONTRIBUTING.md ("Dependencies") says why each entry is what it is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project.js';

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

/** The package folders under a node_modules folder, scoped ones and nested node_modules included. */
function packageDirs(modules: string): string[] {
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = path.join(modules, entry.name);
      const dirs = entry.name.startsWith('@') ? packageDirs(dir) : [dir];
      return dirs.flatMap((d) => [d, ...packageDirs(path.join(d, 'node_modules'))]);
    });
}

function withInstallScripts(): string[] {
  const names = new Set<string>();
  for (const dir of packageDirs(path.join(ROOT, 'node_modules'))) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; scripts?: Record<string, string> };
    if (pkg.name && INSTALL_SCRIPTS.some((s) => pkg.scripts?.[s])) names.add(pkg.name);
  }
  return [...names].sort();
}

describe('install scripts of dependencies', () => {
  it("are each named in package.json's allowScripts, and every entry names an installed package that has one", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const reviewed = Object.keys(pkg.allowScripts ?? {}).sort();
    expect(withInstallScripts()).toEqual(reviewed);
  });
});
