// What the mock leaves out of Prism's dependencies in Node (mock/prism-trims.ts): Prism's own
// require() of faker and of http-spec's Postman reader gets the stand-in of mock/left-out.ts, which
// costs nothing to load and names what was left out when used; every other module resolves as before.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT } from '../../mock/prism-trims.js';
import '../../mock/prism.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** require() as Prism's example generator calls it. */
const prismRequire = createRequire(
  path.join(ROOT, 'node_modules', '@stoplight', 'prism-http', 'dist', 'mocker', 'generator', 'JSONSchema.js'),
);

describe("the mock's Node trims of Prism's dependencies", () => {
  it("gives Prism's require() of faker and the Postman reader a stand-in: its default is itself, any other use names it", () => {
    for (const name of LEFT_OUT) {
      const stand = prismRequire(name) as Record<string, unknown>;
      expect(stand.default).toBe(stand);
      expect(() => stand.person).toThrow(`mock: ${name} (person) is left out of the mock`);
    }
    expect(LEFT_OUT).toEqual(['@faker-js/faker', '@stoplight/http-spec/postman/operation']);
  });

  it('leaves every other module as it was (json-schema-faker, the rest of http-spec)', () => {
    expect(typeof (prismRequire('json-schema-faker') as { JSONSchemaFaker: { generate: unknown } }).JSONSchemaFaker.generate).toBe(
      'function',
    );
    expect(typeof (prismRequire('@stoplight/http-spec/oas3/operation') as Record<string, unknown>).transformOas3Operations).toBe(
      'function',
    );
  });
});
