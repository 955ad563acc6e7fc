// What `npm run build` reads, stated once, and a content hash of it. The build records the hash
// beside its outputs (generated/build-inputs.json); `npm run check:fresh`, the pre-commit hook and
// `npm start` compare it with the hash of the inputs now, in well under a second. Each file counts
// by its git blob id (sha1 of "blob <length>\0" + content), so the same hash comes from the work
// tree (hashing the files) or from the git index (`git ls-files -s`), whatever the files' mtimes.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file or folder the build reads, relative to the repository root: the contract, the build
 * and what it imports (scripts/build-steps -> scripts/docs, scripts/diff, scripts/lib, lib/contract,
 * lib/run.ts), the client it compiles, the releases the change log reads, redocly.yaml (the bundle
 * and the docs run Redocly with it), package.json (the client package's dependency versions) and
 * the lockfile (the versions of the tools that write the output).
 */
export const BUILD_INPUT_ROOTS = [
  'openapi',
  'lib/contract',
  'lib/run.ts',
  'client',
  'scripts/build.ts',
  'scripts/build-steps',
  'scripts/docs',
  'scripts/diff',
  'scripts/lib',
  'releases',
  'redocly.yaml',
  'package.json',
  'package-lock.json',
] as const;

/** Where the build records the hash of the inputs it read, relative to the repository root. */
export const BUILD_INPUTS_FILE = 'generated/build-inputs.json';

/** What generated/build-inputs.json holds: the hash, and each input file's blob id (to name what changed). */
export interface BuildInputs {
  hash: string;
  files: Record<string, string>;
}

/** git's blob id of a file's content: sha1 over "blob <length>\0" and the bytes. */
export function blobId(content: Buffer | string): string {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

function fileBlobId(full: string): string {
  const stats = lstatSync(full);
  // git stores a symbolic link as a blob of its target's path.
  return blobId(stats.isSymbolicLink() ? readlinkSync(full) : readFileSync(full));
}

/** The hash over sorted lines "<relative path> <blob id>". */
export function inputsOf(files: Map<string, string>): BuildInputs {
  const sorted = [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hash = createHash('sha256')
    .update(sorted.map(([file, id]) => `${file} ${id}\n`).join(''))
    .digest('hex');
  return { hash, files: Object.fromEntries(sorted) };
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

/** Is `root` itself the top of a git work tree (not a folder inside some other repository)? */
function isWorkTreeTop(root: string): boolean {
  const top = git(root, ['rev-parse', '--show-toplevel'])?.trim();
  return top !== undefined && realpathSync(top) === realpathSync(root);
}

function walk(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (!lstatSync(full).isDirectory()) {
    out.push(rel);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    walk(root, path.posix.join(rel, entry.name), out);
  }
}

/**
 * The inputs as they are in the work tree: in a git work tree, every file git tracks or would track
 * (tracked, or untracked and not ignored) that exists; elsewhere (an unpacked tarball) every file
 * under the roots but node_modules.
 */
export function workTreeInputs(root: string): BuildInputs {
  let rels: string[];
  const listed = isWorkTreeTop(root)
    ? git(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...BUILD_INPUT_ROOTS])
    : undefined;
  if (listed !== undefined) {
    rels = [...new Set(listed.split('\0').filter(Boolean))].filter((rel) => {
      const full = path.join(root, rel);
      return existsSync(full) && !lstatSync(full).isDirectory() && !rel.split('/').includes('node_modules');
    });
  } else {
    rels = [];
    for (const input of BUILD_INPUT_ROOTS) walk(root, input, rels);
  }
  return inputsOf(new Map(rels.map((rel) => [rel, fileBlobId(path.join(root, rel))])));
}

/** The inputs as staged in the git index (what a commit would record): blob ids straight from git. */
export function stagedInputs(root: string): BuildInputs {
  const listed = git(root, ['ls-files', '-s', '-z', '--', ...BUILD_INPUT_ROOTS]);
  if (listed === undefined) throw new Error(`${root} is not a git work tree: nothing is staged`);
  const files = new Map<string, string>();
  for (const entry of listed.split('\0').filter(Boolean)) {
    // "<mode> <blob id> <stage>\t<path>"
    const tab = entry.indexOf('\t');
    const [, id] = entry.slice(0, tab).split(' ');
    const rel = entry.slice(tab + 1);
    if (!rel.split('/').includes('node_modules')) files.set(rel, id);
  }
  return inputsOf(files);
}

/** The record as the work tree has it (undefined when missing or unreadable). */
export function recordedInputs(root: string): BuildInputs | undefined {
  try {
    return parseRecord(readFileSync(path.join(root, BUILD_INPUTS_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The record as staged in the git index (undefined when it is not staged). */
export function stagedRecord(root: string): BuildInputs | undefined {
  const text = git(root, ['show', `:${BUILD_INPUTS_FILE}`]);
  return text === undefined ? undefined : parseRecord(text);
}

function parseRecord(text: string): BuildInputs | undefined {
  const parsed = JSON.parse(text) as Partial<BuildInputs>;
  return typeof parsed.hash === 'string' && parsed.files && typeof parsed.files === 'object' ? (parsed as BuildInputs) : undefined;
}

/** The record's text, as the build writes it. */
export function recordText(inputs: BuildInputs): string {
  return `${JSON.stringify(inputs, null, 2)}\n`;
}

/** The input roots (as listed in BUILD_INPUT_ROOTS) holding a file added, removed or changed between two readings. */
export function changedRoots(recorded: BuildInputs, now: BuildInputs): string[] {
  const files = new Set([...Object.keys(recorded.files), ...Object.keys(now.files)]);
  const roots = new Set<string>();
  for (const file of files) {
    if (recorded.files[file] === now.files[file]) continue;
    roots.add(BUILD_INPUT_ROOTS.find((input) => file === input || file.startsWith(`${input}/`)) ?? file);
  }
  return [...roots].sort();
}
