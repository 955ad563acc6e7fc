// The request journal (GET /__mock/requests): every answered /v2 call, newest first, with its
// token redacted to a prefix. Only the most recent entries are kept, so memory stays flat.
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

/** A token as the journal and the logs show it: special `mock-` tokens whole, others as a prefix. */
export function redactToken(token: string | undefined): string | null {
  if (!token) return null;
  if (token.startsWith('mock-')) return token;
  // Never the whole token: at most 6 characters, and at most half of a short one.
  return `${token.slice(0, Math.min(6, Math.ceil(token.length / 2)))}…`;
}

/** What add() is given: the entry without its token, and its start as epoch milliseconds. */
export type JournalInput = Omit<JournalEntry, 'token' | 'time'> & { startedAt: number };

/** The longest path (with its query) an entry keeps. */
const MAX_PATH = 2048;

export class Journal {
  // Oldest first internally; the full token is kept only for filtering and never shown. Entries are
  // written on every call and read rarely, so the time and the redacted token are formatted when read.
  private entries: Array<{ input: JournalInput; token?: string }> = [];

  add(token: string | undefined, input: JournalInput): void {
    // A path with a huge query is kept short: the journal holds up to twice JOURNAL_SIZE entries.
    const path = input.path.length > MAX_PATH ? `${input.path.slice(0, MAX_PATH)}…` : input.path;
    this.entries.push({ input: path === input.path ? input : { ...input, path }, token });
    if (this.entries.length > JOURNAL_SIZE * 2) this.entries.splice(0, this.entries.length - JOURNAL_SIZE);
  }

  list(options: { token?: string; limit?: number } = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const limit = Math.min(options.limit ?? JOURNAL_SIZE, JOURNAL_SIZE);
    const oldest = Math.max(0, this.entries.length - JOURNAL_SIZE);
    for (let i = this.entries.length - 1; i >= oldest && out.length < limit; i -= 1) {
      const { input, token } = this.entries[i];
      if (options.token !== undefined && token !== options.token) continue;
      const { startedAt, ...rest } = input;
      out.push({ time: new Date(startedAt).toISOString(), token: redactToken(token), ...rest });
    }
    return out;
  }

  clear(token?: string): void {
    this.entries = token === undefined ? [] : this.entries.filter((item) => item.token !== token);
  }
}
