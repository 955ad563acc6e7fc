// The rules table's own logic, in process: which rules the contract states (derived, both ways of
// each machine's edges), how verdicts combine, what the report and JUnit show, how merge joins the
// shards' tables, how 429s are judged, and what counts as a refused URL.
import { describe, expect, it } from 'vitest';
import { ContractModel, refusalOf, statedRules, stateRefusals } from '../../lib/contract/index.js';
import { mergeRules } from '../../qa/conformance/merge.js';
import { judge429s } from '../../qa/conformance/rules/checks-phase.js';
import { RulesTable } from '../../qa/conformance/rules/table.js';
import type { RunContext } from '../../qa/conformance/run-context.js';
import { renderReportHtml } from '../../qa/report/html.js';
import type { RunReport } from '../../qa/report/model.js';

const contract = ContractModel.load();

describe('the stated rules derived from the contract', () => {
  it('a closed machine refuses each action from every state it gives no transition for, and only there', () => {
    const refused = stateRefusals(contract).map((r) => `${r.operationIds[0]}@${r.state ?? 'none'}`);
    // Retry only from failed: refused with no status yet, while rendering, after completion.
    expect(refused).toEqual(
      expect.arrayContaining(['retryFacelessRender@none', 'retryFacelessRender@rendering', 'retryFacelessRender@completed']),
    );
    expect(refused).not.toContain('retryFacelessRender@failed');
    // Render from a video that is not busy (no status, completed, failed); refused while rendering.
    expect(refused).toContain('renderFacelessVideo@rendering');
    for (const state of ['none', 'completed', 'failed']) expect(refused).not.toContain(`renderFacelessVideo@${state}`);
    // An open machine (storyboard, character, voice clone) states no refusal.
    expect(stateRefusals(contract).map((r) => r.machine)).not.toContain('StoryboardVideoStatus');
  });

  it('a free rule for each call the source calls free, never for a charging call or one it does not price', () => {
    const free = statedRules(contract)
      .filter((r) => r.family === 'free')
      .map((r) => r.operationIds[0]);
    expect(free).toEqual(expect.arrayContaining(['estimateFacelessRender', 'scrapeFacelessImages', 'chainStoryboardScene', 'getMe']));
    expect(free.filter((id) => contract.operation(id).credits.charges)).toEqual([]);
    // The source prices neither an upload nor a voice clone's edit or deletion: no rule is invented.
    for (const id of ['uploadAiVisualsAsset', 'updateVoiceClone', 'deleteVoiceClone', 'deletePreset']) expect(free).not.toContain(id);
  });

  it('every family is present, each rule once', () => {
    const rules = statedRules(contract);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(new Set(rules.map((r) => r.family))).toEqual(
      new Set([
        'refused in state',
        'estimate = charge',
        'charge = meta.credits',
        'free',
        'refund',
        'ownership',
        'order',
        'refusal',
        'limit',
      ]),
    );
    // Only exact estimates: the faceless render estimates are approximations.
    expect(rules.filter((r) => r.family === 'estimate = charge').map((r) => r.id)).toEqual([
      'estimate:estimateTextToVideo',
      'estimate:estimateLaunchClip',
    ]);
  });
});

describe('verdicts', () => {
  const rules = statedRules(contract).slice(0, 3);
  it('a failure outranks a pass, a pass outranks not reachable, whatever the order they come in', () => {
    const table = new RulesTable(rules);
    const [a, b, c] = rules.map((r) => r.id);
    table.fail(a, 'first');
    table.pass(a);
    table.unreachable(a, 'later');
    table.pass(b);
    table.unreachable(b, 'later');
    table.unreachable(c, 'one token');
    expect(table.list().map((r) => [r.verdict, r.why ?? r.evidence.join()])).toEqual([
      ['failed', 'first'],
      ['passed', ''],
      ['not reachable', 'one token'],
    ]);
  });

  it('JUnit: a failure carries the rule and its evidence, an unreachable rule is a skip with why', () => {
    const table = new RulesTable(rules);
    table.fail(rules[0].id, 'GET /x -> 200');
    table.unreachable(rules[1].id, 'charges not allowed');
    const [failed, skipped] = table.junitCases();
    expect(failed.failures[0].text).toContain(rules[0].text);
    expect(failed.failures[0].text).toContain('GET /x -> 200');
    expect(skipped.skipped).toBe('charges not allowed');
  });
});

