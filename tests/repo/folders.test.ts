// No import cycle between folders: each folder of lib, mock, qa, client and scripts depends on
// others in one direction only (a folder and its own subfolders count as one, as mock/ and
// mock/state/ do). scripts/build-steps ⇄ scripts/docs was the last cycle, through the guessed-
// operation note now in lib/contract/unconfirmed.ts. This test reads the relative imports itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, repoSources } from '../support/sources.js';

const SCANNED = ['lib', 'mock', 'qa', 'client', 'scripts'];
/** `import … from './x.js'`, `export … from '../y.js'`, `import('./z.js')`: relative specifiers only. */
const RELATIVE_IMPORT = /(?:import|export)[^'";]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Folder -> folder it imports from -> one import that shows it (`file -> specifier`). */
type FolderGraph = Map<string, Map<string, string>>;

function folderGraph(files: Array<{ file: string; text: string }>): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const { file, text } of files) {
    const from = path.posix.dirname(file);
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const spec = match[1] ?? match[2];
      const to = path.posix.dirname(path.posix.normalize(path.posix.join(from, spec)));
      // A folder and its subfolders are one unit: mock/core.ts -> mock/state and back is not a cycle.
      if (to === from || to.startsWith(`${from}/`) || from.startsWith(`${to}/`)) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)?.set(to, `${file} -> ${spec}`);
    }
  }
  return graph;
}

/** Every edge that lies on a cycle, as `a -> b (file -> specifier)`. */
function cycleEdges(graph: FolderGraph): string[] {
  const reaches = (start: string, goal: string): boolean => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift() as string;
      if (at === goal) return true;
      for (const next of graph.get(at)?.keys() ?? []) if (!seen.has(next)) seen.add(next) && queue.push(next);
    }
    return false;
  };
  return [...graph].flatMap(([from, targets]) =>
    [...targets].filter(([to]) => reaches(to, from)).map(([to, why]) => `${from} -> ${to} (${why})`),
  );
}

describe('folders import each other in one direction only', () => {
  it('the repository has no import cycle between folders', () => {
    const files = repoSources(SCANNED).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));
    const graph = folderGraph(files);
    expect(graph.size).toBeGreaterThan(5);
    expect(cycleEdges(graph)).toEqual([]);
  });

  it('QA reaches the mock through its top-level modules, never into mock/state', () => {
    const intoState = repoSources(['qa']).flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(RELATIVE_IMPORT)]
        .map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? match[2])))
        .filter((target) => target.startsWith('mock/state/'))
        .map((target) => `${file} -> ${target}`),
    );
    expect(intoState).toEqual([]);
  });

  it('finds the cycle it was written for (so the check above can fail)', () => {
    const graph = folderGraph([
      { file: 'scripts/build-steps/mock-control.ts', text: "import { renderDocs } from '../docs/build-docs.js';" },
      {
        file: 'scripts/docs/llms.ts',
        text: "import {\n  isGuessedOperation,\n  unconfirmedNote,\n} from '../build-steps/unconfirmed.js';",
      },
      { file: 'mock/core.ts', text: "import { Api } from './state/api.js';" },
      { file: 'mock/state/api.ts', text: "import type { MockContract } from '../contract.js';" },
    ]);
    expect(cycleEdges(graph)).toEqual([
      'scripts/build-steps -> scripts/docs (scripts/build-steps/mock-control.ts -> ../docs/build-docs.js)',
      'scripts/docs -> scripts/build-steps (scripts/docs/llms.ts -> ../build-steps/unconfirmed.js)',
    ]);
  });
});
