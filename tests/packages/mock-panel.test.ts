// The mock's in-page panel (mountMockPanel, video-api-v2-mock/msw) as a consumer uses it: the mock
// README's src/mocks/browser.ts block starts MSW's worker with the handlers and mounts the panel in a
// page bundled by esbuild (tests/packages/consumer/panel-app.mjs), opened in headless Chromium. The
// panel drives the page's world through /__mock on the page's own origin: zeroed credits give the
// page's next charging call its 402, a forced `failed` and an advanced clock reach the page's reads,
// and the journal shows the page's calls, markup as text. The page's CSS does not reach it.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { exec, ROOT, sharedConsumer } from '../support/consumer.js';
import { installedReadme, writeBlocks } from '../support/readme-blocks.js';
import { testTempDir } from '../support/temp-dirs.js';

let project: string;
let server: Server;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

/** A page whose own CSS would restyle any button, table and font it reaches. */
const INDEX = `<!doctype html><meta charset="utf-8"><title>app</title>
<style>* { font-family: serif; } button { background: rgb(255, 0, 0); } table, select { display: none; }</style>
<button id="render">render</button><button id="poll">poll</button><button id="script">script</button>
<button id="markup">markup</button><p id="result">waiting</p><script type="module" src="/app.js"></script>`;

