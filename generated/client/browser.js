// The source: tokens "are treated like a password (never exposed client-side)". A client created in
// a browser with a real token is a leak waiting to happen, so say so loudly. Mock tokens (`mock`,
// `mock-trial`, `mock-broke`, ...) are fine: they only open the local mock.
export function isBrowser() {
    const g = globalThis;
    return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}
export function isMockToken(token) {
    return token === undefined || token === '' || /^mock(-|$)/.test(token);
}
export const BROWSER_TOKEN_WARNING = '[video-api client] WARNING: created in a browser with a real API token. API tokens are secrets ' +
    '(like passwords) and must never be shipped to a browser: anyone can read them from the page. ' +
    'Call the API from your server instead, or use a mock token (e.g. "mock-dev") against the local mock.';
export function warnIfBrowserToken(token, warn) {
    if (!isBrowser() || isMockToken(token))
        return false;
    warn(BROWSER_TOKEN_WARNING);
    return true;
}
