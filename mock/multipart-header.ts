// A part's Content-Disposition line, checked by a single left-to-right scan: `form-data` then
// `; name=value` parameters, each value a token or a quoted string (RFC 7578, RFC 6266). A scan, not
// a regular expression: nested optional whitespace in a pattern backtracks, and one request with a
// long run of spaces then blocked the event loop for seconds. Here each character is looked at once.

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]$/i;
const isToken = (c: string | undefined) => c !== undefined && TOKEN.test(c);
const isSpace = (c: string | undefined) => c === ' ' || c === '\t';
const PREFIX = 'content-disposition:';

/** True when `line` (the whole header line, without CRLF) is a well-formed form-data disposition. */
export function dispositionWellFormed(line: string): boolean {
  if (line.slice(0, PREFIX.length).toLowerCase() !== PREFIX) return false;
  let at = skipSpaces(line, PREFIX.length);
  if (line.slice(at, at + 9).toLowerCase() !== 'form-data') return false;
  at += 9;
  for (;;) {
    at = skipSpaces(line, at);
    if (at === line.length) return true;
    if (line[at] !== ';') return false;
    at = skipSpaces(line, at + 1);
    // A trailing `;` (with or without spaces after it) ends the line well.
    if (at === line.length) return true;
    const nameEnd = skipTokens(line, at);
    if (nameEnd === at) return false;
    at = skipSpaces(line, nameEnd);
    if (line[at] !== '=') return false;
    at = skipSpaces(line, at + 1);
    const valueEnd = line[at] === '"' ? quotedEnd(line, at) : skipTokens(line, at);
    if (valueEnd === undefined || valueEnd === at) return false;
    at = valueEnd;
  }
}

function skipSpaces(line: string, at: number): number {
  while (isSpace(line[at])) at++;
  return at;
}

function skipTokens(line: string, at: number): number {
  while (isToken(line[at])) at++;
  return at;
}

/**
 * Where a quoted string that opens at `at` ends (just past its closing quote), or undefined if it
 * never closes. Read as RFC 2045 does (a backslash escapes the next character), and where that never
 * closes, as the WHATWG form encoding writes it (browsers, Node's FormData): `"` and line breaks are
 * percent-encoded there and a backslash is itself, so `name="extra\\"` is the name `extra\\`.
 */
function quotedEnd(line: string, at: number): number | undefined {
  for (let i = at + 1; i < line.length; i++) {
    // An escape takes any next character but a line break (as the RFC pattern's `\\.` does).
    if (line[i] === '\\') {
      i++;
      if (i >= line.length || line[i] === '\n' || line[i] === '\r') return whatwgQuotedEnd(line, at);
    } else if (line[i] === '"') return i + 1;
  }
  return whatwgQuotedEnd(line, at);
}

/** The WHATWG reading: the first `"` after the opening one closes the string. */
function whatwgQuotedEnd(line: string, at: number): number | undefined {
  const close = line.indexOf('"', at + 1);
  return close < 0 ? undefined : close + 1;
}
