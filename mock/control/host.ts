// Which names the control plane (/__mock), the console and the docs page answer to. A page on any
// site can make the browser send requests to the mock under the site's own name, once that name
// resolves to 127.0.0.1 (DNS rebinding): the browser then treats the mock as that site's own
// origin and sends no Origin on a GET. So the request's Host must be one of the developer's own
// names: loopback, or one listed in MOCK_ALLOWED_HOSTS (a team serving the mock on a shared host).

/** `localhost` and its subdomains (browsers resolve them to loopback themselves, never through DNS), 127.0.0.0/8, [::1]. */
export function isLoopbackName(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname === '[::1]') return true;
  const octets = hostname.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((o) => /^(0|[1-9]\d{0,2})$/.test(o) && Number(o) <= 255);
}

/** The name in a Host header, lower case and without its port; undefined when it is not a plain host[:port]. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const value = host.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/.exec(value);
  return match?.[1];
}

/** Whether a request with this Host header may reach the control plane, the console and the docs. */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  const name = hostnameOf(host);
  if (name === undefined) return false;
  return isLoopbackName(name) || allowed.includes(name);
}

/** MOCK_ALLOWED_HOSTS: names (no scheme, no port), comma separated, compared in lower case. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .map((name) => hostnameOf(name) ?? name);
}

/** Headers that keep the console and the docs page out of other sites' frames (a click through an invisible frame). */
export const FRAME_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
};
