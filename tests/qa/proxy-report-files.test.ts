// The proxy's report files (qa/proxy/report.ts) from a report built here: the JUnit document CI
// reads (which operation broke what; the client's mistakes skipped unless they count; target
// errors failed; guesses, unconfirmed refunds and unjudged bodies skipped; findings over the cap
// counted), and the JSON beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../qa/checker/types.js';
import { junit, reportJUnit, writeReport, xmlEscape } from '../../qa/proxy/report.js';
import { testTempDir } from '../support/temp-dirs.js';

const AT = '2026-11-29T05:00:00.000Z';

function report(parts: Partial<Report> = {}): Report {
  return {
    exchanges: 0,
    blocked: 0,
    violations: [],
    requestErrors: [],
    unconfirmed: [],
    relaxed: [],
    unverified: [],
    operations: {},
    coverage: {} as Report['coverage'],
    targetErrors: [],
    unjudged: [],
    findingsCap: 20,
    dropped: [],
    ...parts,
  };
}

const violation = (operationId: string | null, kind: string, message: string) =>
  ({ operationId, kind, message, method: 'GET', path: '/me', at: AT }) as Report['violations'][number];

describe('the JUnit document', () => {
  it('one case per operation seen or violated, sorted, each violation a failure typed by its kind', () => {
    const xml = reportJUnit(
      report({
        operations: { listVoices: 2, getMe: 1 },
        violations: [violation('getMe', 'schema', 'data.credits is missing'), violation(null, 'status', 'GET /nope answered 200')],
      }),
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites>',
        '  <testsuite name="proxy" tests="3" failures="2" errors="0" skipped="0">',
        '    <testcase name="getMe" classname="proxy" time="0.000">',
        '      <failure type="failure" message="SCHEMA">- SCHEMA data.credits is missing</failure>',
        '    </testcase>',
        '    <testcase name="listVoices" classname="proxy" time="0.000"/>',
        '    <testcase name="undocumented requests" classname="proxy" time="0.000">',
        '      <failure type="failure" message="STATUS">- STATUS GET /nope answered 200</failure>',
        '    </testcase>',
        '  </testsuite>',
        '  <testsuite name="proxy request errors" tests="0" failures="0" errors="0" skipped="0">',
        '',
        '  </testsuite>',
        '  <testsuite name="proxy target errors" tests="0" failures="0" errors="0" skipped="0">',
        '',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('unconfirmed refunds, guesses and unjudged bodies are skipped cases, never failures', () => {
    const xml = reportJUnit(
      report({
        unconfirmed: [{ resource: 'FacelessVideoStatus#4', operationId: 'getFacelessVideo', message: 'no refund seen yet' }],
        unverified: [
          { operationId: 'getMe', kind: 'schema', message: 'data.plan is a number', why: 'not shown', at: AT },
        ] as Report['unverified'],
        unjudged: [
          { operationId: null, method: 'GET', path: '/x', status: 200, reason: 'over PROXY_MAX_RESPONSE_BYTES', bytes: 99, at: AT },
          { operationId: 'listVoices', method: 'GET', path: '/voices', status: 200, reason: 'unknown coding', bytes: 7, at: AT },
        ],
      }),
    );
    expect(xml).toContain('<testsuite name="proxy" tests="4" failures="0" errors="0" skipped="4">');
    expect(xml).toContain(
      '<testcase name="refund FacelessVideoStatus#4" classname="proxy" time="0.000">\n      <skipped message="no refund seen yet"/>',
    );
    expect(xml).toContain(
      '<testcase name="unverified getMe" classname="proxy" time="0.000">\n      <skipped message="schema data.plan is a number (not judged: not shown)"/>',
    );
    expect(xml).toContain(
      '<testcase name="unjudged unknown route GET /x" classname="proxy" time="0.000">\n      <skipped message="over PROXY_MAX_RESPONSE_BYTES (up to 99 bytes)"/>',
    );
    expect(xml).toContain('<skipped message="unknown coding (up to 7 bytes)"/>');
  });

  it("a request error is the client's fault: skipped, or failed when PROXY_FAIL_ON_REQUEST_ERRORS=1 counts it", () => {
    const errors: Report['requestErrors'] = [
      {
        operationId: 'createVoice',
        kind: 'request',
        message: 'name is missing',
        method: 'POST',
        path: '/voices',
        status: 422,
        expected: '',
        got: '',
        at: AT,
        repeats: 2,
      },
      {
        operationId: null,
        kind: 'unknown-route',
        message: 'no such path',
        method: 'GET',
        path: '/nope',
        status: 404,
        expected: '',
        got: '',
        at: AT,
      },
    ];
    const skipped = reportJUnit(report({ requestErrors: errors }));
    expect(skipped).toContain('<testsuite name="proxy request errors" tests="2" failures="0" errors="0" skipped="2">');
    expect(skipped).toContain(
      '<testcase name="createVoice POST /voices" classname="proxy request errors" time="0.000">\n      <skipped message="client&apos;s fault, not counted: name is missing (seen 3 times)"/>',
    );
    expect(skipped).toContain('<testcase name="unknown-route GET /nope" classname="proxy request errors" time="0.000">');
    const failed = reportJUnit(report({ requestErrors: errors }), { failOnRequestErrors: true });
    expect(failed).toContain('<testsuite name="proxy request errors" tests="2" failures="2" errors="0" skipped="0">');
    expect(failed).toContain('<failure type="failure" message="REQUEST">- REQUEST name is missing (seen 3 times)</failure>');
    expect(failed).toContain('<failure type="failure" message="UNKNOWN-ROUTE">- UNKNOWN-ROUTE no such path</failure>');
    expect(failed).toContain('<testcase name="createVoice POST /voices" classname="proxy request errors" time="0.000">');
    expect(failed).toContain('<testcase name="unknown-route GET /nope" classname="proxy request errors" time="0.000">');
  });

  it('an exchange the target never completed fails its own suite, with how often it was seen', () => {
    const xml = reportJUnit(
      report({
        targetErrors: [
          { operationId: 'getMe', kind: 'timeout', message: 'no answer in 30000 ms', method: 'GET', path: '/me', at: AT, repeats: 4 },
          { operationId: null, kind: 'refused', message: 'connection refused', method: 'GET', path: '/x', at: AT },
        ],
      }),
    );
    expect(xml).toContain('<testsuite name="proxy target errors" tests="2" failures="2" errors="0" skipped="0">');
    expect(xml).toContain(
      '<testcase name="getMe timeout" classname="proxy target errors" time="0.000">\n      <failure type="failure" message="TARGET-ERROR">- TARGET-ERROR no answer in 30000 ms (seen 5 times)</failure>',
    );
    expect(xml).toContain(
      '<testcase name="unknown route refused" classname="proxy target errors" time="0.000">\n      <failure type="failure" message="TARGET-ERROR">- TARGET-ERROR connection refused</failure>',
    );
  });

  it('violations over the cap are counted on their operation (or the undocumented requests), other lists not', () => {
    const xml = reportJUnit(
      report({
        findingsCap: 3,
        violations: [violation('getMe', 'schema', 'one'), violation(null, 'status', 'two')],
        dropped: [
          { list: 'violations', group: 'getMe', count: 5 },
          { list: 'violations', group: 'unknown routes', count: 2 },
          { list: 'violations', group: 'listVoices', count: 1 },
          { list: 'requestErrors', group: 'getMe', count: 9 },
        ],
      }),
    );
    expect(xml).toContain(
      '<failure type="failure" message="MORE">- MORE 5 more violation(s) not listed (at most 3 per operation)</failure>',
    );
    expect(xml).toContain(
      '<failure type="failure" message="MORE">- MORE 2 more violation(s) not listed (at most 3 per operation)</failure>',
    );
    expect(xml).not.toContain('9 more');
    expect(xml).not.toContain('1 more');
    expect(xml).toContain('<testsuite name="proxy" tests="2" failures="4" errors="0" skipped="0">');
  });

  it("a case's time has three decimals; a name and a text are escaped, control characters dropped", () => {
    const xml = junit('a "suite" & more', [
      { name: "<it's>", failures: [{ type: 'X&Y', text: 'bell\u0007 tab\t nul\u0000 ok' }], time: 1.23456 },
    ]);
    expect(xml).toContain('<testsuite name="a &quot;suite&quot; &amp; more" tests="1" failures="1" errors="0" skipped="0">');
    expect(xml).toContain('<testcase name="&lt;it&apos;s&gt;" classname="a &quot;suite&quot; &amp; more" time="1.235">');
    expect(xml).toContain('<failure type="failure" message="X&amp;Y">- X&amp;Y bell tab\t nul ok</failure>');
    expect(xmlEscape('line\nbreak\r\u000b\u000c\u001f\u0008')).toBe('line\nbreak\r');
  });
});

describe('the report files', () => {
  it('proxy-report.json and proxy-junit.xml in a folder it makes', () => {
    const dir = path.join(testTempDir('proxy-report-files-'), 'made', 'here');
    const written = report({
      exchanges: 3,
      operations: { getMe: 3 },
      requestErrors: [
        { operationId: 'getMe', kind: 'request', message: 'bad', method: 'GET', path: '/me', status: 400, expected: '', got: '', at: AT },
      ],
    });
    const paths = writeReport(dir, written, { failOnRequestErrors: true });
    expect(paths).toEqual({ json: path.join(dir, 'proxy-report.json'), junit: path.join(dir, 'proxy-junit.xml') });
    const json = readFileSync(paths.json, 'utf8');
    expect(json).toBe(`${JSON.stringify(written, null, 2)}\n`);
    // PROXY_FAIL_ON_REQUEST_ERRORS=1 reaches the file: the request error is a failure there.
    expect(readFileSync(paths.junit, 'utf8')).toBe(reportJUnit(written, { failOnRequestErrors: true }));
    expect(readFileSync(paths.junit, 'utf8')).toContain('message="REQUEST"');
  });
});
