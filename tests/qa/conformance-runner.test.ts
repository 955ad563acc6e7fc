// The runner's own pieces, without Schemathesis: settings from CONFORMANCE_*, the command line it
// builds, the summary it prints, and the throttle that keeps a remote run inside the rate limit.
import { ContractModel } from '../../lib/contract/index.js';
import { failuresFromFindings } from '../../qa/report/from-findings.js';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildSchemathesisArgs, CHARGING_FILTER, hasLinkBetween, selectedOperations } from '../../qa/conformance/args.js';
import { operationFacts } from '../../qa/conformance/contract-facts.js';
import { neutralizeLine } from '../../qa/conformance/output-filter.js';
import {
  DEFAULT_POLL_TIMEOUT_SECONDS,
  fastPollNotice,
  pollIntervalMs,
  readSettings,
  REMOTE_DEFAULT_RATE_LIMIT,
} from '../../qa/conformance/settings.js';
import { formatSummary, parseJUnit } from '../../qa/conformance/summary.js';
import { retryDelayMs, startThrottle, tokenBudgetSpent } from '../../qa/conformance/throttle.js';

const REMOTE = { CONFORMANCE_BASE_URL: 'https://staging.example.test/v2/', CONFORMANCE_TOKEN: 'secret' };
const args = (env: Record<string, string>, remote = 'CONFORMANCE_BASE_URL' in env) =>
  buildSchemathesisArgs({
    settings: readSettings(env),
    target: { url: 'http://127.0.0.1:1/v2', remote },
    schemaPath: 'generated/openapi.yaml',
    configPath: 'schemathesis.toml',
    reportDir: '/r',
    junitPath: '/r/j.xml',
  });
const valuesAfter = (list: string[], flag: string) => list.filter((_, i) => list[i - 1] === flag);

