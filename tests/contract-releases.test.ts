// The released contracts (scripts/diff/releases.ts): versions in semver order, the release folders,
// and every kind of base `npm run diff -- --base` accepts, each with the label its report shows.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { bundleSource, compareVersions, latestBase, loadBase, releases } from '../scripts/diff/releases.js';
import { ROOT } from '../scripts/lib/project.js';
import { testTempDir } from './support/temp-dirs.js';

const TMP = testTempDir('releases-test-');
const latest = releases().at(-1) as string;
const releasedFile = path.join(ROOT, 'releases', latest, 'openapi.json');
const released = JSON.parse(readFileSync(releasedFile, 'utf8')) as { info: { version: string } };

describe('versions', () => {
  // The order semver's own example gives, plus numbers that sort wrongly as text and identifiers that
  // mix digits and letters (compared as text, after the numbers).
  const ordered = [
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.11',
    '1.0.0-beta.20',
    '1.0.0-beta.100',
    '1.0.0-beta.2x',
    '1.0.0-beta.x2',
    '1.0.0-rc.1',
    '1.0.0',
    '1.2.0',
    '1.10.0',
    '1.10.2',
    '2.0.0',
  ];

  it('sort in semver precedence: a pre-release before its release, numbers as numbers', () => {
    const shuffled = [...ordered].reverse().sort((a, b) => (a.length % 3) - (b.length % 3));
    expect(shuffled.sort(compareVersions)).toEqual(ordered);
  });

  it('compare both ways, and equal to themselves', () => {
    for (const [i, a] of ordered.entries()) {
      expect(compareVersions(a, a), a).toBe(0);
      for (const b of ordered.slice(i + 1)) {
        expect(Math.sign(compareVersions(a, b)), `${a} < ${b}`).toBe(-1);
        expect(Math.sign(compareVersions(b, a)), `${b} > ${a}`).toBe(1);
      }
    }
  });
});

describe('the release folders', () => {
  it('are the folders holding an openapi.json, oldest first; none when there is no releases/ folder', () => {
    const dir = path.join(TMP, 'releases');
    for (const v of ['2.0.0', '10.0.0', '2.1.0-rc.1', '2.1.0', 'notes']) mkdirSync(path.join(dir, v), { recursive: true });
    for (const v of ['2.0.0', '10.0.0', '2.1.0-rc.1', '2.1.0']) writeFileSync(path.join(dir, v, 'openapi.json'), '{}');
    expect(releases(dir)).toEqual(['2.0.0', '2.1.0-rc.1', '2.1.0', '10.0.0']);
    expect(releases(path.join(TMP, 'none'))).toEqual([]);
  });

  it('the default base is the latest release, labelled by its folder', () => {
    expect(latestBase()).toEqual({ label: `releases/${latest}`, doc: released });
  });
});

describe('a base given to npm run diff', () => {
  it('a bundle file, JSON or YAML, labelled by its path from the repository', () => {
    const yamlFile = path.join(TMP, 'base.yaml');
    writeFileSync(yamlFile, YAML.stringify(released));
    expect(loadBase(releasedFile)).toEqual({ label: `releases/${latest}/openapi.json`, doc: released });
    expect(loadBase(yamlFile)).toEqual({ label: path.relative(ROOT, yamlFile), doc: released });
  });

  it('a release folder (its openapi.json) and a released version', () => {
    expect(loadBase(path.join(ROOT, 'releases', latest))).toEqual({ label: `releases/${latest}/openapi.json`, doc: released });
    expect(loadBase(latest)).toEqual({ label: `releases/${latest}`, doc: released });
  });

  it('a git ref: its committed generated/openapi.json', () => {
    const base = loadBase('HEAD');
    expect(base.label).toBe('HEAD:generated/openapi.json');
    expect((base.doc as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  it('anything else: what --base accepts, as an error', () => {
    expect(() => loadBase('no-such-ref-or-file')).toThrow(
      '--base no-such-ref-or-file: not a file, a release in releases/, or a git ref with generated/openapi.json',
    );
  });

  it('the contract as openapi/ says now, bundled afresh: the generated bundle when that is fresh', () => {
    const generated = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
    const scratch = mkdtempSync(path.join(TMP, 'tmpdir-'));
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      expect(bundleSource()).toEqual(generated);
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    // Its scratch folder is gone (redocly may leave Node's compile cache there: not ours).
    expect(readdirSync(scratch).filter((f) => f.startsWith('contract-diff-'))).toEqual([]);
  });
});
