// A stopped `npm run mutation` keeps the mutants it tested (scripts/mutation/): the events Stryker's
// event-recorder wrote become an incremental report, merged into the incremental file so that the
// next run tests only the rest. The events here are shaped as Stryker 9 writes them.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { keepStoppedRun } from '../../scripts/mutation/keep.js';
import { type IncrementalReport, mergeReports, stoppedRunReport } from '../../scripts/mutation/kept-results.js';
import { testTempDir } from '../support/temp-dirs.js';

const TMP = testTempDir('mutation-kept-');

const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
const mutant = (id: string, status: string, line: number, coveredBy: string[] = [], killedBy: string[] = []) => ({
  id,
  mutatorName: 'BooleanLiteral',
  replacement: 'false',
  location: at(line),
  status,
  coveredBy,
  killedBy,
});

const root0 = (name: string) => path.join(TMP, name);

/** A project folder with two source files, one test file and the events of a run. */
function project(name: string, events: Array<[string, unknown]>): void {
  const root = path.join(TMP, name);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'tests'), { recursive: true });
  writeFileSync(path.join(root, 'src/a.ts'), 'export const a = true;\n');
  writeFileSync(path.join(root, 'src/b.ts'), 'export const b = true;\n');
  writeFileSync(path.join(root, 'tests/a.test.ts'), '// the tests of a\n');
  const dir = path.join(root, 'reports/mutation/events');
  mkdirSync(dir, { recursive: true });
  for (const [i, [kind, data]] of events.entries()) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    writeFileSync(path.join(dir, `${String(i).padStart(5, '0')}-${kind}.json`), text);
  }
}

const file = (root: string, name: string) => path.join(root, name);
const dryRun = (root: string) =>
  [
    'onDryRunCompleted',
    {
      result: {
        status: 'complete',
        tests: [
          { id: 'tests/a.test.ts#one', name: 'one', fileName: file(root, 'tests/a.test.ts'), timeSpentMs: 3, status: 0 },
          { id: 'tests/a.test.ts#two', name: 'two', fileName: file(root, 'tests/a.test.ts'), timeSpentMs: 3, status: 0 },
        ],
      },
    },
  ] as [string, unknown];
const plan = (root: string) =>
  [
    'onMutationTestingPlanReady',
    {
      mutantPlans: [
        { plan: 'Run', mutant: { fileName: file(root, 'src/a.ts') } },
        { plan: 'Run', mutant: { fileName: file(root, 'src/a.ts') } },
        { plan: 'EarlyResult', mutant: { fileName: file(root, 'src/a.ts') } },
        { plan: 'EarlyResult', mutant: { fileName: file(root, 'src/b.ts') } },
      ],
    },
  ] as [string, unknown];
const tested = (root: string, name: string, m: ReturnType<typeof mutant>) =>
  ['onMutantTested', { ...m, fileName: file(root, name) }] as [string, unknown];

