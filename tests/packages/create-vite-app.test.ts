// A new app as create-vite lays it out (its react-ts template, from the create-vite package the
// consumer installs) with every `file=` block of the packed READMEs (the mock's and the client's)
// added, built with the template's own `npm run build` (`tsc -b && vite build`) once on TypeScript 5.9
// and once on 7: it passes, and no line of the build names one of our packages (a warning about their
// code, or an error in a block). The entry starts the mock in the page before the first render, as
// the mock's README says, so Vite bundles the handlers, the panel and the client's React hooks.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, exec, linkCommand, ownNodeModules, sharedConsumer } from '../support/consumer.js';
import { installedReadme, layOutCreateViteApp, TYPESCRIPTS } from '../support/readme-blocks.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let app: Consumer;

beforeAll(() => {
  app = sharedConsumer('create-vite');
  ownNodeModules(app);
  const blocks = [...installedReadme(app.dir, 'video-api-v2-mock'), ...installedReadme(app.dir, 'video-api-v2-client')];
  layOutCreateViteApp(app.dir, blocks);
});

afterAll(() => app?.remove());

/** `npm run build` in the app with `tsc` from `pkg`; its exit code and output. */
async function build(pkg: string): Promise<{ exit: number; output: string }> {
  linkCommand(app, 'tsc', path.join(app.dir, 'node_modules', pkg, 'bin', 'tsc'));
  // A build from nothing: no build info of the other TypeScript's run, no output of it.
  rmSync(path.join(app.dir, 'node_modules', '.tmp'), { recursive: true, force: true });
  rmSync(path.join(app.dir, 'dist'), { recursive: true, force: true });
  const result = await exec(npm, ['run', 'build'], {
    cwd: app.dir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 1 << 26,
  }).catch((e) => e);
  return { exit: result.code ?? 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

describe('a create-vite React + TypeScript app with every README block', () => {
  for (const [label, pkg] of TYPESCRIPTS) {
    it(`npm run build (tsc -b && vite build) passes on ${label}, with no line naming our packages`, async () => {
      const { exit, output } = await build(pkg);
      const ours = output.split('\n').filter((line) => /video-api-v2-(client|mock|qa)/.test(line));
      const typeErrors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      expect({ exit, typeErrors, ours, built: existsSync(path.join(app.dir, 'dist', 'index.html')) }).toEqual({
        exit: 0,
        typeErrors: [],
        ours: [],
        built: true,
      });
      // The build holds the mock's panel and the contract (inlined into the handlers).
      const assets = path.join(app.dir, 'dist', 'assets');
      const code = readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(path.join(assets, file), 'utf8'))
        .join('\n');
      expect({ panel: code.includes('data-mock-panel'), contract: code.includes('x-state-machine') }).toEqual({
        panel: true,
        contract: true,
      });
    }, 300_000);
  }
});
