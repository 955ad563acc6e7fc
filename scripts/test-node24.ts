// `npm run test:node24`: the contract, mock, client and package suites on Node 24 (current LTS), beside the
// full `npm test` on the machine's Node. Node 24 comes from the npm registry's `node` package
// (a real binary), installed once into .cache/node24 (gitignored); everything the suites start
// (the mock, tsx) runs on it too, because its bin directory leads PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/project.js';

const VERSION = '24.21.0';
const PREFIX = path.join(ROOT, '.cache', 'node24');
const BIN_DIR = path.join(PREFIX, 'node_modules', 'node', 'bin');
const NODE = path.join(BIN_DIR, 'node');
// tests/packages: the packed tarballs in a consumer project, with msw 3 (it needs Node 22.12+).
const SUITES = ['tests/contract/', 'tests/diff/', 'tests/mock/', 'tests/client/', 'tests/packages/tarballs'];

function installed(): string | undefined {
  if (!existsSync(NODE)) return undefined;
  try {
    return execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

if (installed() !== `v${VERSION}`) {
  console.log(`test:node24: installing node@${VERSION} into ${path.relative(ROOT, PREFIX)}/ (once)`);
  mkdirSync(PREFIX, { recursive: true });
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', PREFIX, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${VERSION}`],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0 || installed() !== `v${VERSION}`) {
    console.error(`test:node24: could not install node@${VERSION} from the npm registry (npm exited ${npm.status})`);
    process.exit(2);
  }
}

console.log(`test:node24: ${installed()} runs ${SUITES.join(', ')}`);
const result = spawnSync(NODE, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...SUITES], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}` },
});
process.exit(result.status ?? 1);
