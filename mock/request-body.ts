// Turning a raw request body into what Prism validates and what the handlers read, including the
// few places where Prism 5.12 would otherwise accept nonsense or throw.
import { readMultipart, type UploadedPart } from './multipart.js';

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

export interface ParsedBody {
  /** What Prism validates: parsed JSON, or the raw text of other media types. */
  forPrism: unknown;
  /** What handlers read: parsed JSON, or a multipart body's text fields. */
  forHandlers: unknown;
  /** Why the body is unusable, reported as a 400 GEN-WRONG-ARGS after the token gate. */
  malformed?: string;
  /** A multipart body's parts, for the journal. */
  uploads?: UploadedPart[];
}

/**
 * How deep a JSON body may nest. The source states no limit; real bodies nest a few levels, and a
 * body nested thousands deep would exhaust the recursive walks of validation (the mock's choice).
 */
export const MAX_JSON_DEPTH = 64;

/** The body as Prism and the handlers read it: at once, except a multipart body, whose parts are read asynchronously. */
export function parseBody(
  raw: string,
  contentType: string,
  options: { invalidUtf8?: boolean; bytes?: Uint8Array; fileFields?: () => Set<string> | undefined } = {},
): ParsedBody | Promise<ParsedBody> {
  if (raw === '') return { forPrism: undefined, forHandlers: undefined };
  if (JSON_TYPE.test(contentType) || contentType === '') {
    if (options.invalidUtf8) {
      // Never silently replaced by U+FFFD and stored: the client sent bytes JSON cannot carry.
      return { forPrism: undefined, forHandlers: undefined, malformed: 'The request body is not valid UTF-8, which JSON text must be.' };
    }
    try {
      const json = JSON.parse(raw);
      if (depthOf(json) > MAX_JSON_DEPTH) {
        return { forPrism: undefined, forHandlers: undefined, malformed: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.` };
      }
      return { forPrism: json, forHandlers: json };
    } catch (error) {
      return { forPrism: raw, forHandlers: undefined, malformed: `The request body is not valid JSON: ${(error as Error).message}` };
    }
  }
  if (/^multipart\/form-data/i.test(contentType)) return parseMultipart(raw, contentType, options);
  return { forPrism: raw, forHandlers: raw };
}

async function parseMultipart(
  raw: string,
  contentType: string,
  options: { bytes?: Uint8Array; fileFields?: () => Set<string> | undefined },
): Promise<ParsedBody> {
  // Files are bytes: the parser reads the body as sent, not the text decoded from it.
  const form = await readMultipart(options.bytes ?? new TextEncoder().encode(raw), contentType, options.fileFields?.());
  // A form with no parts at all is an empty form, which the operation's schema then judges.
  if ('error' in form) return { forPrism: undefined, forHandlers: undefined, malformed: form.error };
  return { forPrism: form.forPrism, forHandlers: form.fields, uploads: form.parts };
}

/** The nesting depth of a parsed JSON value, without recursion (a deep value must not overflow the stack). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const NO_TEXT = Object.freeze({ text: '', invalidUtf8: false });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The body as text; bytes that are not UTF-8 are flagged (and decoded with U+FFFD only for the record). */
export function decodeBody(body: string | Uint8Array): { text: string; invalidUtf8: boolean } {
  if (typeof body === 'string') return { text: body, invalidUtf8: false };
  if (body.length === 0) return NO_TEXT;
  try {
    return { text: strictUtf8.decode(body), invalidUtf8: false };
  } catch {
    return { text: lenientUtf8.decode(body), invalidUtf8: true };
  }
}
