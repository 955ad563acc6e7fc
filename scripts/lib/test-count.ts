// Counting what a test step ran, from the reports its runner writes (vitest's JSON reporter and
// JUnit XML), for the closing line of `npm test`. Pure functions, unit-tested.

export interface Count {
  passed: number;
  failed: number;
  skipped: number;
}

export const NONE: Count = { passed: 0, failed: 0, skipped: 0 };

export function add(a: Count, b: Count): Count {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: Array<{ status: string; assertionResults?: unknown[] }>;
}

/** vitest --reporter=json: a file that failed to load has no tests but a failed status, one failure. */
export function countVitest(report: VitestJson): Count {
  const brokenFiles = (report.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).length).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** JUnit XML: each <testcase> is one test; a <failure> or <error> inside fails it, <skipped> skips it. */
export function countJUnit(xml: string): Count {
  const count = { ...NONE };
  for (const m of xml.matchAll(/<testcase\b[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const body = m[1] ?? '';
    if (/<(failure|error)\b/.test(body)) count.failed++;
    else if (/<skipped\b/.test(body)) count.skipped++;
    else count.passed++;
  }
  return count;
}
