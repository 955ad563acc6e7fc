// The console page (GET /__mock/) in headless Chromium against the real mock: it shows accounts,
// resources with state badges, ledgers and the journal, live; tokens that share a beginning read
// apart; its buttons change the mock (checked through the control API and the API itself); it makes
// no request outside the mock's origin.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project.js';
import { guardRequests, launchChromium } from '../support/browser.js';
import { call, useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_CLOCK: 'manual', MOCK_STEP_MS: '1000' });
const SCREENSHOT = path.join(ROOT, 'reports', 'mock-console.png');
const CONTROL_DOCS = pathToFileURL(path.join(ROOT, 'generated', 'docs', 'mock-control.html')).href;
const controlDoc = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'mock-control.json'), 'utf8'));
const token = 'console-team';

let context: BrowserContext;
let profile: string;
let page: Page;
const leftTheMock: string[] = [];
const pageErrors: string[] = [];
const origin = () => mock.base.replace(/\/v2$/, '');
const control = (method: string, p: string, body?: unknown) => call(origin(), method, `/__mock${p}`, { token: null, body });

async function renderingVideo(): Promise<number> {
  const id = (await mock.op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.data.id;
  await mock.op('updateFacelessVideo', { faceless: id }, { token, body: { script: 'Owls', voice_id: 17 } });
  await mock.op('renderFacelessVideo', { faceless: id }, { token });
  return id;
}

/** The selector of an account's card: lists mask tokens, so the card carries the account's ref (asked for by name). */
const cardOf = async (t: string) => `[data-ref="${(await control('GET', `/accounts/${t}`)).body.ref}"]`;
const badge = async (id: number) => page.locator(`${await cardOf(token)} [data-path="/faceless/${id}"] .badge`).textContent();

beforeAll(async () => {
  profile = await mkdtemp(path.join(os.tmpdir(), 'mock-console-chromium-'));
  context = await launchChromium(profile, { viewport: { width: 1400, height: 1000 }, serviceWorkers: 'block' });
  await guardRequests(context, (url) => url.startsWith(`${origin()}/`) || url === CONTROL_DOCS, leftTheMock);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(`uncaught: ${e.message}`));
  await page.goto(`${origin()}/__mock/`, { waitUntil: 'load' });
});

