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
 * How deep a JSON body may nest (MOCK_MAX_JSON_DEPTH). The source states no limit; real bodies nest
 * a few levels, and a body nested thousands deep would exhaust the recursive walks of validation.
 */
export const MAX_JSON_DEPTH = 64;
/**
 * How many object keys and array items a JSON body may hold (MOCK_MAX_JSON_KEYS): the largest real
 * body has a few dozen; 32 MiB of `{"a":0,…}` would cost JSON.parse, Ajv and the error map seconds.
 */
export const MAX_JSON_KEYS = 10_000;

/** The structure a JSON body (to /v2 or /__mock) may have; measured on the text, before JSON.parse. */
export interface JsonLimits {
  maxDepth: number;
  maxKeys: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = Object.freeze({ maxDepth: MAX_JSON_DEPTH, maxKeys: MAX_JSON_KEYS });

/**
 * What makes a JSON text too big a structure to parse ("nests deeper than 64 levels"), else
 * undefined: one linear scan outside strings, counting brackets for the depth, and colons (object
 * keys) and commas inside arrays (array items) for the keys. Not a validator: JSON.parse judges the rest.
 */
export function jsonShapeProblem(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): string | undefined {
  const inArray = new Uint8Array(limits.maxDepth + 2);
  let depth = 0;
  let keys = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skip to its closing quote (a backslash escapes the next character).
      for (i += 1; i < text.length && text.charCodeAt(i) !== 0x22; i += 1) if (text.charCodeAt(i) === 0x5c) i += 1;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limits.maxDepth) return `nests deeper than ${limits.maxDepth} levels`;
      inArray[depth] = c === 0x5b ? 1 : 0;
    } else if (c === 0x7d || c === 0x5d) depth = Math.max(0, depth - 1);
    else if (c === 0x3a || (c === 0x2c && inArray[depth] === 1)) {
      keys += 1;
      if (keys > limits.maxKeys) return `holds more than ${limits.maxKeys} keys and array items`;
    }
  }
  return undefined;
}

/** The body as Prism and the handlers read it: at once, except a multipart body, whose parts are read asynchronously. */
export function parseBody(
  raw: string,
  contentType: string,
  options: { invalidUtf8?: boolean; bytes?: Uint8Array; fileFields?: () => Set<string> | undefined; limits?: JsonLimits } = {},
): ParsedBody | Promise<ParsedBody> {
  if (raw === '') return { forPrism: undefined, forHandlers: undefined };
  if (JSON_TYPE.test(contentType) || contentType === '') {
    if (options.invalidUtf8) {
      // Never silently replaced by U+FFFD and stored: the client sent bytes JSON cannot carry.
      return { forPrism: undefined, forHandlers: undefined, malformed: 'The request body is not valid UTF-8, which JSON text must be.' };
    }
    const shape = jsonShapeProblem(raw, options.limits);
    if (shape) return { forPrism: undefined, forHandlers: undefined, malformed: `The request body ${shape}.` };
    try {
      const json = JSON.parse(raw);
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
