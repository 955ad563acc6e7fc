// The coverage recorder (qa/checker/coverage.ts) in-process: what it counts, what it lists as
// missing, that a guessed operation is never counted, and the minimum both ways.
import { describe, expect, it } from 'vitest';
import { ContractModel, relaxations } from '../../lib/contract/index.js';
import { belowThreshold, CoverageRecorder, coverageLine, coverageMarkdown, responseKey } from '../../qa/checker/coverage.js';

const contract = ContractModel.load();
const lenient = new Set(
  relaxations(contract)
    .filter((r) => r.kind === 'guess')
    .map((r) => r.operationId),
);
const strictOps = contract.operations().filter((op) => !lenient.has(op.id));

describe('coverage of a run', () => {
  it('maps a status to the most specific documented response key', () => {
    expect.hasAssertions();
    expect(responseKey(['200', '4XX', 'default'], 200)).toBe('200');
    expect(responseKey(['200', '4XX', 'default'], 404)).toBe('4XX');
    expect(responseKey(['200', '4XX', 'default'], 500)).toBe('default');
    expect(responseKey(['200'], 500)).toBeUndefined();
  });

  it('counts nothing before anything was seen, and lists every documented item as missing', () => {
    expect.hasAssertions();
    const report = new CoverageRecorder(contract).report();
    expect(report.operations).toEqual({ covered: 0, total: strictOps.length });
    expect(report.uncovered.operations).toHaveLength(strictOps.length);
    expect(report.responses.total).toBe(strictOps.reduce((n, op) => n + Object.keys(op.operation.responses).length, 0));
    expect(report.uncovered.responses).toContain('getMe 401');
    expect(report.uncovered.transitions).toContain('FacelessVideoStatus rendering->failed');
    expect(report.errorCodes.covered).toBe(0);
  });

  it('counts an answered call, its response, its error code, and a transition into a terminal state', () => {
    expect.hasAssertions();
    const recorder = new CoverageRecorder(contract);
    recorder.exchange('getMe', 200, { data: {} });
    recorder.exchange('getMe', 401, { message: 'no', error: { code: 'GEN-UNAUTHORIZED' } });
    recorder.transition('FacelessVideoStatus', 'rendering', 'failed');
    recorder.refund();
    const report = recorder.report();
    expect(report.operations.covered).toBe(1);
    expect(report.responses.covered).toBe(2);
    expect(report.uncovered.responses).not.toContain('getMe 401');
    expect(report.errorCodes.covered).toBe(1);
    expect(report.uncovered.errorCodes).not.toContain('GEN-UNAUTHORIZED');
    expect(report.transitions.byMachine.FacelessVideoStatus.covered).toBe(1);
    expect(report.uncovered.terminalStates).not.toContain('FacelessVideoStatus failed');
    expect(report.charging.refundsSeen).toBe(1);
    expect(coverageLine(report)).toMatch(/^operations 1\/\d+ /);
    expect(coverageMarkdown(report)).toContain('- getMe 429');
  });

  it('never counts an operation whose path or method is a guess, and lists every relaxed operation as lenient', () => {
    expect.hasAssertions();
    expect(lenient.size).toBeGreaterThan(0);
    const recorder = new CoverageRecorder(contract);
    for (const id of lenient) recorder.exchange(id, 200, {});
    const report = recorder.report();
    expect(report.operations.covered).toBe(0);
    expect(report.lenient.length).toBe(relaxations(contract).length);
    for (const id of lenient) expect(report.lenient).toContain(`${id} (path or method is a guess: not counted)`);
  });

  it('fails a minimum above what was covered, naming what is missing, and passes one at or below it', () => {
    expect.hasAssertions();
    const recorder = new CoverageRecorder(contract);
    recorder.exchange('getMe', 200, {});
    const report = recorder.report();
    const got = (100 * report.responses.covered) / report.responses.total;
    expect(belowThreshold(report, Math.ceil(got + 1))).toMatch(/below the minimum .*getMe 401/);
    expect(belowThreshold(report, Math.floor(got))).toBeUndefined();
    expect(belowThreshold(report, undefined)).toBeUndefined();
  });
});