describe('merge and report', () => {
  const row = (id: string, verdict: 'passed' | 'failed' | 'not reachable', why?: string) => ({
    id,
    family: 'ownership',
    operationIds: ['getStoryboard'],
    rule: `rule ${id}`,
    verdict,
    why,
    evidence: verdict === 'failed' ? ['GET /text-to-scene/1 -> 200 <b>'] : [],
  });
  const report = (shard: string, rules: ReturnType<typeof row>[]) => ({ shard, reportDir: shard, rules }) as unknown as RunReport;

  it('merge keeps each rule its worst verdict, and names a rule a shard was expected to check and none did', () => {
    const merged = mergeRules([
      report('1/2', [
        row('a', 'passed'),
        row('b', 'not reachable', 'the first account has no resource for it'),
        row('c', 'not reachable', 'a shard left it out'),
      ]),
      report('2/2', [
        row('a', 'failed'),
        row('b', 'not reachable', 'a shard left it out'),
        row('c', 'not reachable', 'a shard left it out'),
      ]),
    ]);
    expect(merged.rules?.map((r) => [r.id, r.verdict])).toEqual([
      ['a', 'failed'],
      ['b', 'not reachable'],
      ['c', 'not reachable'],
    ]);
    expect(merged.unchecked).toEqual(['rule b was checked by no shard (1/2: the first account has no resource for it)']);
    // Said, but no shard was set up short for it: the merge does not fail on it.
    expect(merged.failing).toEqual([]);
  });

  it('merge fails on a rule every shard left unchecked for being set up with one token', () => {
    const oneToken = 'one token: CONFORMANCE_TOKENS with two accounts of the deployment checks it';
    const merged = mergeRules([report('1/2', [row('a', 'not reachable', oneToken)]), report('2/2', [row('a', 'not reachable', oneToken)])]);
    expect(merged.failing).toEqual([`rule a was checked by no shard (1/2: ${oneToken})`]);
  });

  it('report.html lists every rule with its verdict, a failure with its evidence as text', () => {
    const html = renderReportHtml({
      tool: 'conformance',
      title: 'Conformance',
      verdict: 'failed',
      because: [],
      target: 'http://t/v2',
      startedAt: '2026-11-28T00:00:00Z',
      seconds: 1,
      counts: {},
      figures: {},
      coverage: {
        operations: { covered: 0, total: 0 },
        responses: { covered: 0, total: 0 },
        transitions: { covered: 0, total: 0 },
        terminalStates: { covered: 0, total: 0 },
        errorCodes: { covered: 0, total: 0 },
        charging: { called: 0, total: 0, refundsSeen: 0 },
        uncovered: { operations: [], responses: [], transitions: [], terminalStates: [], errorCodes: [] },
        lenient: [],
      },
      failures: [],
      notes: [],
      reportDir: '/r',
      rules: [row('a', 'failed'), row('b', 'not reachable', 'one token')],
    } as unknown as RunReport);
    expect(html).toContain('<h2 id="rules">Stated rules</h2>');
    expect(html).toContain('0 passed, 1 failed, 1 not reachable');
    expect(html).toContain('GET /text-to-scene/1 -&gt; 200 &lt;b&gt;');
    expect(html).toContain('one token');
  });
});

describe('429s the throttle met', () => {
  const runWith = (met429: { request: string; retryAfter: string | null; reset: string | null }[] | undefined) =>
    ({ lanes: [{ throttle: met429 ? { met429 } : undefined }] }) as unknown as RunContext;
  const verdictOf = (run: RunContext) => {
    const table = new RulesTable(statedRules(contract));
    judge429s(run, table);
    return table.list().find((r) => r.id === 'limit:429-headers');
  };

  it('a 429 without Retry-After, or with one that is not whole seconds, fails; whole seconds pass', () => {
    expect(verdictOf(runWith([{ request: 'GET /me', retryAfter: null, reset: '1764300000' }]))?.verdict).toBe('failed');
    expect(verdictOf(runWith([{ request: 'GET /me', retryAfter: 'Sat, 28 Nov 2026 18:00:00 GMT', reset: null }]))?.verdict).toBe('failed');
    expect(verdictOf(runWith([{ request: 'GET /me', retryAfter: '42', reset: null }]))?.verdict).toBe('passed');
  });

  it('no throttle, or no 429 met: not reachable, saying which', () => {
    expect(verdictOf(runWith(undefined))?.why).toMatch(/not paced/);
    expect(verdictOf(runWith([]))?.why).toMatch(/no 429/);
  });
});

describe('refused URLs', () => {
  const refusals = contract.operation('scrapeFacelessImages').refusedUrls;
  it('a listed host in any subdomain, letter case, trailing dot or scheme is refused', () => {
    for (const url of ['https://youtube.com/x', 'https://www.youtube.com/x', 'http://m.YouTube.com/x', 'https://YOUTUBE.COM./x'])
      expect(refusalOf(refusals, 'url', url), url).toBeDefined();
  });
  it('a host that only looks like one is not, nor another field', () => {
    for (const url of ['https://notyoutube.com/x', 'https://youtube.com.example.org/x', 'ftp://youtube.com/x', 'youtube.com'])
      expect(refusalOf(refusals, 'url', url), url).toBeUndefined();
    expect(refusalOf(refusals, 'link', 'https://youtube.com/x')).toBeUndefined();
  });
});
