// What an operation's `x-refused-urls` means, read once: a URL is refused when its host is one of
// the listed hosts or a subdomain of one, whatever its letter case, a trailing dot, and http or
// https. The mock refuses with this rule, and conformance sends the spellings below to check it.
import type { ContractOperation } from './operation.js';

export type RefusedUrls = ContractOperation['refusedUrls'];
export type RefusedUrl = RefusedUrls[number];

/** The host of an http(s) URL as a resolver reads it: lower case, no trailing dot; undefined otherwise. */
function hostOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || !parsed.hostname) return undefined;
  return parsed.hostname.toLowerCase().replace(/\.+$/, '');
}

/** The refusal that covers a URL sent in `field`, if any. */
export function refusalOf(refusals: RefusedUrls, field: string, url: unknown): RefusedUrl | undefined {
  const host = typeof url === 'string' ? hostOf(url) : undefined;
  if (!host) return undefined;
  return refusals.find((r) => r.field === field && r.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
}

/** Every spelling of a refused host a checker should try: bare, subdomains, letter case, trailing dot, both schemes. */
export function refusedUrlSpellings(host: string): string[] {
  const upper = host.toUpperCase();
  return [
    `https://${host}/watch?v=conformance`,
    `https://www.${host}/watch?v=conformance`,
    `http://m.${host}/conformance`,
    `https://${upper}/conformance`,
    `https://WWW.${upper}/conformance`,
    `https://${host}./conformance`,
  ];
}
