// The score table of docs/testing.md that `npm run mutation` writes (scripts/mutation/score-table.ts):
// a finished run's folders get their rows again, the rows of folders it did not measure stay, rows
// follow the configured folders' order, and the guide around the table is left as it was.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreRow, TABLE_END, TABLE_START, withScores } from '../../scripts/mutation/score-table.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The mutation-tested folders (stryker.config.mjs, an untyped module). */
const { FOLDERS } = (await import(pathToFileURL(path.join(ROOT, 'stryker.config.mjs')).href)) as { FOLDERS: string[] };
const guide = (rows: string[]) =>
  [
    '# Guide',
    '',
    'Before.',
    '',
    TABLE_START,
    '| folder | score | killed and timed out | left alive | measured with |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    TABLE_END,
    '',
    'After.',
    '',
  ].join('\n');
const old = (folder: string) => `| \`${folder}\` | 80.0% | 8 | 2 | StrykerJS 9.6, Vitest 4 |`;

describe("the mutation run's score table", () => {
  it("rewrites a measured folder's row, keeps the others, and adds a newly measured folder in FOLDERS' order", () => {
    const folders = ['a/one', 'b/two', 'c/three'];
    const before = guide([old('a/one'), old('c/three')]);
    const after = withScores(
      before,
      [
        { place: 'b/two', detected: 1234, alive: 99, score: (100 * 1234) / 1333 },
        { place: 'c/three', detected: 7, alive: 3, score: 70 },
      ],
      folders,
      'StrykerJS 10.1.1, Vitest 5.1.2',
    );
    const table = after
      .slice(after.indexOf(TABLE_START), after.indexOf(TABLE_END))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(table).toEqual([
      old('a/one'),
      '| `b/two` | 92.6% | 1,234 | 99 | StrykerJS 10.1.1, Vitest 5.1.2 |',
      '| `c/three` | 70.0% | 7 | 3 | StrykerJS 10.1.1, Vitest 5.1.2 |',
    ]);
    expect(after.startsWith('# Guide\n\nBefore.\n\n')).toBe(true);
    expect(after.endsWith(`${TABLE_END}\n\nAfter.\n`)).toBe(true);
  });

  it('leaves out a place that is not a configured folder (one file) and a folder with no valid mutant', () => {
    const before = guide([old('a/one')]);
    const after = withScores(
      before,
      [
        { place: 'a/one/x.ts', detected: 1, alive: 0, score: 100 },
        { place: 'a/one', detected: 0, alive: 0, score: undefined },
      ],
      ['a/one'],
      'T',
    );
    expect(after.match(/^\| `.*$/gm)).toEqual([old('a/one')]);
  });

  it('refuses a guide without the markers', () => {
    expect(() => withScores('# Guide\n', [], ['a'], 'T')).toThrow(/markers/);
  });

  it('docs/testing.md holds the table with a row for every configured folder, mock/control and qa/proxy among them', () => {
    const text = readFileSync(path.join(ROOT, 'docs', 'testing.md'), 'utf8');
    const table = text.slice(text.indexOf(TABLE_START), text.indexOf(TABLE_END));
    const folders = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect({ folders, has: ['mock/control', 'qa/proxy'].every((f) => FOLDERS.includes(f)) }).toEqual({ folders: FOLDERS, has: true });
    expect(scoreRow({ place: 'x', detected: 1, alive: 0, score: 100 }, 'T')).toBe('| `x` | 100.0% | 1 | 0 | T |');
  });
});
