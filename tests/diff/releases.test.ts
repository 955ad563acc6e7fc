// The released contracts (scripts/diff/releases.ts): versions in semver order, the release folders,
// and every kind of base `npm run diff -- --base` accepts, each with the label its report shows. Then
// `npm run release` (scripts/diff/release.ts) in a scratch folder: the version checks, the gate and
// the major step it asks for, and what it writes. Lint, the freshness check and the rebuild are the
// repository's npm scripts; there they are recorded, so the order and the refusals are what is tested.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { bundleSource, compareVersions, latestBase, loadBase, releases } from '../../scripts/diff/releases.js';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';
import { runRelease } from '../../scripts/diff/release.js';

const TMP = testTempDir('releases-test-');
const latest = releases().at(-1) as string;
type Doc = { info: { version: string; 'x-changelog': object[] }; paths: Record<string, unknown> };
const releasedFile = path.join(ROOT, 'releases', latest, 'openapi.json');
const released = JSON.parse(readFileSync(releasedFile, 'utf8')) as Doc;

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

let folders = 0;

/** A repository stand-in: releases/ with the latest real release, generated/ holding `head`. */
function repository(head: Doc) {
  const root = path.join(TMP, String(folders++));
  const releasesDir = path.join(root, 'releases');
  const generatedDir = path.join(root, 'generated');
  mkdirSync(path.join(releasesDir, latest), { recursive: true });
  mkdirSync(generatedDir, { recursive: true });
  writeFileSync(path.join(releasesDir, latest, 'openapi.json'), JSON.stringify(released));
  writeFileSync(path.join(generatedDir, 'openapi.json'), JSON.stringify(head));
  writeFileSync(path.join(generatedDir, 'schema.d.ts'), 'export interface paths {}\n');
  return { releasesDir, generatedDir };
}

/** The latest release as `version`, changed by `edit`. */
function headAs(version: string, edit: (doc: Doc) => void = () => undefined): Doc {
  const doc = structuredClone(released);
  doc.info.version = version;
  edit(doc);
  return doc;
}

const entry =
  (more: object = {}) =>
  (doc: Doc) =>
    doc.info['x-changelog'].unshift({ date: '2026-12-01', changes: ['A change.'], ...more });
const addOperation = (doc: Doc) => {
  const me = structuredClone(doc.paths['/me']) as { get: { operationId: string } };
  me.get.operationId = 'getMeToo';
  doc.paths['/me-too'] = me;
};
const removeMe = (doc: Doc) => {
  delete doc.paths['/me'];
};

async function release(version: string | undefined, head: Doc, replace = false, dirs = repository(head)) {
  const steps: string[] = [];
  const log: string[] = [];
  const error: string[] = [];
  const code = await runRelease({
    version,
    replace,
    ...dirs,
    check: async () => void steps.push('check'),
    rebuild: async () => void steps.push('rebuild'),
    out: { log: (l) => log.push(l), error: (l) => error.push(l) },
  });
  return { code, steps, log, error, dir: path.join(dirs.releasesDir, version ?? '') };
}

describe('npm run release refuses', () => {
  it.each([undefined, '2.1', 'v2.1.0', '2.1.0 '])('a version that is not major.minor.patch (%s): the usage, exit 2', async (version) => {
    const { code, error, steps } = await release(version, headAs('2.1.0'));
    expect([code, error, steps]).toEqual([2, ['release: usage: npm run release -- <major.minor.patch> [--replace]'], []]);
  });

  it('a version released already, unless --replace', async () => {
    const { code, error, steps } = await release(latest, headAs(latest));
    expect([code, error, steps]).toEqual([1, [`release: releases/${latest} exists; pass --replace to rewrite it`], []]);
  });

  it('a version older than the last release', async () => {
    const { code, error } = await release('1.9.0', headAs('1.9.0'));
    expect([code, error]).toEqual([1, [`release: 1.9.0 is older than the last release (${latest})`]]);
  });

  it('a bundle whose info.version is another version, after the checks ran', async () => {
    const { code, error, steps } = await release('2.1.0', headAs('2.0.9'));
    expect([code, steps]).toEqual([1, ['check']]);
    expect(error).toEqual(['release: info.version in openapi/openapi.yaml is 2.0.9; set it to 2.1.0, npm run build, then release']);
  });

  it('a behaviour change with no change-log entry (the gate), writing nothing', async () => {
    const { code, error, dir } = await release('2.1.0', headAs('2.1.0', addOperation));
    expect(code).toBe(1);
    expect(error[0]).toMatch(/^release: 1 behaviour change\(s\) and no change-log entry for them/);
    expect(existsSync(dir)).toBe(false);
  });

  it('an acknowledged breaking change in the same major version: asks for a new major', async () => {
    const { code, error } = await release(
      '2.1.0',
      headAs('2.1.0', (d) => [removeMe(d), entry({ breaking: true, pointers: ['/paths/~1me'] })(d)]),
    );
    expect([code, error]).toEqual([1, [`release: the contract breaks ${latest}: release it as a new major version`]]);
  });

  it('a failing check (lint or a stale generated/): nothing written', async () => {
    const head = headAs('2.1.0', (d) => [addOperation(d), entry()(d)]);
    const dirs = repository(head);
    const failing = runRelease({
      version: '2.1.0',
      replace: false,
      ...dirs,
      check: () => Promise.reject(new Error('npm run --silent lint exited with 1')),
      rebuild: async () => undefined,
      out: { log: () => undefined, error: () => undefined },
    });
    await expect(failing).rejects.toThrow('lint exited with 1');
    expect(existsSync(path.join(dirs.releasesDir, '2.1.0'))).toBe(false);
  });
});

