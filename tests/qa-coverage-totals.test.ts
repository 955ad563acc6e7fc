// The totals of the coverage report (qa/checker/coverage.ts) for state-machine transitions: only a
// transition that arrives in a state can be observed, so only those are counted. The faceless retry
// (`failed` -> not shown: the API does not say what a retried video shows) is never a transition to
// cover; a run that saw every state change of a machine reads n/n, not n/n+1.
import { describe, expect, it } from 'vitest';
import { stateMachines } from '../generated/contract.js';
import { ContractModel } from '../lib/contract/index.js';
import { CoverageRecorder, coverageLine, coverageMarkdown } from '../qa/checker/coverage.js';

const contract = ContractModel.load();

describe('transition totals', () => {
  it('a run that saw every faceless state change covers the faceless machine in full (the retry is not counted)', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.transition('FacelessVideoStatus', null, 'rendering');
    recorder.transition('FacelessVideoStatus', 'rendering', 'completed');
    recorder.transition('FacelessVideoStatus', 'rendering', 'failed');
    // Rendered again once finished: a video that is not busy renders from completed and from failed.
    recorder.transition('FacelessVideoStatus', 'completed', 'rendering');
    recorder.transition('FacelessVideoStatus', 'failed', 'rendering');
    const report = recorder.report();
    expect(report.transitions.byMachine.FacelessVideoStatus).toEqual({ covered: 5, total: 5 });
    expect(report.uncovered.transitions.filter((t) => t.startsWith('FacelessVideoStatus '))).toEqual([]);
    expect(coverageMarkdown(report)).toContain('- FacelessVideoStatus: 5/5');
  });

  it('the total is what a full run can reach: every transition into a state, summed over the machines', () => {
    const report = new CoverageRecorder(contract).report();
    const arriving = Object.values(stateMachines).flatMap((m) => m.transitions.filter((t) => typeof t.to === 'string'));
    expect(report.transitions).toMatchObject({ covered: 0, total: arriving.length });
    const perMachine = Object.values(report.transitions.byMachine).reduce((n, r) => n + r.total, 0);
    expect(perMachine).toBe(report.transitions.total);
    expect(report.uncovered.transitions).toHaveLength(report.transitions.total);
    // Every listed transition names the state it arrives in.
    for (const t of report.uncovered.transitions) expect(t).toMatch(/->[a-z_]+$/);
    expect(coverageLine(report)).toContain(`transitions 0/${arriving.length}`);
  });

  it('seeing every arriving transition of every machine reads 100%', () => {
    const recorder = new CoverageRecorder(contract);
    for (const [name, machine] of Object.entries(stateMachines)) {
      for (const t of machine.transitions) if (typeof t.to === 'string') recorder.transition(name, t.from, t.to);
    }
    const report = recorder.report();
    expect(report.transitions.covered).toBe(report.transitions.total);
    expect(report.uncovered.transitions).toEqual([]);
  });
});
