// OpenAPITools' openapi-diff itself on a few corpus cases, where it is installed (.cache/openapi-diff/lib
// and a java; CONTRIBUTING.md "A second tool: openapi-diff" says how): the verdicts it gives, one case
// it fails on, and the repository's list of its disagreements. Elsewhere the test is skipped, and says
// so in its name; tests/diff/openapi-diff-crosscheck.test.ts checks the script with a stand-in.
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../scripts/diff/corpus.js';
import { findOpenapiDiff, runOpenapiDiffCrosscheck } from '../../scripts/diff/openapi-diff-crosscheck.js';

const install = findOpenapiDiff();
const skipped = install ? '' : ' (skipped: openapi-diff is not installed in .cache/openapi-diff/lib, or no java)';
const IDS = ['op-removed', 'param-optional-added', 'op-summary-removed', 'path-param-renamed', 'resp-field-removed'];

describe.skipIf(!install)(`openapi-diff itself${skipped}`, () => {
  it('breaking, non-breaking and docs as we say; the pair it fails on and the allOf it does not read are listed disagreements, exit 0', () => {
    const log: string[] = [];
    const error: string[] = [];
    const code = runOpenapiDiffCrosscheck({
      install,
      cases: loadCorpus().filter((c) => IDS.includes(c.id)),
      out: { log: (l) => log.push(l), error: (l) => error.push(l) },
    });
    const text = log.join('\n');
    expect(text).toContain('| op-removed | breaking | MissingEndpoints | breaking | yes |');
    expect(text).toMatch(/\| param-optional-added \| non-breaking \| [^|]*ChangedParameters[^|]* \| non-breaking \| yes \|/);
    expect(text).toContain('| op-summary-removed | docs | ChangedMetadata | docs | yes |');
    expect(text).toMatch(/\| path-param-renamed \| error \| [^|]*Parameter\.getName[^|]* \| breaking \| no \|/);
    expect(text).toContain('| resp-field-removed | none | - | breaking | no |');
    expect([code, error]).toEqual([0, []]);
  }, 120_000);
});
