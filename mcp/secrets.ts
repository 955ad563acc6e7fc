// What video-api-mcp keeps to itself (issue 52): the token and any user:password of the base URL.
// They are checked when the command starts (a token with a line break would split the header it
// goes into: refused, never shown) and replaced in every text that leaves, in the forms a careless
// deployment echoes them: exact, any letter case, percent- or `\u`-escaped, base64 and base64url.

/** A refusal at start: the message goes to stderr, the command exits with `exitCode`. */
export class StartError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

export interface Deployment {
  /** The base URL without credentials and trailing slashes. */
  baseUrl: string;
  token: string;
  /** Everything to redact: the token, the URL's user name and password. */
  secrets: string[];
}

/** VIDEO_API_BASE_URL and VIDEO_API_TOKEN checked; undefined when they are not both set (the in-process mock). */
export function deploymentOf(env: NodeJS.ProcessEnv): Deployment | undefined {
  const token = env.VIDEO_API_TOKEN;
  if (token !== undefined && /[\r\n]/.test(token))
    throw new StartError('VIDEO_API_TOKEN holds a line break (CR or LF): set it to the token alone, on one line. Not started.');
  if (!env.VIDEO_API_BASE_URL || !token) return undefined;
  let url: URL;
  try {
    url = new URL(env.VIDEO_API_BASE_URL);
  } catch {
    throw new StartError('VIDEO_API_BASE_URL is not an absolute URL (such as https://staging.api.example.com/v2). Not started.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StartError('VIDEO_API_BASE_URL must be an http or https URL. Not started.');
  // The token whatever its length; a user name or password of 4 characters or more (shorter ones would blot out ordinary text).
  const secrets = [token, decodeURIComponent(url.username), decodeURIComponent(url.password), url.username, url.password];
  url.username = '';
  url.password = '';
  return { baseUrl: url.href.replace(/\/+$/, ''), token, secrets: [token, ...secrets.slice(1).filter((s) => s.length >= 4)] };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** One character as itself (any case), `\uXXXX` or `%XX`. */
function charPattern(c: string): string {
  const code = c.charCodeAt(0);
  const hex = code.toString(16).padStart(4, '0');
  const forms = [escapeRe(c), `\\\\u${hex}`];
  if (code < 0x80) forms.push(`%${hex.slice(2)}`);
  return `(?:${forms.join('|')})`;
}

/** The base64 text of `secret` wherever it sits in encoded bytes: one run per alignment (0, 1, 2 bytes before it). */
function base64Runs(secret: string): string[] {
  const bytes = Buffer.from(secret);
  const runs: string[] = [];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const run = b64.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + bytes.length) - 6) / 6) + 1);
    if (run.length >= 4) runs.push(run, run.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return runs;
}

/** A function that replaces every form of every secret by [redacted]. */
export function redactor(secrets: string[]): (text: string) => string {
  if (!secrets.length) return (text) => text;
  const plain = new RegExp(secrets.map((s) => [...s].map(charPattern).join('')).join('|'), 'gi');
  const encoded = new RegExp(secrets.flatMap(base64Runs).map(escapeRe).join('|'), 'g');
  return (text) => text.replace(plain, '[token]').replace(encoded, '[token]');
}
