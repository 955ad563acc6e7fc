// The docs the mock serves, with "Try it" panels, in headless Chromium: the real mock process (a
// short MOCK_STEP_MS), every request outside the mock's origin blocked and recorded. A reader
// creates a faceless draft, configures it with the contract's examples, renders it, polls it to
// its success state and sees the credits drop in GET /me. Operations, examples, the machine and
// its states are read from the contract, never typed here.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { startMockProcess, type MockProcess } from '../../mock/launch.js';
import { ROOT } from '../../scripts/lib/project.js';
import { guardRequests, launchChromium } from '../support/browser.js';

const model = ContractModel.load();
const REPORT_DIR = path.join(ROOT, 'reports', 'docs');
const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';
const machine = model.stateMachines().find((m) => m.pollOperationIds.includes('getFacelessVideo'))!;

let mock: MockProcess;
let origin: string;
let context: BrowserContext;
let page: Page;
let userDataDir: string;
const outside: string[] = [];
const consoleErrors: string[] = [];

/** Opens an operation from the side menu (its tag first) and returns its open "Try it" panel. */
async function panel(operationId: string): Promise<Locator> {
  const entry = model.operation(operationId);
  const link = page.locator(`${MENU_ITEM} a[href$="/${operationId.toLowerCase()}"]`);
  if (!(await link.count())) await page.locator(`${MENU_ITEM} [data-text="${entry.operation.tags![0]}"]`).last().click();
  await link.first().click();
  const found = page.locator(`[data-try-it="${operationId}"]`);
  await found.waitFor({ state: 'attached', timeout: 15_000 });
  if ((await found.getAttribute('open')) === null) await found.locator('summary').first().click();
  return found;
}

/** Clicks Send and returns the status code and parsed body the panel shows. */
async function send(p: Locator): Promise<{ status: number; body: any }> {
  const status = p.locator('.try-it-status');
  await status.evaluate((s) => {
    s.textContent = '';
  });
  await p.locator('.try-it-send').click();
  await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^\d{3} /);
  return {
    status: Number((await status.textContent())!.slice(0, 3)),
    body: JSON.parse((await p.locator('.try-it-output').textContent()) ?? ''),
  };
}

async function credits(): Promise<number> {
  const { status, body } = await send(await panel('getMe'));
  expect(status).toBe(200);
  return body.data.credits.remaining;
}

