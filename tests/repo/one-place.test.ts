import { describe, expect, it } from 'vitest';
import { linesMatching, repoSources } from '../support/sources.js';

const SCANNED = ['lib', 'mock', 'qa', 'client', 'scripts', 'mcp'];
// Ajv is looked for in the tests too: a test that set Ajv up its own way would judge answers by other
// rules than the product does. (Tests' stand-in servers read request bodies their own way.)
const AJV_SCANNED = [...SCANNED, 'tests'];

/** A value import of Ajv itself or its formats (a type import names no set-up). */
const AJV_SETUP = /^\s*import\s+(?!type\b)[^;]*?from\s*['"]ajv(?:-formats)?(?:\/dist\/(?:2019|2020|ajv)(?:\.js)?)?['"]/;
/** A request stream read chunk by chunk: `req.on('data', …)` (other streams, a child's output say, are not requests). */
const BODY_READING = /\breq\.on\(\s*['"]data['"]/;

function offenders(pattern: RegExp, allowed: string, folders = SCANNED): string[] {
  return linesMatching(
    repoSources(folders).filter((file) => file !== allowed),
    pattern,
  );
}

describe('one Ajv set-up and one body reader', () => {
  it('Ajv is set up only in lib/contract/ajv.ts, in the product and in its tests', () => {
    expect(offenders(AJV_SETUP, 'lib/contract/ajv.ts', AJV_SCANNED)).toEqual([]);
  });

  it('a request body is read only in lib/read-body.ts', () => {
    expect(offenders(BODY_READING, 'lib/read-body.ts')).toEqual([]);
  });

  it('the patterns recognise the copies they replaced (so the scans above can fail)', () => {
    const copies = ["import Ajv2020 from 'ajv/dist/2020.js';", "import addFormats from 'ajv-formats';", "import Ajv from 'ajv';"];
    expect(copies.filter((line) => !AJV_SETUP.test(line))).toEqual([]);
    expect(AJV_SETUP.test("import standaloneModule from 'ajv/dist/standalone/index.js';")).toBe(false);
    expect(AJV_SETUP.test("import type { ErrorObject } from 'ajv';")).toBe(false);
    expect(BODY_READING.test("    req.on('data', (c: Buffer) => chunks.push(c));")).toBe(true);
    expect(BODY_READING.test("  child.stdout.on('data', (chunk) => (output += chunk));")).toBe(false);
  });
});
