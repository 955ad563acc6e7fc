// The request journal (GET /__mock/requests): every answered /v2 call, newest first, with its
// token redacted to its beginning and end. Only the most recent entries are kept, within a count and a byte
// budget, so memory stays flat; a long value is kept as its beginning and a note of its length.
import type { UploadedPart } from '../multipart.js';

export interface JournalEntry {
  time: string;
  token: string | null;
  method: string;
  path: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  fault?: number;
  /** Every part of a multipart body: field, file name, content type, size and SHA-256. */
  uploads?: UploadedPart[];
}

export const JOURNAL_SIZE = 1000;
/** The longest string (a file name, a field name, a content type) an entry keeps whole. */
export const MAX_JOURNAL_STRING = 4096;
/** At most this much of the journal (its approximate JSON size) is in one answer; `next` pages on. */
export const JOURNAL_PAGE_BYTES = 1024 * 1024;

/**
 * A token as the journal, the listings and the logs show it: special `mock-` tokens whole, others as
 * their beginning and their end (`rq-…-1`, `secret…per`), so two tokens that share a beginning
 * (`rq-user-1`, `rq-user-2`) still read apart.
 */
export function redactToken(token: string | undefined): string | null {
  if (!token) return null;
  if (token.startsWith('mock-')) return token;
  // Never the whole token: at most half of it and at most 9 characters, the end at most 3 of them.
  const shown = Math.min(9, Math.ceil(token.length / 2));
  const end = Math.min(3, Math.floor(shown / 2));
  return `${token.slice(0, shown - end)}…${token.slice(token.length - end)}`;
}

/** What add() is given: the entry without its token, and its start as epoch milliseconds. */
export type JournalInput = Omit<JournalEntry, 'token' | 'time'> & { startedAt: number };

/** The longest path (with its query) an entry keeps. */
const MAX_PATH = 2048;
/** What an entry costs beside its strings (numbers, keys, the time written out). */
const ENTRY_OVERHEAD = 200;

/** A string cut to its first `max` characters and a note of its whole length; a short one as it is. */
export function cut(text: string, max = MAX_JOURNAL_STRING): string {
  if (text.length <= max) return text;
  // A copy, not a slice: a slice can keep its whole parent string (a 20 MB file name) alive.
  return `${text.slice(0, max).split('').join('')}… (${text.length} characters)`;
}

/** The entry as kept: long strings cut. */
function kept(input: JournalInput): JournalInput {
  const path = cut(input.path, MAX_PATH);
  const uploads = input.uploads?.map((part) => {
    const out: UploadedPart = { ...part, field: cut(part.field) };
    if (part.filename !== undefined) out.filename = cut(part.filename);
    if (part.contentType !== undefined) out.contentType = cut(part.contentType);
    return out;
  });
  return { ...input, path, ...(uploads ? { uploads } : {}) };
}

/** The approximate size of an entry as JSON text. */
function sizeOf(input: JournalInput, token: string | undefined): number {
  let size = ENTRY_OVERHEAD + input.path.length + (token?.length ?? 0) + (input.operationId?.length ?? 0);
  for (const part of input.uploads ?? []) size += 120 + part.field.length + (part.filename?.length ?? 0) + (part.contentType?.length ?? 0);
  return size;
}

export class Journal {
  // Oldest first internally; the full token is kept only for filtering and never shown. Entries are
  // written on every call and read rarely, so the time and the redacted token are formatted when read.
  private entries: Array<{ input: JournalInput; token?: string; size: number }> = [];
  /** The approximate size of what is held. */
  bytes = 0;

  /** `maxBytes`: the journal's byte budget (MOCK_MAX_JOURNAL_BYTES); the oldest entries go first. */
  constructor(readonly maxBytes = Number.POSITIVE_INFINITY) {}

  add(token: string | undefined, raw: JournalInput): void {
    const input = kept(raw);
    const size = sizeOf(input, token);
    this.entries.push({ input, token, size });
    this.bytes += size;
    // Up to twice JOURNAL_SIZE entries are held (list() shows the newest JOURNAL_SIZE), so the
    // array is cut once in a while, not on every call; the byte budget is kept on every call.
    let drop = this.entries.length > JOURNAL_SIZE * 2 ? this.entries.length - JOURNAL_SIZE : 0;
    let bytes = this.bytes;
    for (let i = 0; i < drop; i += 1) bytes -= this.entries[i].size;
    while (bytes > this.maxBytes && drop < this.entries.length - 1) bytes -= this.entries[drop++].size;
    if (drop) this.entries.splice(0, drop);
    this.bytes = bytes;
  }

  list(options: { token?: string; limit?: number } = {}): JournalEntry[] {
    return this.page(options).requests;
  }

  /**
   * Newest first: at most `limit` entries after skipping `offset`, and no more than
   * JOURNAL_PAGE_BYTES of them; `next` is the offset of the page after this one, or null.
   */
  page(options: { token?: string; limit?: number; offset?: number } = {}): { requests: JournalEntry[]; next: number | null } {
    const requests: JournalEntry[] = [];
    const limit = Math.min(options.limit ?? JOURNAL_SIZE, JOURNAL_SIZE);
    const oldest = Math.max(0, this.entries.length - JOURNAL_SIZE);
    let skip = options.offset ?? 0;
    let bytes = 0;
    for (let i = this.entries.length - 1; i >= oldest; i -= 1) {
      const { input, token, size } = this.entries[i];
      if (options.token !== undefined && token !== options.token) continue;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      if (requests.length >= limit || (requests.length && bytes + size > JOURNAL_PAGE_BYTES))
        return { requests, next: (options.offset ?? 0) + requests.length };
      bytes += size;
      const { startedAt, ...rest } = input;
      requests.push({ time: new Date(startedAt).toISOString(), token: redactToken(token), ...rest });
    }
    return { requests, next: null };
  }

  clear(token?: string): void {
    this.entries = token === undefined ? [] : this.entries.filter((item) => item.token !== token);
    this.bytes = this.entries.reduce((total, item) => total + item.size, 0);
  }
}