afterAll(async () => {
  await context?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('mock console (GET /__mock/) in headless Chromium', () => {
  it('shows the account, its resource with a state badge, the ledger and the journal', async () => {
    const id = await renderingVideo();
    await expect.poll(() => badge(id), { timeout: 10_000 }).toBe('rendering');
    await expect.poll(() => page.locator('#clock').textContent()).toMatch(/clock manual/);
    const ledger = page.locator(`${await cardOf(token)} table.ledger`);
    await expect.poll(() => ledger.textContent()).toMatch(/Debit: .*-\d+/);
    await expect.poll(() => page.locator('#journal tbody').textContent()).toContain('renderFacelessVideo');
  });

  it('tells apart two tokens that share a beginning (rq-user-1, rq-user-2)', async () => {
    for (const t of ['rq-user-1', 'rq-user-2']) await mock.op('getMe', {}, { token: t });
    const shown = async (t: string) => page.locator(`${await cardOf(t)} h2 .token`).textContent();
    await expect.poll(() => shown('rq-user-1'), { timeout: 10_000 }).toBe('rq-…-1');
    await expect.poll(() => shown('rq-user-2'), { timeout: 10_000 }).toBe('rq-…-2');
  });

  it('updates live when the app calls the API (polling)', async () => {
    const id = await renderingVideo();
    await expect.poll(() => badge(id), { timeout: 5_000 }).toBe('rendering');
  });

  it('"Advance 1 step" moves a render to completed', async () => {
    const id = await renderingVideo();
    await expect.poll(() => badge(id), { timeout: 5_000 }).toBe('rendering');
    await page.click('#advance-step');
    await expect.poll(() => badge(id), { timeout: 5_000 }).toBe('completed');
    expect((await mock.op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status).toBe('completed');
  });

  it('"Force" puts a render in the chosen state, as the API then shows it', async () => {
    const id = await renderingVideo();
    await expect.poll(() => badge(id), { timeout: 5_000 }).toBe('rendering');
    const row = page.locator(`${await cardOf(token)} [data-path="/faceless/${id}"]`);
    await row.locator('select[data-field="force-state"]').selectOption('failed');
    await row.locator('button[data-action="force"]').click();
    await expect.poll(() => badge(id), { timeout: 5_000 }).toBe('failed');
    expect((await mock.op('getFacelessVideo', { faceless: id }, { token })).body.data.video.status).toBe('failed');
  });

  it('switches subscription and credits', async () => {
    // Its own account: the 3 credits it sets must not starve another test's render.
    const token = 'console-billing';
    expect(await mock.balance(token)).toBeGreaterThan(3);
    const card = page.locator(`${await cardOf(token)}`);
    await card.waitFor({ timeout: 10_000 });
    await card.locator('select[data-field="subscription"]').selectOption('trial');
    await expect.poll(async () => (await control('GET', `/accounts/${token}`)).body.subscription, { timeout: 5_000 }).toBe('trial');
    expect((await mock.op('createFacelessVideo', {}, { token, body: { type: 'b-roll' } })).body.error.code).toBe(
      'PAID-SUBSCRIPTION-REQUIRED',
    );
    await page.locator(`${await cardOf(token)} select[data-field="subscription"]`).selectOption('paid');
    await expect.poll(async () => (await control('GET', `/accounts/${token}`)).body.subscription, { timeout: 5_000 }).toBe('paid');

    // The console redraws the account row after the subscription change; a fill that landed in the
    // row being replaced is typed again into the new one.
    const setCredits = async () => {
      await page.locator(`${await cardOf(token)} input[data-field="credits"]`).fill('3');
      await page.locator(`${await cardOf(token)} button[data-action="set-credits"]`).click();
    };
    await setCredits();
    await expect
      .poll(
        async () => {
          const credits = (await control('GET', `/accounts/${token}`)).body.credits;
          if (credits !== 3) await setCredits();
          return credits;
        },
        { timeout: 10_000, interval: 1_000 },
      )
      .toBe(3);
    await expect
      .poll(async () => page.locator(`${await cardOf(token)} [data-field="credits-badge"]`).textContent(), { timeout: 5_000 })
      .toBe('3 credits');
    expect(await mock.balance(token)).toBe(3);
  });

  it('stops and restarts the clock', async () => {
    await page.click('#clock-mode');
    await expect.poll(async () => (await control('GET', '/clock')).body.mode, { timeout: 5_000 }).toBe('auto');
    await expect.poll(() => page.locator('#clock').textContent(), { timeout: 5_000 }).toMatch(/clock auto/);
    await page.click('#clock-mode');
    await expect.poll(async () => (await control('GET', '/clock')).body.mode, { timeout: 5_000 }).toBe('manual');
    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it('"Reset everything" forgets every account', async () => {
    await renderingVideo();
    await expect.poll(async () => (await control('GET', '/accounts')).body.accounts.length).toBeGreaterThan(0);
    await page.click('#reset-all');
    await expect.poll(async () => (await control('GET', '/accounts')).body.accounts.length, { timeout: 5_000 }).toBe(0);
    await expect.poll(() => page.locator('#accounts').textContent(), { timeout: 5_000 }).toMatch(/No account yet/);
  });

  it("the control API's reference page (generated/docs/mock-control.html) opens offline with every operation", async () => {
    const docs = await context.newPage();
    await docs.goto(CONTROL_DOCS, { waitUntil: 'load' });
    const summaries = Object.values<Record<string, { summary?: string }>>(controlDoc.paths).flatMap((item) =>
      Object.values(item)
        .map((operation) => operation.summary)
        .filter((summary): summary is string => !!summary),
    );
    expect(summaries.length).toBeGreaterThan(10);
    await expect.poll(() => docs.locator('body').textContent(), { timeout: 10_000 }).toContain(controlDoc.info.title);
    const text = (await docs.locator('body').textContent()) ?? '';
    expect(summaries.filter((summary) => !text.includes(summary))).toEqual([]);
    await docs.close();
  });

  it('made no request outside the mock (or the docs file) and logged no error', () => {
    expect(leftTheMock).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('the request guard would have caught one (a probe to a TEST-NET address is recorded and blocked)', async () => {
    const before = leftTheMock.length;
    const errorsBefore = pageErrors.length;
    await page.evaluate(() => fetch('http://192.0.2.1/probe').catch(() => undefined));
    expect(leftTheMock.slice(before)).toEqual(['http://192.0.2.1/probe']);
    // Chromium logs the blocked probe as a console error, a moment later.
    const blocked = (e: string) => e.includes('ERR_BLOCKED_BY_CLIENT');
    await expect.poll(() => pageErrors.slice(errorsBefore).some(blocked), { timeout: 5_000 }).toBe(true);
    // The probe and its console error were this test's own; the test that no request left the mock
    // and no error was logged judges the rest, whichever order the tests run in.
    leftTheMock.splice(before);
    pageErrors.push(...pageErrors.splice(errorsBefore).filter((e) => !blocked(e)));
  });
});
