// A reproduction line (curl, as Schemathesis and the rules phase print it) read back into a request
// to replay. Only what such lines hold: -X, -H, -d and the URL, shell-quoted with '' or "". The
// Authorization header is dropped: replay sends CONFORMANCE_TOKEN's.
import type { RecordedRequest } from './model.js';

/** Shell words of one command line (single quotes literal, double quotes with \ escapes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += line.slice(i + 1, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
      inWord = true;
    } else if (c === '"') {
      for (i++; i < line.length && line[i] !== '"'; i++) word += line[i] === '\\' && i + 1 < line.length ? line[++i] : line[i];
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The request of one curl line, its path taken below `basePath` (/v2); undefined for a sequence or anything else. */
export function requestFromCurl(curl: string, basePath = '/v2'): RecordedRequest | undefined {
  if (curl.includes('&&')) return undefined; // a stateful sequence: ids of its own, not one request
  const words = shellWords(curl.trim());
  if (words[0] !== 'curl') return undefined;
  const request: RecordedRequest = { method: 'GET', path: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === '-X' || w === '--request') request.method = words[++i] ?? 'GET';
    else if (w === '-H' || w === '--header') {
      const [name, ...rest] = (words[++i] ?? '').split(':');
      if (name && name.toLowerCase() !== 'authorization') request.headers[name.trim()] = rest.join(':').trim();
    } else if (w === '-d' || w === '--data' || w === '--data-raw' || w === '--data-binary') request.body = words[++i] ?? '';
    else if (/^https?:\/\//.test(w)) {
      const url = new URL(w);
      const at = url.pathname.indexOf(basePath);
      request.path = `${at < 0 ? url.pathname : url.pathname.slice(at + basePath.length)}${url.search}`;
    }
  }
  return request.path ? request : undefined;
}

/** A word quoted for a POSIX shell: single quotes, each ' written as '\''. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

export interface CurlInput {
  method: string;
  /** The full URL, query string included. */
  url: string;
  contentType?: string;
  body?: string;
}

/** The reproduction of one request, with the token as a placeholder (a report never holds one); requestFromCurl reads it back. */
export function curlLine({ method, url, contentType, body }: CurlInput): string {
  const words = ['curl', '-X', method, '-H', '"Authorization: Bearer $CONFORMANCE_TOKEN"'];
  if (contentType) words.push('-H', shellQuote(`Content-Type: ${contentType}`));
  if (body !== undefined) words.push('--data-raw', shellQuote(body));
  words.push(shellQuote(url));
  return words.join(' ');
}
