// What a call asks of Prism's mocker, in the mock's own terms: its Prefer preferences, whether it
// asks for a particular answer, and the example the mocker makes. Apart from mock/prism.ts, so the
// stages can read them without loading Prism's engine (the browser build loads it when first needed).
import type { IHttpResponse } from '@stoplight/prism-http';

export interface Preferences {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export type Example = { ok: true; output: IHttpResponse } | { ok: false; name: string; detail: string };

/** An Accept header that asks for nothing in particular: any type, or JSON (every answer of the API is JSON). */
const PLAIN_ACCEPT = /^\s*(\*\/\*|application\/json)\s*$/i;

/**
 * Whether a call asks for a particular answer: a Prefer preference, or an Accept that is not plainly
 * JSON. Only Prism's mocker knows whether such an answer can be served; any other call gets the plain one.
 */
export function asksForParticular(prefs: Preferences, accept: string | undefined): boolean {
  if (Object.values(prefs).some((value) => value !== undefined)) return true;
  return accept !== undefined && !PLAIN_ACCEPT.test(accept);
}
