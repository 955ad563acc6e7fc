// The QA package's page (video-api-v2-qa's README is docs/conformance.md, copied as it is by
// `npm run pack`) keeps the rule the mock's and the client's READMEs keep: every shell and config
// block is either run by a test or says on its first line that it is illustrative. Its two
// file-named blocks are the CI workflows, whose commands tests/qa/shards.test.ts runs locally.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QA } from '../../scripts/pack/packages.js';
import { codeBlocks, unmarked } from '../support/readme-blocks.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe("the QA package's README", () => {
  it('is docs/conformance.md; each block is run by a test (the CI workflows) or marked illustrative', () => {
    expect(QA.readme).toBe('docs/conformance.md');
    const blocks = codeBlocks(readFileSync(path.join(ROOT, QA.readme), 'utf8'), QA.readme);
    expect(blocks.length).toBeGreaterThan(8);
    expect(unmarked(blocks)).toEqual([]);
    expect(blocks.filter((b) => b.file).map((b) => b.file)).toEqual(['.github/workflows/conformance.yml', '.gitlab-ci.yml']);
    expect(readFileSync(path.join(ROOT, 'tests/qa/shards.test.ts'), 'utf8')).toMatch(/ci:\$\{marker\}/);
  });
});
