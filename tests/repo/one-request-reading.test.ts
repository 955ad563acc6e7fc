// A request is read once, by the contract's router (lib/contract/request.ts, with the query's one
// reading in lib/contract/serialisation.ts): its path parameters, its query, its Prefer and its method's case. A second reader of any of them could disagree with
// the router (a repeated query name, a percent-encoded id, a lower-case method), so the scans below
// fail on one written anywhere else in the product.
import { describe, expect, it } from 'vitest';
import { linesMatching, repoSources } from '../support/sources.js';

const SCANNED = ['lib', 'mock', 'qa', 'client', 'scripts', 'mcp'];
const ROUTER = 'lib/contract/request.ts';

/** Path parameters read from a concrete path: by template, or by a matcher of the operations' own. */
const PATH_READING = /\b(?:templateValues|pathParams)\(|new PathMatcher\(/;
/** A query string turned into values: URLSearchParams read name by name or into an object, or a `queryOf` of one's own. */
const QUERY_READING = /\bsearchParams\.(?:getAll|keys|entries)\(|fromEntries\([^)]*searchParams|function\s+queryOf\b/;
/** The Prefer header read off a request's headers. */
const PREFER_READING = /headers\??(?:\.prefer\b|\[['"]prefer['"]\]|\.get\(\s*['"]prefer['"]\s*\))/i;
/** prism-http-server's Prefer decoder, which reads a request of its own. */
const PREFER_DECODING = /getHttpConfigFromRequest\(/;
/** A request's method changed in case (the router settles it once: upper case). */
const METHOD_CASE = /\b(?:request|req|x|ex)\.method\.to(?:Upper|Lower)Case\(\)/;

/** Readers that are not a second reading of an API request, each with its reason. */
const ALLOWED: Record<string, RegExp[]> = {
  // The router itself, and the matcher and the template reading it is built on.
  [ROUTER]: [PATH_READING, QUERY_READING, PREFER_READING, METHOD_CASE],
  'lib/contract/serialisation.ts': [QUERY_READING],
  'lib/contract/templates.ts': [PATH_READING],
  // The control plane's own routes and parameters (/__mock), which are no API operations.
  'mock/control/document.ts': [PATH_READING],
  'mock/control/plane.ts': [QUERY_READING],
  // Prism's Prefer decoder, over the router's `prefer` and `query` (the one decoding of them).
  'mock/prism.ts': [PREFER_DECODING],
  // The browser build's look at a Fetch Request before the core runs, only to load a module early.
  'mock/on-demand.browser.ts': [PREFER_READING],
};

function offenders(pattern: RegExp, folders = SCANNED): string[] {
  const files = repoSources(folders).filter((file) => !ALLOWED[file]?.includes(pattern));
  return linesMatching(files, pattern);
}

describe('a request is read once, by the contract router', () => {
  it('path parameters are read only by lib/contract/request.ts', () => {
    expect(offenders(PATH_READING)).toEqual([]);
  });

  it('a query string is read only by lib/contract/serialisation.ts (for the router)', () => {
    expect(offenders(QUERY_READING)).toEqual([]);
  });

  it('the Prefer header is read only by the router, and decoded only by mock/prism.ts from its value', () => {
    expect(offenders(PREFER_READING)).toEqual([]);
    expect(offenders(PREFER_DECODING)).toEqual([]);
  });

  it("a request's method is put in one case only by the router", () => {
    expect(offenders(METHOD_CASE, ['mock', 'qa/checker', 'qa/proxy', 'client'])).toEqual([]);
  });

  it('the patterns recognise the readings they replaced (so the scans above can fail)', () => {
    const replaced = {
      path: ['    const id = pathParams(op.path, call.path)[param];', '  const matcher = new PathMatcher(operations);'],
      query: [
        'function queryOf(url: URL): Record<string, string | string[]> {',
        '    const values = url.searchParams.getAll(key);',
        '    url: { path, query: Object.fromEntries(url.searchParams) },',
      ],
      prefer: ['    if (!request.headers?.prefer && !PREFER_QUERY.some((key) => request.url.query?.[key] !== undefined))'],
      method: [
        "    if (request.method.toUpperCase() === 'OPTIONS' && request.headers.origin) {",
        '    method: x.method.toLowerCase() as Method,',
      ],
    };
    expect(replaced.path.filter((line) => !PATH_READING.test(line))).toEqual([]);
    expect(replaced.query.filter((line) => !QUERY_READING.test(line))).toEqual([]);
    expect(replaced.prefer.filter((line) => !PREFER_READING.test(line))).toEqual([]);
    expect(PREFER_DECODING.test('    const parsed = getHttpConfigFromRequest(request);')).toBe(true);
    expect(replaced.method.filter((line) => !METHOD_CASE.test(line))).toEqual([]);
    // What is not a reading: an operation's own method, the URL handed on whole, a header list.
    expect(METHOD_CASE.test('      method: op.method.toUpperCase(),')).toBe(false);
    expect(QUERY_READING.test('    query: url.searchParams,')).toBe(false);
    expect(PREFER_READING.test("const BOUNDED = ['content-type', 'accept', 'prefer'];")).toBe(false);
  });
});