describe('npm run release writes', () => {
  it('a non-breaking release: the bundle, its types and the changes since the last, then rebuilds', async () => {
    const head = headAs('2.1.0', (d) => [addOperation(d), entry()(d)]);
    const { code, steps, log, error, dir } = await release('2.1.0', head);
    expect([code, error, steps]).toEqual([0, [], ['check', 'rebuild']]);
    expect(JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8'))).toEqual(head);
    expect(readFileSync(path.join(dir, 'schema.d.ts'), 'utf8')).toBe('export interface paths {}\n');
    const changes = JSON.parse(readFileSync(path.join(dir, 'changes.json'), 'utf8'));
    expect(changes.base).toBe(latest);
    // The added operation; the version and the change log are docs.
    const classes = changes.changes.map((c: { class: string }) => c.class);
    expect([...new Set(classes)]).toEqual(['non-breaking', 'docs']);
    expect(log).toEqual([
      'release: npm run lint, npm run check:generated',
      `release: wrote releases/2.1.0/ (${classes.length} changes since ${latest}) and rebuilt generated/; commit both`,
    ]);
  });

  it('an acknowledged breaking change as a new major version', async () => {
    const head = headAs('3.0.0', (d) => [removeMe(d), entry({ breaking: true, pointers: ['/paths/~1me'] })(d)]);
    const { code, error, dir } = await release('3.0.0', head);
    expect([code, error]).toEqual([0, []]);
    const changes = JSON.parse(readFileSync(path.join(dir, 'changes.json'), 'utf8'));
    expect(changes.changes[0]).toMatchObject({ class: 'breaking', acknowledged: true });
  });

  it('a release after its own release candidate, compared with the candidate', async () => {
    const head = headAs('2.1.0');
    const dirs = repository(head);
    mkdirSync(path.join(dirs.releasesDir, '2.1.0-rc.1'));
    writeFileSync(path.join(dirs.releasesDir, '2.1.0-rc.1', 'openapi.json'), JSON.stringify(headAs('2.1.0-rc.1')));
    const { code, error, dir } = await release('2.1.0', head, false, dirs);
    expect([code, error]).toEqual([0, []]);
    expect(JSON.parse(readFileSync(path.join(dir, 'changes.json'), 'utf8')).base).toBe('2.1.0-rc.1');
  });

  it('the first release of a repository: no changes file, changes since nothing', async () => {
    const head = headAs('1.0.0');
    const dirs = repository(head);
    rmSync(path.join(dirs.releasesDir, latest), { recursive: true });
    const { code, log, dir } = await release('1.0.0', head, false, dirs);
    expect(code).toBe(0);
    expect(existsSync(path.join(dir, 'changes.json'))).toBe(false);
    expect(log[1]).toBe('release: wrote releases/1.0.0/ (0 changes since nothing) and rebuilt generated/; commit both');
  });

  it('--replace: the release rewritten, compared with the one before it, and nothing of the old folder left', async () => {
    const head = headAs(latest);
    const dirs = repository(head);
    writeFileSync(path.join(dirs.releasesDir, latest, 'stale.txt'), 'old');
    const { code, dir } = await release(latest, head, true, dirs);
    expect(code).toBe(0);
    expect(existsSync(path.join(dir, 'stale.txt'))).toBe(false);
    expect(existsSync(path.join(dir, 'openapi.json'))).toBe(true);
    // The only release: nothing before it to compare with (not itself).
    expect(existsSync(path.join(dir, 'changes.json'))).toBe(false);
  });
});