describe('the results of a stopped mutation run', () => {
  it('keeps each file it tested a mutant in, with every result it has for it and the tests they name', () => {
    const root = root0('stopped');
    project('stopped', [
      dryRun(root),
      plan(root),
      tested(root, 'src/b.ts', mutant('9', 'Killed', 1, ['tests/a.test.ts#one'], ['tests/a.test.ts#one'])),
      tested(root, 'src/a.ts', mutant('0', 'NoCoverage', 1)),
      tested(root, 'src/a.ts', mutant('1', 'Killed', 1, ['tests/a.test.ts#one', 'tests/a.test.ts#two'], ['tests/a.test.ts#two'])),
    ]);
    const report = stoppedRunReport(path.join(root, 'reports/mutation/events'), root);
    // b.ts had only a result from an earlier run: the incremental file has it already.
    expect(Object.keys(report?.files ?? {})).toEqual(['src/a.ts']);
    expect(report?.files['src/a.ts'].source).toBe('export const a = true;\n');
    expect(report?.files['src/a.ts'].mutants.map((m) => [m.id, m.status, m.killedBy])).toEqual([
      ['0', 'NoCoverage', []],
      ['1', 'Killed', ['tests/a.test.ts#two']],
    ]);
    expect(report?.testFiles).toEqual({
      'tests/a.test.ts': {
        source: '// the tests of a\n',
        tests: [
          { id: 'tests/a.test.ts#one', name: 'one' },
          { id: 'tests/a.test.ts#two', name: 'two' },
        ],
      },
    });
  });

  it('keeps nothing of a run that finished (Stryker wrote the incremental file itself)', () => {
    const root = root0('finished');
    project('finished', [
      dryRun(root),
      plan(root),
      tested(root, 'src/a.ts', mutant('1', 'Survived', 1, ['tests/a.test.ts#one'])),
      ['onMutationTestReportReady', {}],
    ]);
    expect(stoppedRunReport(path.join(root, 'reports/mutation/events'), root)).toBeUndefined();
  });

  it('keeps nothing when the run was stopped before it tested a mutant', () => {
    const root = root0('early');
    project('early', [dryRun(root), plan(root), tested(root, 'src/b.ts', mutant('9', 'Survived', 1, ['tests/a.test.ts#one']))]);
    expect(stoppedRunReport(path.join(root, 'reports/mutation/events'), root)).toBeUndefined();
  });

  it('leaves out a result that names a test the run does not know, and an event file cut off by the stop', () => {
    const root = root0('unknown');
    project('unknown', [
      dryRun(root),
      plan(root),
      tested(root, 'src/a.ts', mutant('1', 'Killed', 1, ['tests/gone.test.ts#x'], ['tests/gone.test.ts#x'])),
      tested(root, 'src/a.ts', mutant('2', 'Survived', 2, ['tests/a.test.ts#one'])),
      ['onMutantTested', '{"id":"3","status":"Kil'],
    ]);
    const report = stoppedRunReport(path.join(root, 'reports/mutation/events'), root);
    expect(report?.files['src/a.ts'].mutants.map((m) => m.id)).toEqual(['2']);
  });
});

describe('merging a stopped run into the incremental file', () => {
  const base: IncrementalReport = {
    files: {
      'src/a.ts': { source: 'old a', mutants: [mutant('0', 'Survived', 1, ['1'])] },
      'src/b.ts': { source: 'b', mutants: [mutant('0', 'Killed', 1, ['1', '2'], ['2'])] },
    },
    testFiles: {
      'tests/a.test.ts': {
        source: 'old tests',
        tests: [
          { id: '1', name: 'one' },
          { id: '2', name: 'three' },
        ],
      },
    },
    schemaVersion: '1.0',
  };
  const newer: IncrementalReport = {
    files: { 'src/a.ts': { source: 'new a', mutants: [mutant('0', 'Killed', 1, ['1', '7'], ['7'])] } },
    testFiles: {
      'tests/a.test.ts': {
        source: 'new tests',
        tests: [
          { id: '1', name: 'two' },
          { id: '7', name: 'one' },
        ],
      },
    },
  };
  const merged = mergeReports(base, newer);
  const names = (file: string, ids: string[] | undefined) =>
    (ids ?? []).map((id) => merged.testFiles?.[file].tests.find((t) => t.id === id)?.name);

  it("the newer run's files replace the old ones; the others are kept", () => {
    expect(merged.files['src/a.ts'].source).toBe('new a');
    expect(merged.files['src/a.ts'].mutants[0].status).toBe('Killed');
    expect(merged.files['src/b.ts'].source).toBe('b');
    expect(merged.schemaVersion).toBe('1.0');
  });

  it('each mutant still names the tests it named, though both runs used the id 1 for different tests', () => {
    expect(names('tests/a.test.ts', merged.files['src/a.ts'].mutants[0].coveredBy)).toEqual(['two', 'one']);
    expect(names('tests/a.test.ts', merged.files['src/a.ts'].mutants[0].killedBy)).toEqual(['one']);
    expect(names('tests/a.test.ts', merged.files['src/b.ts'].mutants[0].coveredBy)).toEqual(['one', 'three']);
    expect(names('tests/a.test.ts', merged.files['src/b.ts'].mutants[0].killedBy)).toEqual(['three']);
  });

  it('a test both runs know is listed once, with the source of the newer run', () => {
    expect(merged.testFiles?.['tests/a.test.ts'].tests.map((t) => t.name)).toEqual(['two', 'one', 'three']);
    expect(merged.testFiles?.['tests/a.test.ts'].source).toBe('new tests');
  });
});