beforeAll(async () => {
  project = sharedConsumer('mock-panel').dir;
  writeBlocks(
    project,
    installedReadme(project, 'video-api-v2-mock').filter((b) => b.file === 'src/mocks/browser.ts'),
  );
  cpSync(path.join(ROOT, 'tests/packages/consumer/panel-app.mjs'), path.join(project, 'panel-app.mjs'));
  const site = path.join(project, 'site');
  mkdirSync(site, { recursive: true });
  await exec(
    path.join(project, 'node_modules', '.bin', 'esbuild'),
    ['panel-app.mjs', '--bundle', '--splitting', '--format=esm', '--platform=browser', '--outdir=site', '--entry-names=app'],
    { cwd: project },
  );
  cpSync(path.join(project, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), path.join(site, 'mockServiceWorker.js'));
  writeFileSync(path.join(site, 'index.html'), INDEX);
  server = createServer((req, res) => {
    const file = path.join(site, req.url === '/' ? 'index.html' : path.basename(req.url ?? ''));
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  context = await launchChromium(testTempDir('mock-panel-chromium-'));
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
  await page.waitForSelector('body[data-ready=yes]', { timeout: 60_000 });
}, 180_000);

afterAll(async () => {
  await context?.close();
  server?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

const panel = () => page.locator('[data-mock-panel]');

/** Clicks one of the page's own buttons; what the page then shows in #result. */
async function appCall(name: string): Promise<string> {
  await page.evaluate(() => {
    document.querySelector('#result')!.textContent = 'waiting';
  });
  await page.click(`#${name}`);
  await page.waitForFunction(() => !/^(waiting|…)$/.test(document.querySelector('#result')!.textContent ?? ''), undefined, {
    timeout: 30_000,
  });
  return (await page.textContent('#result')) ?? '';
}

/** Has the panel read the mock again (its ↻ button) and waits until it has. */
async function reread(): Promise<void> {
  const before = Number(await panel().getAttribute('data-reads'));
  await panel().locator('[data-action=refresh]').click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-mock-panel]')!.getAttribute('data-reads')) > n, before);
}

beforeEach(async () => {
  // A fresh world for each test (ids from 1, the start clock), asked for as the page would ask.
  await page.evaluate(() => fetch('/__mock/reset', { method: 'POST' }).then((r) => r.status));
  await reread();
});

describe('mountMockPanel in a page that runs the MSW handlers in the browser', () => {
  it("zeroes the token's credits: the page's next charging call is a 402", async () => {
    expect(await panel().locator('[data-field=token]').inputValue()).toBe('panel-dev');
    expect(await appCall('render')).toBe('rendering 1');
    // An empty field is refused by the control API and said so, not taken as 0.
    await panel().locator('[data-field=credits]').fill('');
    await panel().locator('[data-action=set-credits]').click();
    await expect.poll(() => panel().locator('[data-field=problem]').textContent()).toMatch(/422/);
    expect(await panel().locator('[data-field=credits-shown]').textContent()).not.toBe('0 credits');
    await panel().locator('[data-field=credits]').fill('0');
    await panel().locator('[data-action=set-credits]').click();
    await expect.poll(() => panel().locator('[data-field=credits-shown]').textContent()).toBe('0 credits');
    expect(await appCall('script')).toBe('402 INSUFFICIENT-CREDITS');
  }, 60_000);

  it("forces a render to failed from its machine's states, and the page reads failed", async () => {
    expect(await appCall('render')).toBe('rendering 1');
    await reread();
    const row = panel().locator('tr[data-path="/faceless/1"]');
    expect(await row.locator('[data-state]').textContent()).toBe('rendering');
    const states = await row.locator('[data-field=force-state] option').allTextContents();
    expect(states).toEqual(expect.arrayContaining(['rendering', 'completed', 'failed']));
    await row.locator('[data-field=force-state]').selectOption('failed');
    await row.locator('[data-action=force]').click();
    await expect.poll(() => row.locator('[data-state]').textContent()).toBe('failed');
    expect(await appCall('poll')).toBe('failed');
  }, 60_000);

  it('advances the manual clock until a render completes, and switches the clock to auto', async () => {
    expect(await appCall('render')).toBe('rendering 1');
    expect(await appCall('poll')).toBe('rendering');
    await panel().locator('[data-field=steps]').fill('10');
    await panel().locator('[data-action=advance-steps]').click();
    await expect.poll(() => appCall('poll')).toBe('completed');
    await panel().locator('[data-field=clock-mode]').selectOption('auto');
    await expect.poll(() => panel().locator('[data-field=clock]').textContent()).toMatch(/^auto · /);
  }, 60_000);

  it("shows the page's calls in the journal, markup in a path as text; the page's CSS does not reach the panel", async () => {
    expect(await appCall('render')).toBe('rendering 1');
    expect(await appCall('poll')).toBe('rendering');
    expect(await appCall('markup')).toMatch(/^markup \d{3}$/);
    await reread();
    const calls = await panel().locator('[data-field=call]').allTextContents();
    // The markup as the mock recorded it (the browser percent-encodes it), shown as that text.
    const recorded = await page.evaluate(async () => {
      const { requests } = await (await fetch('/__mock/requests?limit=1')).json();
      return `${requests[0].method} ${requests[0].path}`;
    });
    expect(recorded).toMatch(/^GET \/v2\/%3Cimg/);
    expect(calls.slice(0, 3)).toEqual([recorded, 'GET /v2/faceless/1', 'POST /v2/faceless/1/render']);
    const renderRow = panel().locator('tr[data-entry]', { hasText: 'POST /v2/faceless/1/render' });
    expect(await renderRow.locator('[data-field=status]').textContent()).toBe('202');
    const injected = await page.evaluate(() => ({
      images: document.querySelector('[data-mock-panel]')!.shadowRoot!.querySelectorAll('img').length,
      ran: (window as { injected?: number }).injected ?? 0,
    }));
    expect(injected).toEqual({ images: 0, ran: 0 });
    const looks = await panel()
      .locator('[data-action=set-credits]')
      .evaluate((button) => ({ background: getComputedStyle(button).backgroundColor, font: getComputedStyle(button).fontFamily }));
    expect(looks.background).not.toBe('rgb(255, 0, 0)');
    expect(looks.font).not.toBe('serif');
    expect(await panel().locator('table').first().isVisible()).toBe(true);
    mkdirSync(path.join(ROOT, 'reports', 'test'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'reports', 'test', 'mock-panel.png') });
  }, 60_000);

  it("sets the subscription and verified email: the page's next gated call is refused", async () => {
    expect(await appCall('render')).toBe('rendering 1');
    await panel().locator('[data-field=subscription]').selectOption('trial');
    await expect.poll(() => panel().locator('[data-field=subscription-shown]').textContent()).toBe('trial');
    await panel().locator('[data-field=email_verified]').uncheck();
    await reread();
    expect(await panel().locator('[data-field=email_verified]').isChecked()).toBe(false);
    expect(await appCall('script')).toMatch(/^403 /);
  }, 60_000);

  it('the function it returned removes it; mounted again, it reads the same world', async () => {
    await page.evaluate(() => (window as { unmountPanel?: () => void }).unmountPanel!());
    expect(await page.locator('[data-mock-panel]').count()).toBe(0);
    await page.evaluate(() => {
      const w = window as { unmountPanel?: () => void; mountPanel?: () => () => void };
      w.unmountPanel = w.mountPanel!();
    });
    await page.waitForSelector('[data-mock-panel][data-reads]');
    expect(await page.locator('[data-mock-panel]').count()).toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);
});
