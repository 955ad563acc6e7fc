// Try it does what its panel offers, in headless Chromium against the mock in process (its clock
// standing still, so nothing moves on its own): a multipart upload is sent as multipart/form-data
// with a file chosen in the panel; every operation that needs no existing resource succeeds when
// sent with the panel's defaults; "Poll until done" on a draft never rendered stops at once and
// names the render call; the page reads "an AI Visuals draft". Operations, parts and the machine
// come from the contract, never typed here.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel, indefiniteArticle, type Schema, templateParams } from '../../lib/contract/index.js';
import { startMock, type RunningMock } from '../../mock/start-mock.js';
import { ROOT } from '../../scripts/lib/project.js';
import { guardRequests, launchChromium } from '../support/browser.js';
import { testTempDir } from '../support/temp-dirs.js';

const model = ContractModel.load();
const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';
/** A few bytes for each file part: the mock checks the parts, not what a file holds. */
const FILE = { name: 'sample.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('try it') };

let mock: RunningMock;
let origin: string;
let context: BrowserContext;
let page: Page;
const outside: string[] = [];
const consoleErrors: string[] = [];

/** The open panel of an operation (it waits under its tag's heading until Redoc renders the operation). */
async function panel(operationId: string, on: Page = page): Promise<Locator> {
  const found = on.locator(`[data-try-it="${operationId}"]`);
  await found.waitFor({ state: 'attached', timeout: 30_000 });
  await found.scrollIntoViewIfNeeded();
  if ((await found.getAttribute('open')) === null) await found.locator('summary').first().click();
  return found;
}

/** Gives the page a fresh mock account, typed into one open panel: every panel shares the token. */
async function freshAccount(p: Locator): Promise<void> {
  await p.locator('input[aria-label="Bearer token"]').fill(`docs-try-it-${Math.random().toString(36).slice(2, 10)}`);
}

/** Chooses a file for every file input of a panel (a file part has no default), or clears them all. */
async function chooseFiles(p: Locator, file: typeof FILE | [] = FILE): Promise<void> {
  const files = p.locator('input[type="file"]');
  for (let i = 0; i < (await files.count()); i++) await files.nth(i).setInputFiles(file);
}

/** Clicks Send and returns the status the panel shows and the body it shows. */
async function send(p: Locator): Promise<{ status: number; line: string; body: string }> {
  const status = p.locator('.try-it-status');
  await status.evaluate((s) => {
    s.textContent = '';
  });
  await p.locator('.try-it-send').click();
  await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^(\d{3} |Not sent)/);
  const line = (await status.textContent()) ?? '';
  return { status: Number(line.slice(0, 3)), line, body: (await p.locator('.try-it-output').textContent()) ?? '' };
}

/** Loads the docs page and waits until every operation's panel is on it. */
async function openDocs(on: Page): Promise<void> {
  await on.goto(`${origin}/`, { waitUntil: 'load' });
  const count = model.operations().length;
  await on.waitForFunction((n) => document.querySelectorAll('[data-try-it]').length >= n, count, { timeout: 30_000 });
}

/** The operations a reader can send without an existing resource: no path parameter. */
const standalone = model.operations().filter((op) => templateParams(op.path).length === 0);

beforeAll(async () => {
  mock = await startMock({ port: 0, clock: 'manual' });
  origin = new URL(mock.url).origin;
  context = await launchChromium(testTempDir('docs-try-it-send-'), { viewport: { width: 1400, height: 1000 }, serviceWorkers: 'block' });
  await guardRequests(context, (url) => url === origin || url.startsWith(`${origin}/`), outside);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  await openDocs(page);
});
afterAll(async () => {
  await context?.close();
  await mock?.close();
});

