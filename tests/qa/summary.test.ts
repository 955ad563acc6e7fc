// Summaries where CI shows them (issue #34, point 6): with GITHUB_STEP_SUMMARY naming a file, the
// conformance runner and the proxy append their summary as Markdown (verdict, counts, coverage,
// failures linking into report.html), after whatever the file held; hostile text is escaped.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { CoverageRecorder } from '../../qa/checker/coverage.js';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import { summaryMarkdown } from '../../qa/report/markdown.js';
import { runSuite } from './conformance-helpers.js';
import { startAutoTopupStaging } from '../servers/auto-topup-staging.js';
import { startProxyProcess } from '../support/proxy-process.js';
import { testTempDir } from '../support/temp-dirs.js';

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
}, 120_000);
afterAll(async () => {
  await upstream?.stop();
});

const summaryFile = () => {
  const file = path.join(testTempDir('qa-summary-'), 'step-summary.md');
  writeFileSync(file, '## an earlier step\n\n');
  return file;
};

describe('GITHUB_STEP_SUMMARY', () => {
  it('the conformance runner appends its verdict, counts, coverage and failures with links into the report', async () => {
    const file = summaryFile();
    const staging = await startAutoTopupStaging(upstream.baseUrl, { acceptAnyUnits: true });
    try {
      const run = await runSuite({
        CONFORMANCE_BASE_URL: staging.url,
        CONFORMANCE_TOKEN: 'summary-token',
        CONFORMANCE_RATE_LIMIT: 'none',
        CONFORMANCE_PHASES: 'rules',
        GITHUB_STEP_SUMMARY: file,
      });
      expect(run.code, run.output).toBe(1);
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('## an earlier step\n\n')).toBe(true);
      expect(text).toContain('### Conformance: ❌ FAILED');
      expect(text).toMatch(/\| RULE \| 15 \|/);
      expect(text).toMatch(/\*\*Coverage:\*\* operations 1\/\d+/);
      expect(text).toMatch(/- \[RULE PUT \/account\/auto-topup\]\(report\.html#rule-[0-9a-f]{8}\)/);
      expect(text).not.toContain('summary-token');
    } finally {
      await staging.close();
    }
  }, 120_000);

  it('the proxy appends its own on stop', async () => {
    const file = summaryFile();
    const proxy = await startProxyProcess(upstream.baseUrl, { GITHUB_STEP_SUMMARY: file });
    await fetch(`${proxy.base}/me`, { headers: { authorization: 'Bearer summary-proxy' } });
    expect(await proxy.stop('SIGTERM')).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('### Validating proxy: ✅ PASSED');
    expect(text).toMatch(/\*\*Coverage:\*\* operations 1\/\d+/);
    expect(text).toContain('| none | 0 |');
  }, 120_000);

  it('hostile text is escaped: no HTML, no table break', () => {
    const hostile = '<img src=x onerror=alert(1)>|![x](https://example.com/t.png)';
    const text = summaryMarkdown({
      tool: 'proxy',
      title: 'Validating proxy',
      verdict: 'failed',
      because: [hostile],
      target: 'http://127.0.0.1:1/v2',
      startedAt: new Date(0).toISOString(),
      seconds: 1,
      counts: { [hostile]: 1 },
      figures: {},
      coverage: new CoverageRecorder(ContractModel.load()).report(),
      failures: [{ id: 'schema-1', source: 'proxy', kind: 'SCHEMA', operation: hostile, title: hostile, contract: '', got: '' }],
      notes: [],
      reportDir: '/tmp/x',
    });
    expect(text).not.toMatch(/<img/);
    expect(text).not.toMatch(/[^\\]!\[x\]/);
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;\\|');
  });
});
