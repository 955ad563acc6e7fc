// The request headers the mock hands to Prism, made safe first. Prism's helpers parse Content-Type,
// Accept and Prefer with libraries whose patterns are not linear (a Content-Type with a long run of
// tabs cost seconds) or that throw on a malformed media range (an Accept such as `x` was a 500).
// So: these headers have a length bound (the mock's choice, far above any real value), and an
// Accept that does not parse as a list of media ranges is ignored, as HTTP lets a server do.

/** Longest Content-Type, Accept or Prefer value the mock reads; longer ones are a 400. */
export const MAX_NEGOTIATION_HEADER = 1024;
const BOUNDED = ['content-type', 'accept', 'prefer'];

const TCHAR = /^[!#$%&'*+.^_`|~0-9a-z-]$/i;
const TYPE = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/i;
// What a quoted parameter value may hold (as the media type parser Prism uses reads it).
const QUOTED_TEXT = /^[\u000b\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]$/;
const ESCAPED = /^[\u000b\u0020-\u00ff]$/;

/** Why one of the bounded headers is refused (too long), or undefined. */
export function oversizeHeader(headers: Record<string, string | undefined>): string | undefined {
  for (const name of BOUNDED) {
    const value = headers[name];
    if (value !== undefined && value.length > MAX_NEGOTIATION_HEADER)
      return `The ${name} header is longer than ${MAX_NEGOTIATION_HEADER} characters (${value.length}).`;
  }
  return undefined;
}

/** The headers Prism sees: an oversize bounded header or an Accept that does not parse is left out. */
export function headersForPrism(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (value.length > MAX_NEGOTIATION_HEADER && BOUNDED.includes(name)) continue;
    if (name === 'accept' && !acceptParses(value)) continue;
    out[name] = value;
  }
  return out;
}

/** True when every comma-separated element of an Accept value is a media range with well-formed parameters. */
export function acceptParses(accept: string): boolean {
  return accept.split(',').every(mediaRangeParses);
}

/** `type/subtype` then `; name=value` parameters (spaces only around them), each value a token or a quoted string. */
function mediaRangeParses(element: string): boolean {
  const semicolon = element.indexOf(';');
  const type = (semicolon < 0 ? element : element.slice(0, semicolon)).trim();
  if (!TYPE.test(type)) return false;
  if (semicolon < 0) return true;
  let at = semicolon;
  while (at < element.length) {
    if (element[at] !== ';') return false;
    at = skip(element, at + 1, ' ');
    const nameEnd = skipTokens(element, at);
    if (nameEnd === at) return false;
    at = skip(element, nameEnd, ' ');
    if (element[at] !== '=') return false;
    at = skip(element, at + 1, ' ');
    const valueEnd = element[at] === '"' ? quotedEnd(element, at) : skipTokens(element, at);
    if (valueEnd === undefined || valueEnd === at) return false;
    at = skip(element, valueEnd, ' ');
  }
  return true;
}

function skip(text: string, at: number, char: string): number {
  while (text[at] === char) at++;
  return at;
}

function skipTokens(text: string, at: number): number {
  while (at < text.length && TCHAR.test(text[at])) at++;
  return at;
}

function quotedEnd(text: string, at: number): number | undefined {
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return i + 1;
    if (c === '\\') {
      i++;
      if (i >= text.length || !ESCAPED.test(text[i])) return undefined;
    } else if (!QUOTED_TEXT.test(c)) return undefined;
  }
  return undefined;
}
