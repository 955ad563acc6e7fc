// The source: tokens "are treated like a password (never exposed client-side)". A client created in
// a browser with a real token for a real API is a leak waiting to happen, so say so loudly, once per
// page. Quiet for what only opens a mock: a mock token (`mock`, `mock-…`, `test`, `…-test`) or a base
// URL no real API can be at (a path on the page's own origin, as MSW serves it; a loopback host; a
// reserved name such as `api.test` or `*.localhost`).
export function isBrowser() {
    const g = globalThis;
    return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}
export function isMockToken(token) {
    return token === undefined || token === '' || /^(mock|test)([-_.].*)?$/i.test(token) || /[-_.](mock|test)$/i.test(token);
}
/** True for a base URL that can only be a mock: relative, loopback, or a reserved (RFC 2606/6761) name. */
export function isMockBaseUrl(baseUrl) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(baseUrl))
        return true;
    let host;
    try {
        host = new URL(baseUrl).hostname.toLowerCase();
    }
    catch {
        return false;
    }
    return (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host) || /(^|\.)(test|example|invalid|localhost)$/.test(host));
}
export const BROWSER_TOKEN_WARNING = '[video-api client] WARNING: created in a browser with a real API token. API tokens are secrets ' +
    '(like passwords) and must never be shipped to a browser: anyone can read them from the page. ' +
    'Call the API from your server instead, or use a mock token (e.g. "mock-dev") against the local mock.';
// Pages already warned (one document each): the warning is said once per page, not once per client.
const warnedPages = new WeakSet();
export function warnIfBrowserToken(token, baseUrl, warn) {
    if (!isBrowser() || isMockToken(token) || isMockBaseUrl(baseUrl))
        return false;
    const page = globalThis.document;
    if (typeof page === 'object' && page !== null) {
        if (warnedPages.has(page))
            return false;
        warnedPages.add(page);
    }
    warn(BROWSER_TOKEN_WARNING);
    return true;
}
