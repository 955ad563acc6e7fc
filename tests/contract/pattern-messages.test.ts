// Every `pattern` of the contract (and of the mock's control API) says its rule in words
// (`x-pattern-message`, openapi/EXTENSIONS.md), and the words stand only beside a pattern: a 422
// shows them instead of the regular expression (lib/contract/schema-messages.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../support/contract.js';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Every object of a document that has a `pattern` or an `x-pattern-message`, with its pointer. */
function patternHolders(node: unknown, at = ''): { at: string; schema: Record<string, unknown> }[] {
  if (node === null || typeof node !== 'object') return [];
  const here = node as Record<string, unknown>;
  const own = typeof here.pattern === 'string' || 'x-pattern-message' in here ? [{ at, schema: here }] : [];
  return [...own, ...Object.entries(here).flatMap(([key, value]) => patternHolders(value, `${at}/${key}`))];
}

const documents = {
  contract: loadContract(),
  'mock control API': parse(readFileSync(path.join(root, 'openapi/mock-control/openapi.yaml'), 'utf8')),
};

describe('pattern messages', () => {
  for (const [name, doc] of Object.entries(documents)) {
    it(`every pattern of the ${name} carries its x-pattern-message, and none stands alone`, () => {
      const holders = patternHolders(doc);
      expect(holders.length).toBeGreaterThan(0);
      for (const { at, schema } of holders) {
        expect.soft(typeof schema.pattern, `${at}: an x-pattern-message without a pattern`).toBe('string');
        expect.soft(schema['x-pattern-message'], `${at}: a pattern without an x-pattern-message`).toMatch(/^must /);
      }
    });
  }
});
