// Try it where readers look: on the mock's docs page (GET /), every operation of the contract shows
// its "Try it" panel without a sidebar group being opened first, in headless Chromium. Nothing is
// clicked; the panels of a tag wait under its heading until Redoc renders the operations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { startMock, type RunningMock } from '../../mock/start-mock.js';
import { ROOT } from '../../scripts/lib/project.js';
import { launchChromium } from '../support/browser.js';
import { testTempDir } from '../support/temp-dirs.js';

const operationIds = ContractModel.load()
  .operations()
  .map((op) => op.id);
let mock: RunningMock;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  context = await launchChromium(testTempDir('docs-try-it-'));
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto(`${new URL(mock.url).origin}/`);
});
afterAll(async () => {
  await context?.close();
  await mock?.close();
});

describe('the docs page the mock serves', () => {
  it('shows a Try it panel for every operation before any menu is opened', async () => {
    await page.waitForFunction((n) => document.querySelectorAll('[data-try-it]').length >= n, operationIds.length, { timeout: 30_000 });
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-try-it]')]
        .filter((panel) => panel.getClientRects().length > 0)
        .map((panel) => panel.dataset.tryIt),
    );
    expect([...shown].sort()).toEqual([...operationIds].sort());
    const panel = page.locator('[data-try-it="renderFacelessVideo"]');
    await panel.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000); // let Redoc fill the sections scrolled into view, for the picture
    await panel.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    mkdirSync(path.join(ROOT, 'reports', 'test'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'reports', 'test', 'docs-try-it-panels.png') });
    expect(await panel.isVisible()).toBe(true);
  });
});
