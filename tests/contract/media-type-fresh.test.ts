// The patterns of lib/contract/media-type.ts (a token, the HTTP spaces around a value) are built when
// the module loads. This file loads the module afresh inside its test, so that the mutation run
// (which switches one mutant on while a test runs) checks the patterns too. In a file of its own:
// it resets the module registry.
import { expect, it, vi } from 'vitest';

it('a freshly loaded media-type module reads tokens whole and trims only the HTTP spaces around values', async () => {
  vi.resetModules();
  const fresh = await import('../../lib/contract/media-type.js');
  const params = (header: string) => Object.fromEntries(fresh.parseMediaType(header).parameters);
  expect(fresh.parseMediaType('  \t Text/Plain \r\n').essence).toBe('text/plain');
  for (const header of ['appl ication/json', 'text/pl ain', 'text/plain x', 'a/b c'])
    expect(() => fresh.parseMediaType(header), header).toThrow(/Could not parse MIME type string/);
  expect(params('text/plain; charset=utf-8   ')).toEqual({ charset: 'utf-8' });
  expect(params('text/plain;   charset=utf-8; na me=x; a!b=1')).toEqual({ charset: 'utf-8', 'a!b': '1' });
});
