// The closing line of `npm test` counts what ran: both directions (passes, failures, skips, and a
// test file that did not even load) on small reports shaped like the real runners' output.
import { describe, expect, it } from 'vitest';
import { countJUnit, countVitest } from '../../scripts/lib/test-count.js';

describe('countJUnit', () => {
  it('counts passed, failed, errored and skipped test cases', () => {
    const xml = `<?xml version="1.0"?><testsuites><testsuite name="s" tests="5">
      <testcase name="GET /me" time="0.1"/>
      <testcase name="POST /faceless"><system-out>ok</system-out></testcase>
      <testcase name="GET /ideas"><failure message="ST103">Undocumented status</failure></testcase>
      <testcase name="GET /x"><error message="boom"/></testcase>
      <testcase name="DELETE /presets/{id}"><skipped message="destructive"/></testcase>
    </testsuite></testsuites>`;
    expect(countJUnit(xml)).toEqual({ passed: 2, failed: 2, skipped: 1 });
  });

  it('counts nothing in a report without test cases', () => {
    expect(countJUnit('<testsuites><testsuite name="empty" tests="0"></testsuite></testsuites>')).toEqual({
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  });
});

describe('countVitest', () => {
  it('takes vitest totals, with skipped and todo tests as skipped', () => {
    expect(
      countVitest({
        numPassedTests: 10,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [{ status: 'failed', assertionResults: [{}] }],
      }),
    ).toEqual({ passed: 10, failed: 1, skipped: 3 });
  });

  it('counts a file that failed to load (no tests, failed status) as a failure', () => {
    expect(
      countVitest({
        numPassedTests: 3,
        numFailedTests: 0,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          { status: 'passed', assertionResults: [{}] },
          { status: 'failed', assertionResults: [] },
        ],
      }),
    ).toEqual({ passed: 3, failed: 1, skipped: 0 });
  });
});
