// Storybook and Playwright as the mock's README shows them, run in a consumer project outside the
// repository that installs the packed tarballs with Storybook 10, msw-storybook-addon 3 and
// @playwright/test: the README's Storybook blocks are built (`storybook build`) and the story opened
// in headless Chromium until it shows `completed`; the README's Playwright blocks run with
// `playwright test` against the command (two webServers: the mock and a stand-in app) on ports from the
// environment while the README's default ports are taken. The packages
// tier's one consumer project has them installed (tests/packages/global-setup.ts); building the
// Storybook takes a while, so this file has a long beforeAll.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/free-port.js';
import { launchChromium } from '../support/browser.js';
import type { Page } from 'playwright-core';
import { exec, ROOT, sharedConsumer, shellEnv } from '../support/consumer.js';
import { type Block, installedReadme, writeBlocks } from '../support/readme-blocks.js';
import { testTempDir } from '../support/temp-dirs.js';

let project: string;
let blocks: Block[];
/** What `storybook build` printed. */
let storybookOutput = '';
const timings: Record<string, number> = {};

beforeAll(async () => {
  project = sharedConsumer('browser-tools').dir;
  blocks = installedReadme(project, 'video-api-v2-mock').filter((b) => b.project === 'browser');
  writeBlocks(project, blocks);
  cpSync(path.join(ROOT, 'tests/packages/consumer/app-server.mjs'), path.join(project, 'app-server.mjs'));
  // The README's `npx msw init public/ --save`.
  await exec(path.join(project, 'node_modules', '.bin', 'msw'), ['init', 'public/', '--save'], { cwd: project });
  const started = Date.now();
  const built = await exec(path.join(project, 'node_modules', '.bin', 'storybook'), ['build', '--quiet', '-o', 'storybook-static'], {
    cwd: project,
    env: shellEnv({ STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1', NO_COLOR: '1' }),
    maxBuffer: 1 << 26,
  });
  storybookOutput = `${built.stdout}${built.stderr}`;
  timings.storybookBuild = Date.now() - started;
}, 900_000);

afterAll(() => {
  console.log(`browser-tools timings (ms): ${JSON.stringify(timings)}`);
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the README blocks for the browser', () => {
  it('are there: Playwright config and test, Storybook main, preview and story', () => {
    expect(blocks.map((b) => b.file).sort()).toEqual([
      '.storybook/main.ts',
      '.storybook/preview.ts',
      'e2e/env.ts',
      'e2e/render.spec.ts',
      'playwright.config.ts',
      'src/Render.stories.ts',
      'src/Screens.stories.ts',
    ]);
  });

  it("Storybook's build: no file of ours over Vite's 500 kB warning (only Storybook's own preview chunk is), no line naming our packages", () => {
    const assets = path.join(project, 'storybook-static', 'assets');
    const large = readdirSync(assets).filter((file) => file.endsWith('.js') && statSync(path.join(assets, file)).size > 500 * 1000);
    // Storybook's preview runtime (iframe-*.js) is over 1 MB in a Storybook without any package of
    // ours, and Vite warns of it there too; every chunk our packages bring stays under the limit.
    expect(large.filter((file) => !/^iframe-[\w-]+\.js$/.test(file))).toEqual([]);
    // (A chunk Vite names after our package, `assets/video-api-v2-client-<hash>.js`, is a line of its file list.)
    const ours = /video-api-v2-(client|mock|qa)(?![\w-]*\.js\b)/;
    expect(storybookOutput.split('\n').filter((line) => ours.test(line))).toEqual([]);
  });

  it('Storybook: the built story, with msw-storybook-addon and the handlers, shows a render reach completed in Chromium', async () => {
    const started = Date.now();
    const shown = await openStories(['video-render--rendering'], /^(completed|failed|error)/, 'storybook-story.png');
    expect(shown).toEqual([{ status: 'completed', errors: [] }]);
    timings.storybookStory = Date.now() - started;
  }, 120_000);

  it("Storybook: each story starts from its own world (the preview's loader and the story's mockScenario)", async () => {
    // Switched in one page as Storybook's UI switches them (no reload, so one world for all three):
    // the render story comes last, after the trial account, and still reaches completed.
    const ids = ['video-screens--failed-render', 'video-screens--trial-account', 'video-render--rendering'];
    const shown = await openStories(ids, /^(completed|failed|error|[A-Z][A-Z-]+$)/, 'storybook-worlds.png');
    expect(shown).toEqual([
      { status: 'failed', errors: [] },
      { status: 'PAID-SUBSCRIPTION-REQUIRED', errors: [] },
      { status: 'completed', errors: [] },
    ]);
  }, 180_000);

  it('Playwright: the README config and test pass against the command (two webServers), on the ports and token the environment gives', async () => {
    const started = Date.now();
    // The README's default ports are taken (by another run, say): the run must use the ones it is given.
    const defaults = await Promise.all([4010, 5173].map(occupy));
    const [mockPort, appPort] = [await freePort(), await freePort()];
    const result = await exec(path.join(project, 'node_modules', '.bin', 'playwright'), ['test', '--reporter=json'], {
      cwd: project,
      env: { ...process.env, CI: '1', MOCK_PORT: String(mockPort), APP_PORT: String(appPort), E2E_TOKEN: 'e2e-from-env' },
      maxBuffer: 1 << 26,
    })
      .catch((e) => e)
      .finally(() => Promise.all(defaults.map((server) => new Promise((r) => (server ? server.close(r) : r(null))))));
    timings.playwright = Date.now() - started;
    const report = JSON.parse(result.stdout);
    expect({ expected: report.stats.expected, unexpected: report.stats.unexpected, errors: report.errors, exit: result.code ?? 0 }).toEqual(
      {
        expected: 1,
        unexpected: 0,
        errors: [],
        exit: 0,
      },
    );
  }, 180_000);
});

/** Opens the built stories one after another in one page; what each shows in #status once it matches `done`. */
async function openStories(ids: string[], done: RegExp, screenshot: string): Promise<{ status: string | null; errors: string[] }[]> {
  const site = path.join(project, 'storybook-static');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(site, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(site) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': contentType(file) }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const context = await launchChromium(testTempDir('storybook-chromium-'));
  const shown: { status: string | null; errors: string[] }[] = [];
  try {
    const page = await context.newPage();
    for (const [index, id] of ids.entries()) {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      if (index === 0) await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${id}&viewMode=story`);
      else await switchStory(page, id);
      await page.waitForFunction(
        (source) => new RegExp(source).test(document.querySelector('#status')?.textContent ?? 'loading'),
        done.source,
        {
          timeout: 60_000,
        },
      );
      await page.screenshot({ path: path.join(ROOT, 'reports', 'test', screenshot) }).catch(() => undefined);
      shown.push({ status: await page.textContent('#status'), errors });
      page.removeAllListeners('pageerror');
    }
  } finally {
    await context.close();
    server.close();
  }
  return shown;
}

/** Shows another story in the same preview, as Storybook's UI does: an event on its channel, no reload. */
async function switchStory(page: Page, id: string): Promise<void> {
  await page.evaluate((storyId) => {
    // The story shown until now gives up its #status, so only the next one's counts.
    document.querySelector('#status')?.removeAttribute('id');
    const channel = (globalThis as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void } })
      .__STORYBOOK_ADDONS_CHANNEL__;
    channel!.emit('setCurrentStory', { storyId, viewMode: 'story' });
  }, id);
}

function contentType(file: string): string {
  if (file.endsWith('.html')) return 'text/html';
  if (file.endsWith('.js') || file.endsWith('.mjs')) return 'text/javascript';
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.css')) return 'text/css';
  return 'application/octet-stream';
}

/** A server on a loopback port, or null when something already listens there (taken either way). */
function occupy(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer((_req, res) => res.writeHead(503).end());
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
