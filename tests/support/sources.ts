// The repository's own TypeScript, for the tests that read the code itself (one rule in one place,
// folder cycles, function length): paths relative to the repository root, with `/` separators.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders that hold no hand-written source: installed, generated, built or copied. */
const SKIP = new Set(['node_modules', 'generated', 'dist', 'releases', 'reports', '.cache', '.git', '.venv']);

/** The .ts/.tsx/.mts files (not .d.ts) under the given folders (default: the whole repository). */
export function repoSources(dirs: readonly string[] = ['.']): string[] {
  const out: string[] = [];
  for (const dir of dirs) walk(path.join(ROOT, dir), out);
  return out;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path.relative(ROOT, full).split(path.sep).join('/'));
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
