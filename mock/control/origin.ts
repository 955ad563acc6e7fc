// Who may drive the control plane (/__mock) from a browser: the developer's own tools. A page on
// any other origin must neither read it (no CORS grant) nor write to it (writes need a JSON or YAML
// Content-Type, which a browser only sends after a preflight this mock refuses).

/** Loopback origins (any port) and the origins listed in MOCK_CONTROL_ORIGINS (comma separated). */
export function controlOriginAllowed(origin: string, extra: readonly string[]): boolean {
  if (extra.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

export function parseControlOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** Content types a write may carry: none of them is a CORS "simple" type, so a browser must preflight. */
export function controlWriteTypeAllowed(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^(application|text)\/(x-)?yaml$/.test(type);
}

/**
 * True when the raw request path holds a dot segment (`.`/`..`, also percent-encoded or behind a
 * backslash). URL parsing would resolve it and could move a /v2 path into /__mock, so such a path is
 * never routed.
 */
export function hasDotSegment(rawUrl: string): boolean {
  const query = rawUrl.indexOf('?');
  const path = query < 0 ? rawUrl : rawUrl.slice(0, query);
  // No dot at all, plain or percent-encoded (the usual path): no dot segment.
  if (!path.includes('.') && !/%2e/i.test(path)) return false;
  return path.split(/[/\\]|%2f|%5c/i).some((segment) => {
    const decoded = segment.replace(/%2e/gi, '.');
    return decoded === '.' || decoded === '..';
  });
}