describe('Try it sends what its panel offers', () => {
  it('sends a multipart body with the chosen file and the prefilled form fields', async () => {
    const entry = model.operation('createVoiceClone');
    const schema = model.deref<Schema>(model.deref(entry.operation.requestBody)!.content['multipart/form-data'].schema);
    const p = await panel(entry.id);
    await freshAccount(p);
    const fileParts = Object.entries(schema?.properties ?? {}).filter(([, s]) => model.deref<Schema>(s).items?.format === 'binary');
    expect(fileParts.length).toBeGreaterThan(0);
    for (const [name] of fileParts) expect(await p.locator(`input[type="file"][data-part="${name}"]`).count()).toBe(1);
    // Without a file the panel says what is missing instead of sending.
    await chooseFiles(p, []);
    expect((await send(p)).line).toMatch(/^Not sent: fill in samples\[\]/);
    await chooseFiles(p);
    const answer = await send(p);
    expect(answer.status, answer.body).toBeLessThan(300);
    expect(JSON.parse(answer.body).data.name).toBe(await p.locator('input[data-part="name"]').inputValue());
    await p.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    mkdirSync(path.join(ROOT, 'reports', 'docs'), { recursive: true });
    await p.screenshot({ path: path.join(ROOT, 'reports', 'docs', 'try-it-multipart.png') });
  });

  it('answers 2xx to every operation that needs no existing resource, sent with the defaults', async () => {
    expect(standalone.map((op) => op.id)).toContain('estimateTextToVideo');
    await freshAccount(await panel(standalone[0].id));
    const failed: string[] = [];
    for (const op of standalone) {
      const p = await panel(op.id);
      await chooseFiles(p);
      const answer = await send(p);
      if (!(answer.status >= 200 && answer.status < 300)) failed.push(`${op.id}: ${answer.line} ${answer.body.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);

  it('stops polling a draft never rendered at once and names the render call', async () => {
    const created = await send(await panel('createAiVisualsVideo'));
    expect(created.status).toBeLessThan(300);
    const p = await panel('getAiVisualsVideo');
    expect(await p.locator('input[data-param="id"]').inputValue()).toBe(String(JSON.parse(created.body).data.id));
    const states = p.locator('.try-it-states');
    await p.locator('.try-it-poll').click();
    await expect.poll(() => states.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('waiting');
    expect(await states.textContent()).toMatch(
      /has not started.*Send POST \/ai-visuals\/\{faceless\}\/render \(renderAiVisualsVideo\) first/,
    );
    expect(await p.locator('.try-it-poll').textContent()).toBe('Poll until done');
  });

  it('gives up polling after the time limit it states when no terminal state comes', async () => {
    // A storyboard never rendered shows no status, which the service moves on by itself once a
    // render is sent: polling goes on. The page's own clock is moved past the limit, not waited for.
    const machine = model.stateMachines().find((m) => m.pollOperationIds.includes('getStoryboard'))!;
    expect(machine.transitions.filter((t) => t.from === null).every((t) => t.automatic)).toBe(true);
    const other = await context.newPage();
    try {
      await other.clock.install();
      await openDocs(other);
      expect((await send(await panel('createStoryboard', other))).status).toBeLessThan(300);
      const p = await panel('getStoryboard', other);
      const note = (await p.locator('.try-it-poll-note').textContent()) ?? '';
      const limit = Number(/after (\d+) s\./.exec(note)?.[1]);
      expect(limit).toBeGreaterThan(0);
      const states = p.locator('.try-it-states');
      await p.locator('.try-it-poll').click();
      await expect.poll(() => states.textContent(), { timeout: 15_000 }).toMatch(/…$/);
      expect(await states.getAttribute('data-outcome')).toBeNull();
      await other.clock.fastForward(limit * 1000);
      await expect.poll(() => states.getAttribute('data-outcome'), { timeout: 15_000 }).toBe('limit');
      expect(await states.textContent()).toContain(`No terminal state after ${limit} s.`);
    } finally {
      await other.close();
    }
  });

  it('reads "an AI Visuals draft" where the contract names it', async () => {
    const summary = model.operation('createAiVisualsVideo').operation.summary!;
    const [verb, article, ...rest] = summary.split(' ');
    expect([verb, article]).toEqual(['Create', indefiniteArticle(rest.join(' '))]);
    // Redoc renders a tag's operations once the tag is opened from the menu (unless it is already).
    const entry = model.operation('createAiVisualsVideo');
    const link = page.locator(`${MENU_ITEM} a[href$="/${entry.id.toLowerCase()}"]`);
    if (!(await link.count())) await page.locator(`${MENU_ITEM} [data-text="${entry.operation.tags![0]}"]`).last().click();
    await link.first().click();
    const heading = page.locator(`[data-section-id$="/${entry.id.toLowerCase()}"] h2`).first();
    await expect.poll(() => heading.textContent(), { timeout: 15_000 }).toBe('Create an AI Visuals draft');
    const labels = await page.locator(MENU_ITEM).allTextContents();
    expect(labels.some((l) => l.includes('Create an AI Visuals draft'))).toBe(true);
    expect(labels.filter((l) => / a AI /.test(l))).toEqual([]);
  });

  it('made no request outside the mock and logged no console error', () => {
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
