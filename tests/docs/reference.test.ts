// The published reference docs in a real browser: headless Chromium opens generated/docs/index.html
// from disk with every network request blocked, and a reader's path through it works. What to expect
// (operations, tags, state machines, gaps) is read from generated/openapi.json, never typed here.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { knownGaps } from '../../scripts/docs/known-gaps.js';
import { isGuessedOperation, UNCONFIRMED_LABEL } from '../../scripts/build-steps/unconfirmed.js';
import { stateMachines } from '../../scripts/docs/state-diagrams.js';
import { ROOT } from '../../scripts/lib/project.js';
import { guardRequests, launchChromium } from '../support/browser.js';

const HTML = path.join(ROOT, 'generated', 'docs', 'index.html');
const PAGE_URL = pathToFileURL(HTML).href;
const REPORT_DIR = path.join(ROOT, 'reports', 'docs');
const doc = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
const ops = ContractModel.of(doc).operations();

const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';

let context: BrowserContext;
let page: Page;
let userDataDir: string;
const leftThePage: string[] = [];
const consoleErrors: string[] = [];

/** The side-menu link to an operation (Redoc links operations by their lower-cased operationId). */
function menuLink(operationId: string): Locator {
  return page.locator(`${MENU_ITEM} a[href$="/${operationId.toLowerCase()}"]`);
}

function section(operationId: string): Locator {
  return page.locator(`[data-section-id$="/${operationId.toLowerCase()}"]`);
}

async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return !!box && box.width > 0 && box.height > 0 && box.y < view.height && box.y + box.height > 0;
}

function _exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/**
 * A heading whose whole text is `text` (Redoc adds link icons, so the accessible name may differ),
 * optionally followed by the "Unconfirmed" badge of a guessed operation.
 */
function heading(scope: Page | Locator, text: string): Locator {
  const badge = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(${UNCONFIRMED_LABEL}\\s*)?$`);
  return scope.locator('h1, h2, h3').filter({ hasText: badge }).first();
}

/** Clicks the side-menu entry whose own label is `text` (the last one: a tag comes after its group). */
async function clickMenu(text: string): Promise<void> {
  await page
    .locator(`${MENU_ITEM} [data-text="${text.replace(/"/g, '\\"')}"]`)
    .last()
    .click();
}

/** Opens an operation from the side menu, expanding its tag first when needed; returns the link's href. */
async function openOperation(o: (typeof ops)[number]): Promise<string | null> {
  const link = menuLink(o.id);
  if (!(await link.count())) await clickMenu(o.operation.tags![0]);
  await link.waitFor({ timeout: 10_000 });
  const href = await link.getAttribute('href');
  await link.click();
  await heading(section(o.id), o.operation.summary!).waitFor({ state: 'visible', timeout: 10_000 });
  return href;
}

beforeAll(async () => {
  if (!existsSync(HTML)) throw new Error(`${HTML} is missing: run \`npm run build\` (or \`npm run docs\`)`);
  userDataDir = await mkdtemp(path.join(os.tmpdir(), 'docs-chromium-'));
  context = await launchChromium(userDataDir, { viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  await guardRequests(context, (url) => url === PAGE_URL, leftThePage);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  await page.locator(MENU_ITEM).first().waitFor();
});

// Every test starts from a freshly loaded page with Redoc's stored settings (colour mode, hidden
// sidebar, layout) forgotten, whatever the test before it clicked or typed.
beforeEach(async () => {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(PAGE_URL, { waitUntil: 'load' });
  await page.locator(MENU_ITEM).first().waitFor();
});

afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
});

