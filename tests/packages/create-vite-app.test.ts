// A new app as create-vite lays it out (its react-ts template, from the create-vite package the
// consumer installs) with every `file=` block of the packed READMEs (the mock's and the client's)
// added, built with the template's own `npm run build` (`tsc -b && vite build`) once on TypeScript 5.9
// and once on 7: it passes with no warning at all, and no line of the build names one of our
// packages (an error in a block). The entry starts the mock as the mock's README says, through a
// dynamic import in development only, so the production build holds the client and none of the mock.
// (Every file of the mock's browser build stays under Vite's chunk-size warning on its own:
// tests/packages/browser-build.test.ts.)
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, exec, linkCommand, ownNodeModules, sharedConsumer, shellEnv } from '../support/consumer.js';
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
    env: shellEnv({ NO_COLOR: '1', FORCE_COLOR: '0' }),
    maxBuffer: 1 << 26,
  }).catch((e) => e);
  return { exit: result.code ?? 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

describe('a create-vite React + TypeScript app with every README block', () => {
  for (const [label, pkg] of TYPESCRIPTS) {
    it(`npm run build (tsc -b && vite build) passes on ${label} with no warning; the mock stays out of production`, async () => {
      const { exit, output } = await build(pkg);
      const lines = output.split('\n');
      const ours = lines.filter((line) => /video-api-v2-(client|mock|qa)/.test(line));
      const typeErrors = lines.filter((line) => /error TS\d+/.test(line));
      // Vite's and Rolldown's warnings: "(!) Some chunks are larger…", "[plugin …] warning", "▲ …".
      const warnings = lines.filter((line) => /\(!\)|\bwarn(ing)?\b|▲/i.test(line));
      expect({ exit, typeErrors, ours, warnings, built: existsSync(path.join(app.dir, 'dist', 'index.html')) }).toEqual({
        exit: 0,
        typeErrors: [],
        ours: [],
        warnings: [],
        built: true,
      });
      const assets = path.join(app.dir, 'dist', 'assets');
      const code = readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(path.join(assets, file), 'utf8'))
        .join('\n');
      // The client (its own error text) is in the build; the mock's handlers and panel are not.
      expect({
        client: code.includes('video-api-v2-client:'),
        panel: code.includes('data-mock-panel'),
        handlers: code.includes('/__mock'),
      }).toEqual({ client: true, panel: false, handlers: false });
    }, 300_000);
  }
});
