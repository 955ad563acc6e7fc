// The order of test files in a mutation run (tests/mutation/vitest.config.ts). Stryker's runner stops
// a mutant's run at the first failing test, so a mutant is killed sooner when quick files go first:
// the file that failed last time (it likely kills the next mutant of the same line too), then the
// unit tier's files (no mock to start), then each group shortest first by the time Vitest recorded
// (smallest first when it recorded none). Vitest's own order runs the longest first.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { BROWSER_FILES, PROCESS_FILES } from '../tiers.js';

const OTHER_TIERS = new Set([...PROCESS_FILES, ...BROWSER_FILES]);

export class FastFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const ranked = await Promise.all(
      files.map(async (spec) => {
        const known = this.ctx.cache.getTestSpecificationResult(spec);
        const unit = !OTHER_TIERS.has(path.relative(root, spec.moduleId).split(path.sep).join('/'));
        const size = known ? 0 : ((await stat(spec.moduleId).catch(() => undefined))?.size ?? 0);
        return { spec, key: [known?.failed ? 0 : 1, unit ? 0 : 1, known ? 0 : 1, known?.duration ?? size] };
      }),
    );
    return ranked.sort((a, b) => compareKeys(a.key, b.key)).map(({ spec }) => spec);
  }
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