describe('reference docs (generated/docs/index.html) in headless Chromium, offline', () => {
  it("lists the tags in the contract's order in the side menu", async () => {
    const labels = (await page.locator(MENU_ITEM).allTextContents()).map((t) => t.trim());
    const positions = ContractModel.of(doc)
      .tagOrder()
      .map((tag) => labels.lastIndexOf(tag));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("shows every operation's summary after a side-menu click, and the click navigates", async () => {
    const missing: string[] = [];
    for (const tag of ContractModel.of(doc).tagOrder()) {
      for (const o of ops.filter((x) => x.operation.tags?.[0] === tag)) {
        const href = await openOperation(o);
        // Under load Redoc can drop a click while it is still scrolling to the last one: click again once.
        const navigated = (timeout: number) =>
          page
            .waitForFunction((h) => location.hash === h, href, { timeout })
            .then(
              () => true,
              () => false,
            );
        if (!(await navigated(10_000)) && !(await openOperation(o).then(() => navigated(10_000)))) {
          missing.push(
            `${o.label}: the menu link did not navigate to ${href} (location.hash stayed ${await page.evaluate(() => location.hash)})`,
          );
          continue;
        }
        // Redoc may still be scrolling smoothly: give the heading a moment to arrive.
        const arrived = await expect
          .poll(() => inViewport(heading(section(o.id), o.operation.summary!)), { timeout: 5_000 })
          .toBe(true)
          .then(
            () => true,
            () => false,
          );
        if (!arrived) missing.push(`${o.label}: "${o.operation.summary}" not in view`);
      }
    }
    expect(missing).toEqual([]);
  }, 180_000);

  it('draws every state machine as an SVG diagram with its states', async () => {
    await clickMenu('State machines');
    const machines = stateMachines(doc);
    const diagrams = page.locator('.state-diagram[data-place="overview"] svg');
    await diagrams.first().waitFor({ state: 'visible' });
    expect(await diagrams.count()).toBe(machines.length);
    for (const [i, { machine }] of machines.entries()) {
      const svg = diagrams.nth(i);
      const box = await svg.boundingBox();
      expect(box && box.width > 100 && box.height > 30, `${machine.resource} diagram has a size`).toBe(true);
      const labels = (await svg.locator('text').allTextContents()).join(' ');
      for (const state of machine.states) expect(labels).toContain(state);
    }
    await diagrams.first().scrollIntoViewIfNeeded();
    expect(await inViewport(diagrams.first())).toBe(true);
    await mkdir(REPORT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(REPORT_DIR, 'state-machines.png') });
  });

  it('draws the state diagram on the page of each tag that polls the resource', async () => {
    for (const { schema, machine } of stateMachines(doc)) {
      const poll = ops.find((o) => o.id === machine.pollOperationIds[0])!;
      await clickMenu(poll.operation.tags![0]);
      const svg = page.locator(`.state-diagram[data-place^="tag-"][data-state-machine="${schema}"] svg`).first();
      await svg.waitFor({ state: 'visible', timeout: 10_000 });
      const box = await svg.boundingBox();
      expect(box && box.width > 100 && box.height > 30, `${machine.resource} on the ${poll.operation.tags![0]} page`).toBe(true);
    }
  });

  it('lists every known gap from the contract, with a guess column marking guessed operations', async () => {
    await clickMenu('Known gaps');
    const gaps = knownGaps(doc);
    await heading(page, 'Known gaps').waitFor({ state: 'visible' });
    const table = page.locator('table').filter({ hasText: gaps[0].pointer });
    const rows = table.locator('tbody > tr');
    expect(await rows.count()).toBe(gaps.length);
    const text = await table.innerText();
    for (const gap of gaps) expect(text).toContain(gap.text.replace(/`/g, ''));
    const guessCells = await rows.evaluateAll((trs) => trs.map((tr) => (tr.children[1] as HTMLElement).innerText.trim()));
    expect(guessCells).toEqual(gaps.map((g) => (g.guess ? 'operation' : 'detail')));
    expect(gaps.filter((g) => g.guess).length).toBeGreaterThan(0);
    // Every column is readable without scrolling sideways in the middle column.
    const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('shows an Unconfirmed badge on every operation whose path or method is a guess, and on no other', async () => {
    const guessed = ops.filter((o) => isGuessedOperation(o.operation));
    expect(guessed.length).toBeGreaterThan(0);
    for (const o of [...guessed, ...ops.filter((x) => !isGuessedOperation(x.operation)).slice(0, 5)]) {
      await openOperation(o);
      const header = heading(section(o.id), o.operation.summary ?? o.id);
      const badge = header.getByText(UNCONFIRMED_LABEL, { exact: true });
      expect(await badge.count(), o.label).toBe(isGuessedOperation(o.operation) ? 1 : 0);
    }
  });

  it('finds an operation with the built-in search', async () => {
    const target = ops[ops.length - 1];
    await page.getByText('Search', { exact: false }).first().click();
    await page.keyboard.type(target.operation.summary!);
    const result = page.locator('[data-component-name="Search/SearchItem"]').filter({ hasText: target.operation.summary }).first();
    await result.waitFor({ state: 'visible', timeout: 10_000 });
    await result.click();
    const title = heading(section(target.id), target.operation.summary!);
    await title.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await inViewport(title)).toBe(true);
  });

  it('switches response examples', async () => {
    // An operation whose success response has named examples with different `data.status` values.
    const found = ops.flatMap((o) => {
      const ok = Object.entries<any>(o.operation.responses).find(([code]) => /^2/.test(code))?.[1];
      const examples = Object.values<any>(ok?.content?.['application/json']?.examples ?? {}).map((e) => ContractModel.of(doc).deref(e));
      const statuses = new Set(examples.map((e) => e.value?.data?.status).filter((s) => typeof s === 'string'));
      return statuses.size > 1 ? [{ o, examples }] : [];
    })[0];
    expect(found, 'the contract has an operation with several status examples').toBeTruthy();
    const { o, examples } = found!;
    await openOperation(o);
    const sec = section(o.id);
    const picker = sec.getByRole('button', { name: 'Example' }).last();
    await picker.waitFor({ state: 'visible' });
    const other = examples.find((e) => e.value.data.status !== examples[0].value.data.status)!;
    await picker.click();
    await page.getByRole('menuitem', { name: other.summary, exact: true }).click();
    await expect.poll(() => sec.innerText()).toContain(`"status": "${other.value.data.status}"`);
    expect(await picker.innerText()).toContain(other.summary);
  });

  it('shows curl, TypeScript client and Python samples for an operation', async () => {
    const o = ops.find((x) => x.operation['x-credits']?.charges && /\{/.test(x.path))!;
    await openOperation(o);
    const sec = section(o.id);
    await sec.getByText('curl -sS', { exact: false }).first().waitFor({ state: 'visible' });
    await expect.poll(() => sec.innerText()).toContain(`--fail-with-body -X ${o.method.toUpperCase()}`);
    await sec.getByRole('button', { name: 'curl', exact: true }).click();
    await page.getByRole('menuitem', { name: 'TypeScript client' }).click();
    await expect.poll(() => sec.innerText()).toContain(`await api.${o.method.toUpperCase()}('${o.path}'`);
    await expect.poll(() => sec.innerText()).toContain("from 'video-api-v2-client'");
    await sec.getByRole('button', { name: 'TypeScript client', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Python' }).click();
    await expect.poll(() => sec.innerText()).toContain(`response = requests.${o.method}(`);
    await page.screenshot({ path: path.join(REPORT_DIR, 'operation.png') });
  });

  it("keeps working offline through the reader's toggles (colour mode, layout, expand all)", async () => {
    const o = ops.find((x) => x.operation['x-render-preconditions']) ?? ops[0];
    await openOperation(o);
    await page.getByTestId('color-mode-switcher').click();
    await heading(section(o.id), o.operation.summary!).waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(REPORT_DIR, 'dark-mode.png') });
    await page.getByTestId('color-mode-switcher').click();
    const expand = section(o.id).getByRole('button', { name: 'Expand all' });
    if (await expand.count()) await expand.first().click();
    const actions = page.locator('[data-component-name="Sidebar/SidebarActions"] button');
    expect(await actions.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await actions.count()); i++) await actions.nth(i).click();
    await heading(section(o.id), o.operation.summary!).waitFor({ state: 'visible' });
    expect(leftThePage).toEqual([]);
  });

  it('has a request guard that does catch a page reaching out (control)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-guard-'));
    const file = path.join(dir, 'control.html');
    await writeFile(
      file,
      '<!doctype html><img src="https://cdn.example.invalid/logo.svg"><script src="https://cdn.example.invalid/x.js"></script>',
    );
    const caught: string[] = [];
    const control = await launchChromium(path.join(dir, 'profile'));
    try {
      await guardRequests(control, (url) => url === pathToFileURL(file).href, caught);
      const p = control.pages()[0] ?? (await control.newPage());
      await p.goto(pathToFileURL(file).href);
      await expect.poll(() => [...caught].sort()).toEqual(['https://cdn.example.invalid/logo.svg', 'https://cdn.example.invalid/x.js']);
    } finally {
      await control.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('made no request outside the file and logged no console error', async () => {
    await page.waitForTimeout(500);
    expect(leftThePage).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