describe('settings', () => {
  it('local mock by default: any token, no rate limit, full profile, nothing charged', () => {
    const s = readSettings({});
    expect(s.baseUrl).toBeUndefined();
    expect(s.token).toBeTruthy();
    expect(s.rateLimit).toBeUndefined();
    expect(s.profile).toBe('full');
    expect(s.allowCharges).toBe(false);
  });

  it('remote: token required, 30/m by default, trailing slash dropped', () => {
    expect(() => readSettings({ CONFORMANCE_BASE_URL: REMOTE.CONFORMANCE_BASE_URL })).toThrow(/CONFORMANCE_TOKEN/);
    const s = readSettings(REMOTE);
    expect(s.rateLimit).toBe(REMOTE_DEFAULT_RATE_LIMIT);
    expect(s.baseUrl).toBe('https://staging.example.test/v2');
  });

  it('CONFORMANCE_TOKENS: the accounts of a run, enough without CONFORMANCE_TOKEN, each named once', () => {
    const url = REMOTE.CONFORMANCE_BASE_URL;
    const s = readSettings({ CONFORMANCE_BASE_URL: url, CONFORMANCE_TOKENS: ' t1, t2 ,t3' });
    expect(s.tokens).toEqual(['t1', 't2', 't3']);
    expect(s.token).toBe('t1');
    expect(readSettings(REMOTE).tokens).toEqual([REMOTE.CONFORMANCE_TOKEN]);
    expect(() => readSettings({ CONFORMANCE_BASE_URL: url, CONFORMANCE_TOKENS: 't1,t1' })).toThrow(/twice/);
  });

  it('rate limit, max examples and profile are validated', () => {
    expect(readSettings({ ...REMOTE, CONFORMANCE_RATE_LIMIT: 'none' }).rateLimit).toBeUndefined();
    expect(readSettings({ CONFORMANCE_RATE_LIMIT: '10/s' }).rateLimit).toBe('10/s');
    expect(() => readSettings({ CONFORMANCE_RATE_LIMIT: 'fast' })).toThrow();
    expect(() => readSettings({ CONFORMANCE_MAX_EXAMPLES: '0' })).toThrow();
    expect(() => readSettings({ CONFORMANCE_PROFILE: 'huge' })).toThrow();
  });

  it('CONFORMANCE_POLL_TIMEOUT: seconds, a default, validated', () => {
    expect(readSettings({}).pollTimeoutSeconds).toBe(DEFAULT_POLL_TIMEOUT_SECONDS);
    expect(readSettings({ CONFORMANCE_POLL_TIMEOUT: '45' }).pollTimeoutSeconds).toBe(45);
    expect(() => readSettings({ CONFORMANCE_POLL_TIMEOUT: '0' })).toThrow(/CONFORMANCE_POLL_TIMEOUT/);
    expect(() => readSettings({ CONFORMANCE_POLL_TIMEOUT: 'soon' })).toThrow(/CONFORMANCE_POLL_TIMEOUT/);
  });

  it('CONFORMANCE_POLL_INTERVAL: seconds, fractions allowed, unset by default, validated', () => {
    expect(readSettings({}).pollIntervalSeconds).toBeUndefined();
    expect(readSettings({ CONFORMANCE_POLL_INTERVAL: '0.25' }).pollIntervalSeconds).toBe(0.25);
    expect(() => readSettings({ CONFORMANCE_POLL_INTERVAL: '-1' })).toThrow(
      /^CONFORMANCE_POLL_INTERVAL must be a positive number of seconds, got "-1"$/,
    );
    expect(() => readSettings({ CONFORMANCE_POLL_INTERVAL: 'often' })).toThrow(/CONFORMANCE_POLL_INTERVAL/);
  });

  it("says when CONFORMANCE_POLL_INTERVAL polls a remote target faster than the contract's cadence, and only then", () => {
    const cadence = { min: 5, max: 10 };
    expect(fastPollNotice(0.5, true, cadence)).toBe(
      'CONFORMANCE_POLL_INTERVAL=0.5 polls faster than the contract asks clients to (at least 5 s between two polls of one status): meant for a stand-in; a real deployment may count it against its limits',
    );
    expect(fastPollNotice(4.9, true, cadence)).toMatch(/^CONFORMANCE_POLL_INTERVAL=4.9 polls faster/);
    // At the cadence or slower, on the local mock, unset, or with no cadence in the contract: nothing to say.
    expect([
      fastPollNotice(5, true, cadence),
      fastPollNotice(0.5, false, cadence),
      fastPollNotice(undefined, true, cadence),
      fastPollNotice(0.5, true, undefined),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("the wait between polls: the setting, else 100 ms on the local mock, else the contract's minimum cadence", () => {
    const cadence = { min: 5, max: 10 };
    expect(pollIntervalMs(0.25, false, cadence)).toBe(250);
    expect(pollIntervalMs(0.25, true, cadence)).toBe(250);
    expect(pollIntervalMs(undefined, true, cadence)).toBe(100);
    expect(pollIntervalMs(undefined, false, cadence)).toBe(5000);
    expect(pollIntervalMs(undefined, false, undefined)).toBeUndefined();
  });
});

describe("Schemathesis's console output inside npm test", () => {
  it("no line reads as another runner's closing line; figures kept, other lines untouched", () => {
    const closing = /^=+ .* in [\d.]+m?s =+$|^# (pass|fail|tests) \d+/;
    const banners = [
      '=================================== 1 warning in 76.06s ===================================',
      '\u001b[1m====== 3 passed, 1 failed in 12.3s ======\u001b[0m',
      '================================= SUMMARY ==================================',
      '# pass 12',
    ];
    const out = banners.map(neutralizeLine);
    for (const line of out) expect(line).not.toMatch(closing);
    expect(out[0]).toBe('[schemathesis] finished: 1 warning (76.06s)');
    expect(out[2]).toBe('[schemathesis] SUMMARY');
    expect(neutralizeLine('GET /me  .  ✅ 12 passed')).toBe('GET /me  .  ✅ 12 passed');
  });
});

describe('Schemathesis command line', () => {
  it('excludes charging operations through the contract extension unless CONFORMANCE_ALLOW_CHARGES=1', () => {
    expect(valuesAfter(args({}), '--exclude-by')).toEqual([CHARGING_FILTER]);
    expect(CHARGING_FILTER).toMatch(/^\/x-credits\/charges == true$/);
    expect(args({ CONFORMANCE_ALLOW_CHARGES: '1' })).not.toContain('--exclude-by');
  });

  it('excludes DELETE against a remote URL unless CONFORMANCE_ALLOW_DESTRUCTIVE=1, never against the mock', () => {
    expect(valuesAfter(args(REMOTE), '--exclude-method')).toEqual(['DELETE']);
    expect(args({ ...REMOTE, CONFORMANCE_ALLOW_DESTRUCTIVE: '1' })).not.toContain('--exclude-method');
    expect(args({})).not.toContain('--exclude-method');
  });

  it('passes max examples, operations, phases, seed and the JUnit report; smoke is the examples phase once', () => {
    const a = args({ CONFORMANCE_MAX_EXAMPLES: '7', CONFORMANCE_OPERATIONS: 'getMe, listIdeas', CONFORMANCE_SEED: '3' });
    expect(valuesAfter(a, '--max-examples')).toEqual(['7']);
    expect(valuesAfter(a, '--include-operation-id')).toEqual(['getMe', 'listIdeas']);
    expect(valuesAfter(a, '--seed')).toEqual(['3']);
    expect(valuesAfter(a, '--report')).toEqual(['junit']);
    expect(valuesAfter(a, '--report-junit-path')).toEqual(['/r/j.xml']);
    expect(a).not.toContain('--phases'); // thorough by default: every phase in schemathesis.toml
    const smoke = args({ CONFORMANCE_PROFILE: 'smoke' });
    expect(valuesAfter(smoke, '--phases')).toEqual(['examples']);
    expect(valuesAfter(smoke, '--max-examples')).toEqual(['1']);
  });
});

describe('operation selection (from the contract)', () => {
  const facts = operationFacts();
  it('drops charging operations unless allowed, and DELETE only against a remote URL', () => {
    const local = selectedOperations(readSettings({}), facts, false);
    expect(local.some((f) => f.charges)).toBe(false);
    expect(local.some((f) => f.method === 'DELETE')).toBe(true);
    expect(selectedOperations(readSettings(REMOTE), facts, true).some((f) => f.method === 'DELETE')).toBe(false);
    expect(selectedOperations(readSettings({ CONFORMANCE_ALLOW_CHARGES: '1' }), facts, false)).toHaveLength(facts.length);
  });

  it('skips the stateful phase only when the selected operations have no link between them', () => {
    const pick = (ids: string[]) => selectedOperations(readSettings({ CONFORMANCE_OPERATIONS: ids.join(',') }), facts, false);
    const linked = facts.find((f) => f.links.some((t) => !facts.find((g) => g.operationId === t)?.charges))!;
    const target = linked.links.find((t) => !facts.find((g) => g.operationId === t)?.charges)!;
    expect(hasLinkBetween(pick([linked.operationId, target]))).toBe(true);
    const unlinked = facts.find((f) => !f.links.length && !f.charges && !facts.some((g) => g.links.includes(f.operationId)))!;
    expect(hasLinkBetween(pick([unlinked.operationId]))).toBe(false);
    expect(hasLinkBetween(selectedOperations(readSettings({}), facts, false))).toBe(true);
    const a = buildSchemathesisArgs({
      settings: readSettings({}),
      target: { url: 'http://x/v2', remote: false },
      schemaPath: 's',
      configPath: 'c',
      reportDir: 'r',
      junitPath: 'j',
      linkless: true,
    });
    expect(valuesAfter(a, '--phases')).toEqual(['examples,coverage,fuzzing']);
  });
});

describe('summary', () => {
  const xml = `<?xml version="1.0"?><testsuites><testsuite name="schemathesis">
<testcase name="GET /me" time="0.1"><failure type="failure" message="ST103">1. Test Case ID: abc

- ST103 Undocumented HTTP status code

    Received: 201
    Documented: 200, 401

[201] Created:

    \`{&quot;ok&quot;: true}\`

Reproduce with:

    curl -X GET -H 'Authorization: [Filtered]' http://127.0.0.1:9/v2/me</failure></testcase>
<testcase name="GET /ideas" time="0.1"/>
</testsuite></testsuites>`;

  it('lists operation, check and a curl with the token placeholder and the real base URL', () => {
    const findings = parseJUnit(xml);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ operation: 'GET /me', code: 'ST103', title: 'Undocumented HTTP status code' });
    expect(findings[0].detail).toContain('Received: 201');
    const text = formatSummary(findings, { rewriteOrigin: ['http://127.0.0.1:9/v2', 'https://staging.example.test/v2'] });
    expect(text).toContain('GET /me');
    expect(text).toContain('curl -X GET -H "Authorization: Bearer $CONFORMANCE_TOKEN" https://staging.example.test/v2/me');
    expect(formatSummary([])).toBe('No failures.');
  });

  it("keeps the answer Schemathesis printed, and report.html's failure shows it under what came back", () => {
    const [finding] = parseJUnit(xml);
    expect(finding.response).toBe('[201] Created:\n`{"ok": true}`');
    const [failure] = failuresFromFindings([finding], ContractModel.load());
    expect(failure.got).toContain('Received: 201');
    expect(failure.got).toContain('[201] Created:\n`{"ok": true}`');
  });

  it('gives every step of a stateful reproduction the token placeholder, not just the first', () => {
    const steps =
      "curl -X POST -H 'Authorization: [Filtered]' http://127.0.0.1:9/v2/voice-clones && \\\n  curl -X GET -H 'Authorization: [Filtered]' http://127.0.0.1:9/v2/voice-clones/12";
    const text = formatSummary([
      { operation: 'Stateful tests', code: 'ST302', title: 'Created resource not found', detail: '', curl: steps },
    ]);
    expect(text).not.toContain('[Filtered]');
    expect(text.split('Bearer $CONFORMANCE_TOKEN').length - 1).toBe(2);
  });
});

describe('throttle', () => {
  it('Retry-After wins, then X-RateLimit-Reset, then one window', () => {
    expect(retryDelayMs('3', null, 60_000)).toBe(3_000);
    expect(retryDelayMs(null, '1010', 60_000, 1_000_000)).toBe(10_250);
    expect(retryDelayMs(null, null, 60_000)).toBe(60_000);
  });

  it("a 429 is waited out only when the token's budget is spent; another limit's 429 (budget left) is the answer", () => {
    expect(tokenBudgetSpent({ headers: { 'x-ratelimit-remaining': '0' } })).toBe(true);
    expect(tokenBudgetSpent({ headers: {} })).toBe(true);
    expect(tokenBudgetSpent({ headers: { 'x-ratelimit-remaining': '12' } })).toBe(false);
  });

  it('with a token, only requests carrying it draw on its budget; one without a token waits on a budget of its own', async () => {
    const upstream = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as import('node:net').AddressInfo).port;
    // 1 a minute: a second request on the same budget would have to wait most of a minute.
    const throttle = await startThrottle(`http://127.0.0.1:${port}/v2`, '1/m', () => undefined, { token: 'lane-token' });
    try {
      const own = await fetch(`${throttle.url}/me`, { headers: { authorization: 'Bearer lane-token' } });
      const anonymous = await fetch(`${throttle.url}/me`);
      expect([own.status, anonymous.status, throttle.stats.requests]).toEqual([200, 200, 2]);
      expect(throttle.stats.pacedMs).toEqual({ token: 0, others: 0 });
    } finally {
      await throttle.close();
      upstream.close();
    }
  });

  it('passes a 429 with budget left straight through (character previews at 5 a minute)', async () => {
    const upstream = http.createServer((_req, res) => {
      res.writeHead(429, { 'retry-after': '30', 'x-ratelimit-remaining': '25' });
      res.end();
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as import('node:net').AddressInfo).port;
    const throttle = await startThrottle(`http://127.0.0.1:${port}/v2`, '10/s', () => undefined);
    try {
      expect((await fetch(`${throttle.url}/characters/1/preview`, { method: 'POST' })).status).toBe(429);
      expect([throttle.stats.requests, throttle.stats.waited429]).toEqual([1, 0]);
    } finally {
      await throttle.close();
      upstream.close();
    }
  });

  it('paces requests to the limit and waits out a 429 before answering', async () => {
    let calls = 0;
    const upstream = http.createServer((req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(429, { 'retry-after': '1' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-seen-path': req.url ?? '' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as import('node:net').AddressInfo).port;
    const lines: string[] = [];
    const throttle = await startThrottle(`http://127.0.0.1:${port}/v2`, '2/s', (l) => lines.push(l));
    try {
      expect(throttle.url).toMatch(/\/v2$/);
      const started = Date.now();
      const first = await fetch(`${throttle.url}/me`);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-seen-path')).toBe('/v2/me');
      expect(Date.now() - started).toBeGreaterThanOrEqual(900); // the 429 was waited out
      expect(throttle.stats.waited429).toBe(1);
      expect(lines.join('\n')).toMatch(/429/);
      // 2 per second: 4 more requests cannot all leave within the first second
      const batchStart = Date.now();
      await Promise.all([1, 2, 3, 4].map(() => fetch(`${throttle.url}/me`).then((r) => r.text())));
      expect(Date.now() - batchStart).toBeGreaterThanOrEqual(900);
      expect(throttle.stats.requests).toBe(6);
    } finally {
      await throttle.close();
      upstream.close();
    }
  });
});
