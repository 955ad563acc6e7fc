// The mutation run's report for people (scripts/mutation/survivors.ts): the score per folder counts
// killed and timed-out mutants as detected, survived and unreached ones as alive, and leaves the
// rest (ignored, static, compile errors) out; the report lists every mutant left alive with its place.
import { describe, expect, it } from 'vitest';
import type { IncrementalReport, ReportMutant } from '../../scripts/mutation/kept-results.js';
import { folderScores, scoreOf, survivorsMarkdown } from '../../scripts/mutation/survivors.js';

const mutant = (id: string, status: string, line = 1, replacement = '{}'): ReportMutant => ({
  id,
  mutatorName: 'BlockStatement',
  replacement,
  status,
  location: { start: { line, column: 3 }, end: { line, column: 9 } },
});

const report: IncrementalReport = {
  files: {
    'mock/state/a.ts': { source: '', mutants: [mutant('1', 'Killed'), mutant('2', 'Survived', 7, 'x >= y'), mutant('3', 'Timeout')] },
    'mock/state/b.ts': { source: '', mutants: [mutant('4', 'NoCoverage', 12), mutant('5', 'Ignored'), mutant('6', 'CompileError')] },
    'mock/stateful.ts': { source: '', mutants: [mutant('7', 'Survived')] },
    'lib/contract/c.ts': { source: '', mutants: [mutant('8', 'Killed')] },
  },
};

describe('the mutation run report', () => {
  it('scores detected / (detected + alive); ignored and compile errors count for neither', () => {
    expect(scoreOf('x', report.files['mock/state/a.ts'].mutants)).toEqual({ place: 'x', detected: 2, alive: 1, score: (100 * 2) / 3 });
    expect(scoreOf('x', [mutant('9', 'Ignored')])).toEqual({ place: 'x', detected: 0, alive: 0, score: undefined });
  });

  it('a folder holds its files and its subfolders, not a file that only starts with its name', () => {
    const [state, contract, one] = folderScores(report, ['mock/state', 'lib/contract', 'mock/state/b.ts:10-20']);
    expect(state).toMatchObject({ place: 'mock/state', detected: 2, alive: 2, score: 50 });
    expect(contract).toMatchObject({ detected: 1, alive: 0, score: 100 });
    expect(one).toMatchObject({ place: 'mock/state/b.ts:10-20', detected: 0, alive: 1, score: 0 });
  });

  it('lists each mutant left alive with its file, line, column, status and change', () => {
    const text = survivorsMarkdown(report, ['mock/state'], new Date(Date.UTC(2026, 10, 28)), 'mutation.json');
    expect(text).toContain('| mock/state | 50.0% | 2 | 2 |');
    expect(text).toContain('- mock/state/a.ts:7:3 Survived BlockStatement: `x >= y`');
    expect(text).toContain('- mock/state/b.ts:12:3 NoCoverage BlockStatement: `{}`');
    expect(text).not.toContain('mock/stateful.ts');
    expect(text).not.toContain('lib/contract');
  });
});