describe('merging a stopped run into a file whose source did not change', () => {
  const tests = { 'tests/a.test.ts': { source: 't', tests: [{ id: '1', name: 'one' }] } };
  const base: IncrementalReport = {
    files: { 'src/a.ts': { source: 'a', mutants: [mutant('0', 'Survived', 1, ['1']), mutant('1', 'Killed', 2, ['1'], ['1'])] } },
    testFiles: tests,
  };
  // The stopped run tested the mutant on line 2 again (numbered 0 this time), not the one on line 1.
  const newer: IncrementalReport = {
    files: { 'src/a.ts': { source: 'a', mutants: [mutant('0', 'Survived', 2, ['1'])] } },
    testFiles: tests,
  };

  it('keeps the older result of each mutant the run did not get to, under an id of its own', () => {
    const merged = mergeReports(base, newer).files['src/a.ts'].mutants;
    expect(merged.map((m) => [m.id, m.location.start.line, m.status])).toEqual([
      ['0', 2, 'Survived'],
      ['kept-0', 1, 'Survived'],
    ]);
  });

  it('keeps none of them once the source changed (their places are stale)', () => {
    const changed = { ...newer, files: { 'src/a.ts': { ...newer.files['src/a.ts'], source: 'a, edited' } } };
    expect(mergeReports(base, changed).files['src/a.ts'].mutants.map((m) => m.location.start.line)).toEqual([2]);
  });
});

describe('after npm run mutation ends', () => {
  function withConfig(name: string): string {
    const root = root0(name);
    project(name, [dryRun(root), plan(root), tested(root, 'src/a.ts', mutant('1', 'Survived', 1, ['tests/a.test.ts#one']))]);
    writeFileSync(
      path.join(root, 'stryker.config.mjs'),
      "export default { incrementalFile: 'tests/incremental.json', eventReporter: { baseDir: 'reports/mutation/events' } };\n",
    );
    writeFileSync(
      path.join(root, 'tests/incremental.json'),
      JSON.stringify({ files: { 'src/b.ts': { source: 'b', mutants: [] } }, testFiles: {} }),
    );
    return root;
  }

  it('a stopped run: its results are merged into the incremental file named by the config, and the user is told', async () => {
    const root = withConfig('keep');
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await keepStoppedRun(root, Date.now() - 60_000);
    const lines = said.mock.calls.map((call) => call[0]);
    said.mockRestore();
    const written = JSON.parse(readFileSync(path.join(root, 'tests/incremental.json'), 'utf8')) as IncrementalReport;
    expect(Object.keys(written.files).sort()).toEqual(['src/a.ts', 'src/b.ts']);
    expect(written.files['src/a.ts'].mutants[0].status).toBe('Survived');
    expect(lines).toEqual([
      'mutation: stopped before the end; the results of 1 mutant(s) in 1 file(s) are kept in tests/incremental.json, so the next run tests only the rest.',
    ]);
  });

  it('events older than this run (an earlier run stopped before Stryker cleared them) are not merged', async () => {
    const root = withConfig('stale');
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(root, 'reports/mutation/events'), old, old);
    await keepStoppedRun(root, Date.now() - 60_000);
    const written = JSON.parse(readFileSync(path.join(root, 'tests/incremental.json'), 'utf8')) as IncrementalReport;
    expect(Object.keys(written.files)).toEqual(['src/b.ts']);
  });
});
