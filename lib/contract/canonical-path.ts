// What a request path means to an ordinary front server, written once: percent-escapes of
// unreserved characters decoded (/%72ender is /render), repeated slashes collapsed, dot segments
// removed. A path whose meaning depends on how far the server decodes it is not given a meaning at
// all: an encoded slash, dot or percent, a backslash (raw or encoded), a `;` (path parameters some
// servers strip), an encoded NUL or an overlong UTF-8 lead byte, a malformed escape, or an escape
// that decodes to a reserved `?`, `#`, `;`, to whitespace or to a control character (a server that
// decodes before routing ends the path there, or drops it: render%3F and ren%0Ader are the render). Whoever
// decides on a path (the proxy's PROXY_BLOCK_CHARGES) refuses such a path instead of guessing.
// Linear in the path's length: one pass of each global pattern, one split.

export type CanonicalPath = { path: string; ambiguous?: undefined } | { ambiguous: string; path?: undefined };

/** RFC 3986 unreserved: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Each kind of ambiguous spelling, and why it is one. Checked in this order; the first found is named. */
const AMBIGUOUS: Array<[RegExp, string]> = [
  [/%2f/i, 'an encoded slash (%2F): one server splits the path there, another does not'],
  [/%5c|\\/i, 'a backslash (raw or %5C): some servers read it as a slash'],
  [/%2e/i, 'an encoded dot (%2E): some servers resolve it as a dot segment'],
  [/%25/i, 'an encoded percent (%25): a server that decodes twice reads another path'],
  [/;/, 'a ";" (path parameters, which some servers strip before routing)'],
  [/%00/i, 'an encoded NUL (%00): some servers cut the path there'],
  [/%c[01]/i, 'an overlong UTF-8 byte (%C0, %C1): some decoders read it as ASCII'],
  [/%(?![0-9a-f]{2})/i, 'a malformed percent-escape: servers differ in what they make of it'],
  [/%3f|%23/i, 'an encoded "?" or "#" (%3F, %23): a server that decodes before routing ends the path there'],
  [/%3b/i, 'an encoded ";" (%3B): a server that decodes before routing strips what follows as path parameters'],
  [/%[01][0-9a-f]|%7f|%20|%c2%(?:8[0-9a-f]|9[0-9a-f]|a0)/i, 'an encoded whitespace or control character: some servers drop or trim it'],
];

/** One pass over the escapes: those of unreserved characters decoded, every other kept as written. */
function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (written, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : written;
  });
}

/** RFC 3986 5.2.4 on an absolute path: "." segments dropped, ".." drops the segment before it. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length) out.pop();
      // A path ending in a dot segment names a directory: it keeps its trailing slash.
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  return `/${out.join('/')}`;
}

/**
 * The path (no query) as an ordinary front server routes it, or why no one meaning can be given.
 * `raw` is the path as it arrived on the request line, before any decoding.
 */
export function canonicalPath(raw: string): CanonicalPath {
  for (const [pattern, why] of AMBIGUOUS) if (pattern.test(raw)) return { ambiguous: why };
  const absolute = raw.startsWith('/') ? raw : `/${raw}`;
  return { path: removeDotSegments(decodeUnreserved(absolute).replace(/\/{2,}/g, '/')) };
}
