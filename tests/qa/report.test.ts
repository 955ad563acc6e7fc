// One report a person reads (issue #34, point 2): every conformance run writes report.html, one
// offline file. Opened from disk in headless Chromium it makes no request besides itself, shows the
// verdict, the counts, the coverage and a failure from a real run (a stand-in that accepts
// `units: 7`) with what the contract says, what came back and its reproduction; hostile text from
// a deployment is shown as text, never run.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ContractModel } from '../../lib/contract/index.js';
import { CoverageRecorder } from '../../qa/checker/coverage.js';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import type { RunReport } from '../../qa/report/model.js';
import { writeRunReport } from '../../qa/report/write.js';
import { ROOT } from '../../scripts/lib/project.js';
import { runSuite } from './conformance-helpers.js';
import { startAutoTopupStaging } from '../servers/auto-topup-staging.js';
import { guardRequests, launchChromium } from '../support/browser.js';
import { testTempDir } from '../support/temp-dirs.js';

const TOKEN = 'report-secret-token-4711';
let upstream: LocalServer;
let context: BrowserContext;
beforeAll(async () => {
  upstream = await startLocalServer();
  context = await launchChromium(testTempDir('qa-report-browser-'), { viewport: { width: 1200, height: 900 } });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await upstream?.stop();
});

/** Opens a file from disk; returns the page and every request other than the file itself. */
async function open(file: string) {
  const url = pathToFileURL(file).href;
  const requests: string[] = [];
  await guardRequests(context, (u) => u === url, requests);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await context.unrouteAll();
  return { page, requests };
}

describe('report.html', () => {
  it('a real run with a failure: opens from disk with 0 requests, verdict, counts, coverage and the failure with its reproduction', async () => {
    const staging = await startAutoTopupStaging(upstream.baseUrl, { acceptAnyUnits: true });
    let result: Awaited<ReturnType<typeof runSuite>>;
    try {
      result = await runSuite({
        CONFORMANCE_BASE_URL: staging.url,
        CONFORMANCE_TOKEN: TOKEN,
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_PHASES: 'rules',
      });
    } finally {
      await staging.close();
    }
    expect(result.code, result.output).toBe(1);
    const file = path.join(result.reportDir, 'report.html');
    expect(existsSync(file), result.output).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    expect(readFileSync(path.join(result.reportDir, 'run-report.json'), 'utf8')).not.toContain(TOKEN);
    const { page, requests } = await open(file);
    try {
      expect(requests).toEqual([]);
      expect(await page.locator('#verdict').textContent()).toBe('FAILED');
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).toContain('Failures by kind');
      expect(text).toMatch(/operations\s*\d+\s*\d+/);
      const seven = page.locator('section.failure', { hasText: '"units":7}' });
      expect(await seven.count()).toBe(1);
      const failure = (await seven.textContent()) ?? '';
      expect(failure).toContain('PUT /account/auto-topup');
      expect(failure).toContain('Up to 100 only 1, 2, 3, 4, 5, 10, 20, 30, 50 and 100'); // what the contract says
      expect(failure).toContain('"units":7,"enabled_at"'); // what came back
      expect(failure).toContain('Authorization: Bearer $CONFORMANCE_TOKEN'); // the reproduction
      expect(failure).toMatch(/video-api-conformance replay \S+ --case rule-[0-9a-f]{8}/);
      mkdirSync(path.join(ROOT, 'reports', 'qa'), { recursive: true });
      await page.screenshot({ path: path.join(ROOT, 'reports', 'qa', 'report-html.png') });
    } finally {
      await page.close();
    }
  }, 180_000);

  it('hostile text from a deployment is shown as text: no script runs, no element is injected', async () => {
    const contract = ContractModel.load();
    const hostile = '</pre><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><a href="https://example.com/x">x</a>';
    const report: RunReport = {
      tool: 'proxy',
      title: `Validating proxy ${hostile}`,
      verdict: 'failed',
      because: [hostile],
      target: `http://127.0.0.1:1/v2${hostile}`,
      startedAt: new Date(0).toISOString(),
      seconds: 1,
      counts: { [hostile]: 1 },
      figures: {},
      coverage: new CoverageRecorder(contract).report(),
      failures: [
        {
          id: `schema-"><script>`,
          source: 'proxy',
          kind: 'SCHEMA',
          operation: `GET /me${hostile}`,
          title: hostile,
          contract: hostile,
          got: hostile,
          curl: `curl ${hostile}`,
        },
      ],
      notes: [hostile],
      reportDir: hostile,
    };
    const dir = testTempDir('qa-report-hostile-');
    const { html } = writeRunReport(dir, report, {});
    const { page, requests } = await open(html);
    try {
      expect(requests).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator('script, img, a').count()).toBe(0);
      expect(await page.locator('section.failure').count()).toBe(1);
      expect(await page.locator('section.failure pre').first().textContent()).toBe(hostile);
    } finally {
      await page.close();
    }
  }, 60_000);
});
