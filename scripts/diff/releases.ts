// The released contracts kept in the repository: releases/<version>/openapi.json (the bundle as
// released) and schema.d.ts (its generated types). No tags or network needed to compare against one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { BIN, OPENAPI_ROOT, ROOT } from '../lib/project.js';

export const RELEASES_DIR = path.join(ROOT, 'releases');

/** A version's numbers and its pre-release identifiers (`2.1.0-rc.1`: [2, 1, 0] and ['rc', '1']). */
function versionParts(v: string): { core: number[]; pre: string[] } {
  const dash = v.indexOf('-');
  const core = (dash < 0 ? v : v.slice(0, dash)).split('.').map(Number);
  return { core, pre: dash < 0 ? [] : v.slice(dash + 1).split('.') };
}

/** Pre-release identifiers as semver orders them: numbers numerically and below words; a longer list after its prefix. */
function comparePre(x: string[], y: string[]): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    const [pn, qn] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pn && qn) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

/** Semver precedence: negative when `a` comes before `b`; a pre-release before its release (2.1.0-rc.1 < 2.1.0). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < 3; i++) if ((x.core[i] ?? 0) !== (y.core[i] ?? 0)) return (x.core[i] ?? 0) - (y.core[i] ?? 0);
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length;
  return comparePre(x.pre, y.pre);
}

/** Released versions, oldest first. */
export function releases(dir = RELEASES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((v) => existsSync(path.join(dir, v, 'openapi.json')))
    .sort(compareVersions);
}

export function readRelease(version: string, dir = RELEASES_DIR): object {
  return JSON.parse(readFileSync(path.join(dir, version, 'openapi.json'), 'utf8'));
}

/** A base given on the command line: a bundle file (JSON or YAML), a release folder, a released
 *  version, or a git ref (its committed generated/openapi.json). */
export function loadBase(spec: string): { label: string; doc: object } {
  const file = path.resolve(spec);
  if (existsSync(file)) {
    const target = statSync(file).isDirectory() ? path.join(file, 'openapi.json') : file;
    const text = readFileSync(target, 'utf8');
    return { label: path.relative(ROOT, target), doc: target.endsWith('.json') ? JSON.parse(text) : YAML.parse(text) };
  }
  if (releases().includes(spec)) return { label: `releases/${spec}`, doc: readRelease(spec) };
  try {
    const text = execFileSync('git', ['show', `${spec}:generated/openapi.json`], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { label: `${spec}:generated/openapi.json`, doc: JSON.parse(text) };
  } catch {
    throw new Error(`--base ${spec}: not a file, a release in releases/, or a git ref with generated/openapi.json`);
  }
}

/** The latest release, the default base. */
export function latestBase(): { label: string; doc: object } | undefined {
  const latest = releases().at(-1);
  return latest ? { label: `releases/${latest}`, doc: readRelease(latest) } : undefined;
}

/** The contract as openapi/ says now, bundled afresh (generated/ may be stale while editing). */
export function bundleSource(): object {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'contract-diff-'));
  try {
    const out = path.join(tmp, 'openapi.yaml');
    execFileSync(BIN('redocly'), ['bundle', path.relative(ROOT, OPENAPI_ROOT), '--output', out], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return YAML.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
