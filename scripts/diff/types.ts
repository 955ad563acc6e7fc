// What the contract diff reports: one entry per change, classified for the people it affects.
export type ChangeClass = 'breaking' | 'non-breaking' | 'docs';

export interface Change {
  class: ChangeClass;
  /** JSON pointer of the place in the bundle (the head's, or the base's for a removal). */
  pointer: string;
  /** One plain sentence. */
  message: string;
  /** breaking: covered by a change-log entry with `breaking: true` and a pointer at or above it;
   *  non-breaking: the contract has a change-log entry the base does not; docs: always. */
  acknowledged: boolean;
  /** The operations it touches (`GET /me`), where the pointer leads to any. */
  operations: string[];
  /** The same place inside the component it is reached through, where there is one. */
  component?: string;
  /** When the pointer leads into a component: the `$ref` in the operation it is reached through. */
  via?: string;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Deep equality of JSON values (key order ignored). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}

/** A classified change with its sentence (without the operation in front). */
export interface Verdict {
  class: ChangeClass;
  message: string;
}

/** What the rules read besides the change itself. */
export interface RuleContext {
  /** api-smart-diff's merged document: the head's values, removed nodes kept, references followed. */
  merged: unknown;
  /** The pointer of every change the library reported. */
  changed: Set<string>;
  /** The pointer of every addition among them. */
  added: Set<string>;
  /** The pointer of every removal among them. */
  removed: Set<string>;
}
