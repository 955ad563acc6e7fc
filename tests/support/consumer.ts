// The consumer project every test that uses the packages the way a user would works in: `npm run
// pack` writes the tarballs, and one project in an empty temporary folder outside the repository
// installs them with the registry packages the suites use (at the repository's pinned versions, or a
// spec given here), from the npm cache where it can. The packages tier does both once per run
// (tests/packages/global-setup.ts); each suite gets a folder of its own inside that project
// (sharedConsumer). The README code blocks such a test runs are read by tests/support/readme-blocks.ts.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

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

/** What the packages tier's globalSetup hands its test files. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarballs by package name (video-api-v2-client, video-api-v2-mock, video-api-v2-qa). */
    tarballs: Record<string, string>;
    /** The consumer project that installed them. */
    consumerDir: string;
  }
}

// The repository's msw (3): what a consumer project installs today.
export const mswVersion: string = devDeps.msw;
export const mswSpec = () => `msw@${mswVersion}`;

/** Storybook, its MSW addon, Vite and Playwright: the versions the mock's README names ("Four ways in"). */
export const CONSUMER_TOOLS = [
  'storybook@10.6.7',
  '@storybook/react-vite@10.6.7',
  'msw-storybook-addon@3.0.3',
  'vite@8.4.0',
  '@playwright/test@1.65.1',
  // A new app as create-vite 9.3 lays it out (its react-ts template, with the React plugin and
  // React DOM's types the template installs): tests/packages/create-vite-app.test.ts builds it.
  'create-vite@9.3.0',
  '@vitejs/plugin-react@6.3.0',
  '@types/react-dom@19.3.0',
];

/** The repository's devDependencies the consumer suites use, installed at the pinned versions. */
export const CONSUMER_DEV_PACKAGES = [
  'vitest',
  'esbuild',
  'typescript',
  // TypeScript 7 beside 5.9: the README blocks type-check on both (tests/packages/readme-blocks.test.ts).
  'typescript7',
  '@types/node',
  'react',
  'react-dom',
  '@types/react',
  '@tanstack/react-query',
  'openapi-react-query',
  '@testing-library/react',
  'happy-dom',
  '@sparticuz/chromium',
];

/**
 * An empty ES-module project in a new temporary folder with `specs` (tarballs, or `name@version`)
 * and the named `devPackages` (pinned as in the repository) installed; returns its folder.
 */
export async function installConsumer(prefix: string, specs: string[], devPackages: string[]): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  const pinned = devPackages.map((name) => {
    if (!devDeps[name]) throw new Error(`${name} is not a devDependency of the repository: give its version in specs`);
    return `${name}@${devDeps[name]}`;
  });
  await exec(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs, ...pinned], {
    cwd: dir,
    maxBuffer: 1 << 24,
  });
  return dir;
}

export interface Consumer {
  /** The suite's own folder: a project of its own (package.json) over the shared node_modules. */
  dir: string;
  bin: (name: string) => string;
  remove: () => void;
}

/** The tarballs the packages tier packed, by package name. */
export const packedTarballs = (): Record<string, string> => inject('tarballs');

/**
 * A folder of its own for one suite inside the run's consumer project: its package.json (an ES-module
 * app) and node_modules, a link to the shared one, so `npx`, tsc and Vitest there see the installed
 * packages as an app's own.
 */
export function sharedConsumer(name: string): Consumer {
  const root = inject('consumerDir');
  if (!root) throw new Error('no consumer project: the packages tier installs it (npx vitest run --project packages)');
  const dir = mkdtempSync(path.join(root, `${name}-`));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module' }));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  return {
    dir,
    bin: (command) => path.join(root, 'node_modules', '.bin', command),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Gives a suite's folder a node_modules of its own in place of the link to the shared one: a link to
 * each shared package and a `.bin` of links to the shared commands, so `linkCommand` can change one
 * command there (`npm run` in the folder then runs that one) without touching the shared project.
 */
export function ownNodeModules(consumer: Consumer): void {
  const own = path.join(consumer.dir, 'node_modules');
  const shared = realpathSync(own);
  rmSync(own);
  mkdirSync(path.join(own, '.bin'), { recursive: true });
  for (const entry of readdirSync(shared)) if (entry !== '.bin') symlinkSync(path.join(shared, entry), path.join(own, entry));
  for (const command of readdirSync(path.join(shared, '.bin')))
    symlinkSync(realpathSync(path.join(shared, '.bin', command)), path.join(own, '.bin', command));
}

/** Makes `name` in the folder's own node_modules/.bin (ownNodeModules) run `file`. */
export function linkCommand(consumer: Consumer, name: string, file: string): void {
  const link = path.join(consumer.dir, 'node_modules', '.bin', name);
  rmSync(link, { force: true });
  symlinkSync(file, link);
}

/**
 * The environment a user's shell gives a command: this process's without what Vitest sets in it
 * (`NODE_ENV=test`, `TEST`, `VITEST…`), which would make Vite build for development.
 */
export function shellEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  if (env.NODE_ENV === 'test') delete env.NODE_ENV;
  if (env.TEST === 'true') delete env.TEST;
  return { ...env, ...extra };
}
