import { describe, expect, it } from 'vitest';
import { extendPointer, fragmentPointer, parsePointer, readPointer, toPointer } from '../../lib/contract/index.js';
import { linesMatching, repoSources } from '../support/sources.js';

const THIS_FILE = 'tests/contract/pointer.test.ts';

/** `replace(/~/g, …)`, `replaceAll('~', …)`, a quoted `'~0'`/`'~1'`: the marks of hand-written pointer escaping. */
const HAND_ESCAPING = /replace(?:All)?\(\s*(?:\/~\/g?|['"`]~['"`])|['"`]~[01]['"`]|replace(?:All)?\(\s*\/\\\/\/g?\s*,\s*['"`]~1/;

describe('JSON pointers are escaped only in lib/contract', () => {
  it('no TypeScript outside lib/contract escapes a pointer token by hand', () => {
    const offenders = linesMatching(
      repoSources().filter((file) => !file.startsWith('lib/contract/') && file !== THIS_FILE),
      HAND_ESCAPING,
    );
    expect(offenders).toEqual([]);
  });

  it('the pattern recognises the copies it replaced (so the scan above can fail)', () => {
    const copies = ["part.replace(/~/g, '~0').replace(/\\//g, '~1')", "declared.replace(/\\//g, '~1')", "key.replaceAll('~', '~0')"];
    expect(copies.filter((line) => !HAND_ESCAPING.test(line))).toEqual([]);
    expect(HAND_ESCAPING.test("const ref = extendPointer(node.$ref, 'content', media, 'schema');")).toBe(false);
  });

  it('builds and reads pointers, escaping ~ before / and percent-encoding fragments', () => {
    expect(toPointer(['paths', '/a~b/{id}', 'get'])).toBe('/paths/~1a~0b~1{id}/get');
    expect(parsePointer('#/paths/~1a~0b~1{id}/get')).toEqual(['paths', '/a~b/{id}', 'get']);
    expect(fragmentPointer(['paths', '/faceless/{faceless}', 'get'])).toBe('#/paths/~1faceless~1%7Bfaceless%7D/get');
    expect(extendPointer('#/components/responses/E', 'content', 'application/json', 'schema')).toBe(
      '#/components/responses/E/content/application~1json/schema',
    );
  });

  it('escapes and reads back every token, ~ and / in any order and number', () => {
    const keys = ['~1', '/~0/', 'a/b/c', 'a~b~c', '~', '/', ''];
    expect(toPointer(keys)).toBe('/~01/~1~00~1/a~1b~1c/a~0b~0c/~0/~1/');
    expect(parsePointer(toPointer(keys))).toEqual(keys);
    expect(parsePointer(fragmentPointer(['a b']).replace('%20', ' '))).toEqual(['a b']);
  });

  it('reads the empty pointer as the whole document and refuses a pointer without a leading /', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('#')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
    expect(() => parsePointer('paths/~1me')).toThrow('not a JSON pointer: "paths/~1me"');
    expect(() => parsePointer('#paths')).toThrow(/not a JSON pointer/);
  });

  it('reads the value at a pointer, undefined where a key on the way is absent or no object', () => {
    const doc = { paths: { '/me': { get: { ok: 1 } } }, n: null, s: 'text', list: [10, 20] };
    expect(readPointer(doc, '/paths/~1me/get')).toEqual({ ok: 1 });
    expect(readPointer(doc, '#/paths/~1me/get/ok')).toBe(1);
    expect(readPointer(doc, ['paths', '/me', 'get', 'ok'])).toBe(1);
    expect(readPointer(doc, '/list/1')).toBe(20);
    expect(readPointer(doc, '')).toBe(doc);
    expect(readPointer(doc, '/n')).toBeNull();
    expect(readPointer(doc, '/n/x')).toBeUndefined();
    expect(readPointer(doc, '/s/length')).toBeUndefined();
    expect(readPointer(doc, '/missing/x')).toBeUndefined();
    expect(readPointer(undefined, '/x')).toBeUndefined();
  });
});