beforeAll(async () => {
  mock = await startMockProcess({ MOCK_STEP_MS: '100', MOCK_QUIET: '1' });
  origin = new URL(mock.baseUrl).origin;
  userDataDir = await mkdtemp(path.join(os.tmpdir(), 'try-it-chromium-'));
  context = await launchChromium(userDataDir, { viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  await guardRequests(context, (url) => url === origin || url.startsWith(`${origin}/`), outside);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.locator(MENU_ITEM).first().waitFor();
});

afterAll(async () => {
  await context?.close();
  await mock?.stop();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

describe('the mock serves the reference docs with "Try it" panels', () => {
  it('serves the same page at / and /docs/, with the panels, while the published file has none', async () => {
    const [root, docs] = await Promise.all([fetch(`${origin}/`), fetch(`${origin}/docs/`)]);
    const [a, b] = await Promise.all([root.text(), docs.text()]);
    expect([root.status, docs.status, root.headers.get('content-type')]).toEqual([200, 200, 'text/html; charset=utf-8']);
    expect(a).toBe(b);
    expect(a).toContain('id="try-it-script"');
    expect(readFileSync(path.join(ROOT, 'generated', 'docs', 'index.html'), 'utf8')).not.toContain('id="try-it-script"');
  });

  it('serves llms.txt and the Markdown pages beside the page, and nothing else from disk', async () => {
    const answers = await Promise.all(
      ['/llms.txt', '/docs/llms-full.txt', '/docs/md/getMe.md', '/docs/md/..%2Fllms.txt', '/docs/../package.json'].map(async (p) => [
        p,
        (await fetch(`${origin}${p}`)).status,
      ]),
    );
    expect(answers).toEqual([
      ['/llms.txt', 200],
      ['/docs/llms-full.txt', 200],
      ['/docs/md/getMe.md', 200],
      ['/docs/md/..%2Fllms.txt', 404],
      ['/docs/../package.json', 404],
    ]);
  });

  it("answers HEAD with the GET's Content-Length (llms-full.txt, the page)", async () => {
    const file = readFileSync(path.join(ROOT, 'generated', 'docs', 'llms-full.txt'));
    const head = await fetch(`${origin}/llms-full.txt`, { method: 'HEAD' });
    const page = await fetch(`${origin}/docs/`);
    const pageHead = await fetch(`${origin}/docs/`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(file.byteLength)]);
    expect(pageHead.headers.get('content-length')).toBe(String(Buffer.byteLength(await page.text())));
  });

  it('answers Accept: text/markdown with the Markdown at the same URL, and links llms.txt from every docs answer', async () => {
    const docs = path.join(ROOT, 'generated', 'docs');
    const asMarkdown = { headers: { accept: 'text/markdown, text/html;q=0.5' } };
    const [root, docsRoot, op, html] = await Promise.all([
      fetch(`${origin}/`, asMarkdown),
      fetch(`${origin}/docs/`, asMarkdown),
      fetch(`${origin}/docs/md/getMe.md`, asMarkdown),
      fetch(`${origin}/docs/`),
    ]);
    expect(await root.text()).toBe(readFileSync(path.join(docs, 'llms.txt'), 'utf8'));
    expect(await docsRoot.text()).toBe(readFileSync(path.join(docs, 'llms.txt'), 'utf8'));
    expect(await op.text()).toBe(readFileSync(path.join(docs, 'md', 'getMe.md'), 'utf8'));
    expect(op.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect([root, docsRoot, op, html].map((r) => r.headers.get('link'))).toEqual([
      '</llms.txt>; rel="llms-txt"; type="text/plain"',
      '</docs/llms.txt>; rel="llms-txt"; type="text/plain"',
      '</docs/llms.txt>; rel="llms-txt"; type="text/plain"',
      '</docs/llms.txt>; rel="llms-txt"; type="text/plain"',
    ]);
    expect(html.headers.get('vary')).toContain('Accept');
  });

  it("points the page's samples and its Local mock server at this mock's own origin", async () => {
    const html = await (await fetch(`${origin}/`)).text();
    const production = model.servers()[0].url;
    const sampleBases = [...html.matchAll(/API_BASE_URL(?::-| \?\? '|\\", \\")(https?:\/\/[^"'}\\]+)/g)].map((m) => m[1]);
    expect(sampleBases.length).toBeGreaterThan(model.operations().length);
    expect(new Set(sampleBases)).toEqual(new Set([`${origin}/v2`]));
    expect(html).not.toContain('127.0.0.1:{port}');
    expect(html).toContain(`${origin}/v2`);
    expect(readFileSync(path.join(ROOT, 'generated', 'docs', 'index.html'), 'utf8')).toContain(`API_BASE_URL:-${production}`);
  });

  it('prefills a panel from the contract: method and path, the first request example and a mock token', async () => {
    const entry = model.operation('createFacelessVideo');
    const p = await panel(entry.id);
    const example = Object.values(model.deref(entry.operation.requestBody)!.content['application/json'].examples!).map(
      (e) => model.deref(e).value,
    )[0];
    expect(await p.locator('summary code').textContent()).toBe(`${entry.method.toUpperCase()} /v2${entry.path}`);
    expect(JSON.parse(await p.locator('textarea').inputValue())).toEqual(example);
    expect(await p.locator('input[aria-label="Bearer token"]').inputValue()).toMatch(/^docs-try-it-/);
  });

  it(`walks a faceless render to ${machine.success.join('/')} from the page and the credits drop in GET /me`, async () => {
    const before = await credits();
    const created = await send(await panel('createFacelessVideo'));
    expect(created.status).toBeLessThan(300);
    // Configure with every request example of the update operation (the contract's voice, genre, script).
    const update = await panel('updateFacelessVideo');
    const names = await update.locator('select option').count();
    for (let i = 0; i < Math.max(names, 1); i++) {
      if (names) await update.locator('select').selectOption(String(i));
      expect((await send(update)).status).toBe(200);
    }
    // The id reached the render panel through the contract's OpenAPI links.
    const render = await panel('renderFacelessVideo');
    expect(await render.locator('input[data-param="faceless"]').inputValue()).toBe(String(created.body.data.id));
    expect((await send(render)).status).toBe(202);
    const poll = await panel('getFacelessVideo');
    await poll.locator('.try-it-poll').click();
    await expect.poll(() => poll.locator('.try-it-states').getAttribute('data-state'), { timeout: 30_000 }).toBe(machine.success[0]);
    expect(await poll.locator('.try-it-states').textContent()).toMatch(/\(done\)$/);
    await poll.scrollIntoViewIfNeeded();
    await mkdir(REPORT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(REPORT_DIR, 'try-it-poll.png') });
    expect(await credits()).toBeLessThan(before);
  });

  it('made no request outside the mock and logged no console error', async () => {
    await page.waitForTimeout(300);
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
