// npm run pack: writes the three packages into dist/ as tarballs a project installs with npm:
// video-api-v2-client (generated/client, as built), video-api-v2-mock and video-api-v2-qa
// (compiled here: scripts/pack/packages.ts says what each holds). Nothing in them needs tsx.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from '../../mock/build-if-stale.js';
import { NODE_ENGINES } from '../../lib/node-support.js';
import { run } from '../../lib/run.js';
import { ROOT } from '../lib/project.js';
import { bundle, expand } from './bundle.js';
import { MOCK, QA, VERSION, type BundledPackage } from './packages.js';

const DIST = path.join(ROOT, 'dist');
const STAGE = path.join(ROOT, '.cache', 'pack');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function stage(pkg: BundledPackage): Promise<string> {
  const dir = path.join(STAGE, pkg.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {}).flatMap((name) => [name, `${name}/*`])];
  const outdir = path.join(dir, 'dist');
  // One build for all Node entries, so they share chunks; the hashbang is harmless in a module.
  await bundle({ entries: pkg.node, outdir, external, banner: '#!/usr/bin/env node' });
  if (pkg.browser) await bundle({ entries: pkg.browser, outdir, external, browser: { inline: pkg.browserInline ?? [] } });
  for (const file of expand(pkg.files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  cpSync(path.join(ROOT, pkg.readme), path.join(dir, 'README.md'));
  if (pkg.types?.length) {
    // Declarations of the public entries (and what they refer to), from the same sources, by the
    // build's TypeScript (5.x) named by its path: the typescript7 alias has a `tsc` command too.
    await run(
      path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      [
        '--declaration',
        '--emitDeclarationOnly',
        '--skipLibCheck',
        '--module',
        'NodeNext',
        '--moduleResolution',
        'NodeNext',
        '--target',
        'ES2022',
        '--strict',
        '--rootDir',
        ROOT,
        '--outDir',
        path.join(dir, 'types'),
        ...pkg.types.map((file) => path.join(ROOT, file)),
      ],
      { quiet: true },
    );
    // The generated declarations they import are .d.ts files already: shipped as they are.
    for (const file of expand(['generated/']).filter((f) => f.endsWith('.d.ts')))
      cpSync(path.join(ROOT, file), path.join(dir, 'types', file));
  }
  const manifest = {
    name: pkg.name,
    version: VERSION,
    description: pkg.description,
    type: 'module',
    license: 'UNLICENSED',
    engines: { node: NODE_ENGINES },
    ...(pkg.bin ? { bin: pkg.bin } : {}),
    exports: pkg.exports,
    dependencies: pkg.dependencies,
    ...(pkg.peerDependencies
      ? {
          peerDependencies: pkg.peerDependencies,
          peerDependenciesMeta: Object.fromEntries(Object.keys(pkg.peerDependencies).map((name) => [name, { optional: true }])),
        }
      : {}),
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

async function pack(dir: string): Promise<string> {
  const output = await run(npm, ['pack', '--silent', '--pack-destination', DIST], { cwd: dir, quiet: true });
  return path.join(DIST, output.trim().split('\n').pop()!);
}

async function main() {
  buildIfStale();
  mkdirSync(DIST, { recursive: true });
  const tarballs = [await pack(path.join(ROOT, 'generated', 'client'))];
  for (const pkg of [MOCK, QA]) tarballs.push(await pack(await stage(pkg)));
  for (const file of tarballs) console.log(`pack: ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(`pack: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
