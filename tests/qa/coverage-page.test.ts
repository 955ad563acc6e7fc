// The coverage page and figures QA reads after a run (qa/checker/coverage.ts), exactly: the Markdown
// page of a small report (blank lines matter there: a line right after a table is read as one more
// row), which operations count as charging and as covered, the labels of leniently checked
// operations, and calls the contract does not know.
import { describe, expect, it } from 'vitest';
import { operations } from '../../generated/contract.js';
import { ContractModel, relaxations } from '../../lib/contract/index.js';
import { CoverageRecorder, type CoverageReport, coverageMarkdown } from '../../qa/checker/coverage.js';

const contract = ContractModel.load();
const guessed = new Set(
  relaxations(contract)
    .filter((r) => r.kind === 'guess')
    .map((r) => r.operationId),
);

describe('the coverage page', () => {
  it('reads exactly so for a small report', () => {
    const report: CoverageReport = {
      operations: { covered: 1, total: 2 },
      responses: { covered: 1, total: 3 },
      transitions: { covered: 1, total: 3, byMachine: { JobStatus: { covered: 1, total: 2 }, ClipStatus: { covered: 0, total: 1 } } },
      terminalStates: { covered: 0, total: 1 },
      errorCodes: { covered: 0, total: 0 },
      charging: { called: 1, total: 1, refundsSeen: 2 },
      uncovered: {
        operations: ['deleteJob'],
        responses: ['getJob 404', 'deleteJob 204'],
        transitions: ['JobStatus running->failed', 'ClipStatus (new)->ready'],
        terminalStates: ['JobStatus failed'],
        errorCodes: [],
      },
      lenient: ['listJobs (inputs partly not shown)'],
    };
    expect(coverageMarkdown(report, 'Staging')).toBe(
      [
        '# Staging',
        '',
        '| what | covered | total | percent |',
        '| --- | ---: | ---: | ---: |',
        '| operations | 1 | 2 | 50.0% |',
        '| documented responses | 1 | 3 | 33.3% |',
        '| state-machine transitions | 1 | 3 | 33.3% |',
        '| terminal states | 0 | 1 | 0.0% |',
        '| error codes | 0 | 0 | 100.0% |',
        '',
        'Charging operations called: 1 of 1; refunds seen: 2.',
        '',
        '## Transitions per machine',
        '',
        '- JobStatus: 1/2',
        '- ClipStatus: 0/1',
        '',
        '## Not covered',
        '',
        '### Operations',
        '- deleteJob',
        '',
        '### Responses',
        '- getJob 404',
        '- deleteJob 204',
        '',
        '### Transitions',
        '- JobStatus running->failed',
        '- ClipStatus (new)->ready',
        '',
        '### Terminal states',
        '- JobStatus failed',
        '',
        '### Error codes',
        '- (none)',
        '',
        '## Checked leniently (the source is silent; an operation whose path or method is a guess is never counted)',
        '- listJobs (inputs partly not shown)',
        '',
      ].join('\n'),
    );
  });
});

describe('what counts', () => {
  it('the charging operations are those the contract marks charging; calling one counts it', () => {
    const charging = Object.entries(operations)
      .filter(([id, op]) => op.credits.charges && !guessed.has(id))
      .map(([id]) => id);
    expect(charging.length).toBeGreaterThan(1);
    const recorder = new CoverageRecorder(contract);
    expect(recorder.report().charging).toEqual({ called: 0, total: charging.length, refundsSeen: 0 });
    recorder.exchange(charging[0], 200, {});
    recorder.exchange('getMe', 200, {});
    expect(recorder.report().charging.called).toBe(1);
  });

  it('an answered call leaves the lists of what is not covered, and only that call', () => {
    const recorder = new CoverageRecorder(contract);
    const before = recorder.report();
    recorder.exchange('getMe', 401, { message: 'no', error: { code: 'GEN-UNAUTHORIZED' } });
    const after = recorder.report();
    expect(after.uncovered.operations).toEqual(before.uncovered.operations.filter((id) => id !== 'getMe'));
    expect(after.uncovered.responses).toEqual(before.uncovered.responses.filter((r) => r !== 'getMe 401'));
    expect(after.uncovered.errorCodes).toEqual(before.uncovered.errorCodes.filter((c) => c !== 'GEN-UNAUTHORIZED'));
    expect(after.uncovered.errorCodes).toHaveLength(after.errorCodes.total - 1);
  });

  it('a call the contract does not know is ignored', () => {
    const recorder = new CoverageRecorder(contract);
    expect(() => recorder.exchange('noSuchOperation', 200, {})).not.toThrow();
    expect(recorder.report().operations.covered).toBe(0);
  });

  it('labels each leniently checked operation by why: a guessed path or method, or inputs partly not shown', () => {
    const relaxed = relaxations(contract);
    const report = new CoverageRecorder(contract).report();
    const inputs = relaxed.find((r) => r.kind !== 'guess')!;
    const guess = relaxed.find((r) => r.kind === 'guess')!;
    expect(report.lenient).toContain(`${inputs.operationId} (inputs partly not shown)`);
    expect(report.lenient).toContain(`${guess.operationId} (path or method is a guess: not counted)`);
  });

  it('a state going back (completed, then rendering) covers no transition, though its states are on an automatic path', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.transition('LaunchClipStatus', 'completed', 'rendering');
    expect(recorder.report().transitions.covered).toBe(0);
  });
});
