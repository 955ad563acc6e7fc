// JSON pointers are built and escaped in one place, lib/contract/pointer.ts: a copy elsewhere is
// how `validate-request.ts` came to escape `/` but not `~`. This test reads the repository's own
// TypeScript and fails on RFC 6901 escaping written anywhere outside lib/contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extendPointer, fragmentPointer, parsePointer, toPointer } from '../lib/contract/index.js';
import { ROOT, repoSources } from './support/sources.js';

const THIS_FILE = 'tests/engine-pointer.test.ts';

/** `replace(/~/g, …)`, `replaceAll('~', …)`, a quoted `'~0'`/`'~1'`: the marks of hand-written pointer escaping. */
const HAND_ESCAPING = /replace(?:All)?\(\s*(?:\/~\/g?|['"`]~['"`])|['"`]~[01]['"`]|replace(?:All)?\(\s*\/\\\/\/g?\s*,\s*['"`]~1/;

describe('JSON pointers are escaped only in lib/contract', () => {
  it('no TypeScript outside lib/contract escapes a pointer token by hand', () => {
    const offenders = repoSources()
      .filter((file) => !file.startsWith('lib/contract/') && file !== THIS_FILE)
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => HAND_ESCAPING.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
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
});
