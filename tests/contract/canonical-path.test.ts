// The shared reading of a request path (lib/contract/canonical-path.ts): what an ordinary front
// server routes, or why a path has no one meaning. In-process; the properties run on fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalPath } from '../../lib/contract/index.js';

describe('canonicalPath', () => {
  it('decodes escapes of unreserved characters only, in either case', () => {
    expect(
      [
        '/v2/faceless/1/%72ender',
        '/v2/faceless/1/%52%45%4e%44%45%52',
        '/v2/%7euser/a%2db%5fc',
        '/v2/a%2Bb',
        '/v2/a%40b',
        '/v2/%C3%A9t%C3%A9',
      ].map((p) => canonicalPath(p).path),
    ).toEqual(['/v2/faceless/1/render', '/v2/faceless/1/RENDER', '/v2/~user/a-b_c', '/v2/a%2Bb', '/v2/a%40b', '/v2/%C3%A9t%C3%A9']);
  });

  it('collapses repeated slashes and removes dot segments', () => {
    expect(
      [
        '/v2/faceless/1//render',
        '//v2///faceless/1/render/',
        '/v2/faceless/1/./render',
        '/v2/faceless/1/x/../render',
        '/v2/faceless/1/x/y/../../render',
        '/v2/../../faceless',
        '/v2/faceless/1/render/.',
        '/v2/faceless/1/render/x/..',
        '/v2/faceless/1/x/%2E./render'.replace('%2E', '.'),
      ].map((p) => canonicalPath(p).path),
    ).toEqual([
      '/v2/faceless/1/render',
      '/v2/faceless/1/render/',
      '/v2/faceless/1/render',
      '/v2/faceless/1/render',
      '/v2/faceless/1/render',
      '/faceless',
      '/v2/faceless/1/render/',
      '/v2/faceless/1/render/',
      '/v2/faceless/1/render',
    ]);
  });

  it('gives no meaning to a path a server may read either way, and says why', () => {
    const cases: Record<string, RegExp> = {
      '/v2/faceless%2F1/render': /encoded slash/,
      '/v2/faceless/1%2frender': /encoded slash/,
      '/v2/faceless\\1\\render': /backslash/,
      '/v2/faceless/1%5Crender': /backslash/,
      '/v2/faceless/1/x/%2e%2e/render': /encoded dot/,
      '/v2/faceless/1/%2Erender': /encoded dot/,
      '/v2/faceless/1/%252e%252e/render': /encoded percent/,
      '/v2/faceless/1/render;x=1': /path parameters/,
      '/v2/faceless/1/render%00': /NUL/,
      '/v2/faceless/1/%c0%aerender': /overlong/,
      '/v2/faceless/1/render%': /malformed/,
      '/v2/faceless/1/render%zz': /malformed/,
      '/v2/faceless/1/render%4': /malformed/,
      '/v2/faceless/1/render%3F': /encoded "\?"/,
      '/v2/faceless/1/render%23x': /encoded "\?" or "#"/,
      '/v2/faceless/1/render%3bx': /encoded ";"/,
      '/v2/faceless/1/render%20': /whitespace or control/,
      '/v2/faceless/1/render%09': /whitespace or control/,
      '/v2/faceless/1/ren%0Ader': /whitespace or control/,
      '/v2/faceless/1/render%7f': /whitespace or control/,
      '/v2/faceless/1/render%C2%A0': /whitespace or control/,
    };
    const why = Object.fromEntries(Object.keys(cases).map((p) => [p, canonicalPath(p)]));
    for (const [p, pattern] of Object.entries(cases)) {
      expect(why[p].path, p).toBeUndefined();
      expect(why[p].ambiguous, p).toMatch(pattern);
    }
  });

  it('reads a path without its leading slash as an absolute one', () => {
    expect(['v2/me', 'v2/me/', 'v2//faceless/./1', '', '.'].map((p) => canonicalPath(p).path)).toEqual([
      '/v2/me',
      '/v2/me/',
      '/v2/faceless/1',
      '/',
      '/',
    ]);
  });

  it('takes a malformed escape for one wherever it stands, and names the first kind of ambiguity found', () => {
    const cases: Record<string, RegExp> = {
      '/v2/render%4z': /malformed/,
      '/v2/%g0/render': /malformed/,
      '/v2/a%c1b': /overlong/,
      '/v2/a%C0': /overlong/,
      '/v2/a%2f%5c': /encoded slash/,
      '/v2/a\\b%2e': /backslash/,
      '/v2/%2e;x': /encoded dot/,
      '/v2/%25;x': /encoded percent/,
      '/v2/;%00': /path parameters/,
    };
    expect(Object.fromEntries(Object.keys(cases).map((p) => [p, canonicalPath(p).ambiguous]))).toEqual(
      Object.fromEntries(Object.entries(cases).map(([p, why]) => [p, expect.stringMatching(why)])),
    );
    expect(['/v2/a%c2%a9', '/v2/a%41', '/v2/%7E'].map((p) => canonicalPath(p).path)).toEqual(['/v2/a%c2%a9', '/v2/aA', '/v2/~']);
  });

  it('is idempotent, and what it gives has no repeated slash, no dot segment and no unreserved escape', () => {
    const segment = fc.oneof(
      fc.constantFrom('.', '..', '', 'render', 'faceless', '1', '%72', '%41', '~', '%7E', '%20', '%C3%A9'),
      fc.stringMatching(/^[a-z0-9\-._~%]{0,6}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (segments) => {
        const first = canonicalPath(`/${segments.join('/')}`);
        if (first.path === undefined) return;
        expect(canonicalPath(first.path).path).toBe(first.path);
        expect(first.path).not.toMatch(/\/\/|\/\.\.?(\/|$)|%(4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|3[0-9]|2d|5f|7e)/i);
      }),
      { numRuns: 300 },
    );
  });

  it('takes linear time: 256 KB of slashes, dot segments or escapes is read in well under a second', () => {
    const size = 1 << 18;
    const inputs = ['/', '/..', '/./', '%72', '/a', '%', ';'].map((unit) => `/v2${unit.repeat(Math.ceil(size / unit.length))}`);
    const times = inputs.map((input) => {
      const started = performance.now();
      canonicalPath(input);
      return performance.now() - started;
    });
    // A quadratic reading of 256 KB takes seconds to minutes; a linear one, milliseconds.
    expect(Math.max(...times)).toBeLessThan(1_000);
  });
});
