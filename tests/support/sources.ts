// The repository's own TypeScript, for the tests that read the code itself (one rule in one place,
// folder cycles, function length): paths relative to the repository root, with `/` separators.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders that hold no hand-written source: installed, generated, built or copied. */
const SKIP = new Set(['node_modules', 'generated', 'dist', 'releases', 'reports', '.cache', '.git', '.venv']);

const TYPESCRIPT = /\.(ts|tsx|mts)$/;
/** TypeScript and the JavaScript written by hand (browser scripts such as mock/docs/try-it.js, .mjs tools). */
export const ANY_SCRIPT = /\.(ts|tsx|mts|js|mjs|cjs)$/;

/**
 * The .ts/.tsx/.mts files (not .d.ts) under the given folders (default: the whole repository), or
 * the files whose names match `names` (ANY_SCRIPT: the JavaScript too).
 */
export function repoSources(dirs: readonly string[] = ['.'], names: RegExp = TYPESCRIPT): string[] {
  const out: string[] = [];
  for (const dir of dirs) walk(path.join(ROOT, dir), names, out);
  return out;
}

function walk(dir: string, names: RegExp, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, names, out);
    else if (names.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(ROOT, full).split(path.sep).join('/'));
  }
}

/** Every line of the given files that matches `pattern`, as `file:line: text`. */
export function linesMatching(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}
