// What `git status` shows, with the content of every changed or untracked file hashed, so `npm test`
// can say at its end which files its own run wrote (a build, a report, a formatter) and fail on them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One line per path git reports (tracked and changed, or untracked and not ignored) and its content's hash. */
export type TreeState = Map<string, string>;

function porcelain(root: string): string[] {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter(Boolean)
    .map((entry) => entry.slice(3));
}

function contentHash(file: string): string {
  if (!existsSync(file)) return 'deleted';
  if (statSync(file).isDirectory()) return 'folder';
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Undefined when the folder is not a git work tree (a tarball, an export): nothing to compare. */
export function treeState(root: string): TreeState | undefined {
  try {
    return new Map(porcelain(root).map((rel) => [rel, contentHash(path.join(root, rel))]));
  } catch {
    return undefined;
  }
}

/** The paths whose state differs between two readings: written, changed back, created or removed. */
export function changedBetween(before: TreeState, after: TreeState): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort();
}
