// The coverage of a split run, merged in process: each shard's recorder writes its coverage.json as a
// shard job would, the files are read back and merged, and the result is read as QA reads it. What
// any shard covered counts as covered; what stays uncovered is what every shard missed; the figures
// equal those of one recorder that saw all the traffic.
import { readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractModel, relaxations } from '../../lib/contract/index.js';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { type CoverageReport, CoverageRecorder, coverageMarkdown, mergeCoverage, writeCoverage } from '../../qa/checker/coverage.js';
import { testTempDir } from '../support/temp-dirs.js';

const contract = mockContract();
const guessed = relaxations(contract.doc).find((r) => r.kind === 'guess')!.operationId;
const inputsCharging = contract
  .operations()
  .find((op) => op.credits?.charges && relaxations(contract.doc).some((r) => r.operationId === op.id && r.kind === 'inputs'))!.id;
const unauthorized = { error: { code: 'GEN-UNAUTHORIZED' } };

/** What each shard saw: calls (operation, status, error body), state changes, refunds. */
type Traffic = (r: CoverageRecorder) => void;
const shards: Traffic[] = [
  (r) => {
    r.exchange('getMe', 200);
    r.exchange(inputsCharging, 202);
    r.transition('LaunchClipStatus', null, 'planning');
    r.transition('LaunchClipStatus', 'planning', 'briefed');
    r.refund();
  },
  (r) => {
    r.exchange('getMe', 401, unauthorized);
    r.exchange('createLaunchClip', 201);
    r.transition('FacelessVideoStatus', 'rendering', 'completed');
    r.transition('LaunchClipStatus', 'planning', 'briefed');
  },
  (r) => {
    r.exchange(guessed, 200);
    r.exchange('getMe', 200);
    r.transition('LaunchClipStatus', 'rendering', 'failed');
    r.refund();
    r.refund();
  },
];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Each shard's coverage.json as its job wrote it, read back. */
function shardFiles(traffic: Traffic[]): CoverageReport[] {
  return traffic.map((feed, i) => {
    const recorder = new CoverageRecorder(contract);
    feed(recorder);
    const dir = testTempDir(`coverage-shard-${i + 1}-`);
    dirs.push(dir);
    const { json } = writeCoverage(dir, recorder.report(), `shard ${i + 1}/${traffic.length}`);
    return JSON.parse(readFileSync(json, 'utf8')) as CoverageReport;
  });
}

describe('the coverage of a split run, merged', () => {
  it('equals the coverage of one run that saw all the traffic', () => {
    const whole = new CoverageRecorder(contract);
    for (const feed of shards) feed(whole);
    expect(mergeCoverage(shardFiles(shards), contract)).toEqual(whole.report());
  });

  it('counts as covered what any shard covered, and lists as uncovered only what every shard missed', () => {
    const merged = mergeCoverage(shardFiles(shards), contract);
    const alone = shardFiles([shards[0]])[0];
    expect(merged.operations).toEqual({ covered: 3, total: alone.operations.total });
    expect(merged.uncovered.operations).not.toContain('createLaunchClip');
    expect(merged.uncovered.responses).not.toContain('getMe 401');
    expect(merged.uncovered.responses).toContain('getMe 403');
    expect(merged.uncovered.errorCodes).not.toContain('GEN-UNAUTHORIZED');
    expect(merged.errorCodes.covered).toBe(1);
    expect(merged.responses.covered).toBe(4);
    expect(merged.terminalStates).toEqual({ covered: 2, total: alone.terminalStates.total });
    expect(merged.uncovered.terminalStates).toEqual(
      alone.uncovered.terminalStates.filter((t) => !/^(FacelessVideoStatus completed|LaunchClipStatus failed)$/.test(t)),
    );
  });

  it('counts transitions per machine, each once however many shards saw it', () => {
    const merged = mergeCoverage(shardFiles(shards), contract);
    const total = (name: string) => contract.stateMachine(name).transitions.filter((t) => t.to !== null).length;
    expect(merged.transitions.byMachine.LaunchClipStatus).toEqual({ covered: 3, total: total('LaunchClipStatus') });
    expect(merged.transitions.byMachine.FacelessVideoStatus).toEqual({ covered: 1, total: total('FacelessVideoStatus') });
    expect(merged.transitions.byMachine.AutoTopupPreference).toEqual({ covered: 0, total: total('AutoTopupPreference') });
    expect(merged.transitions.covered).toBe(4);
  });

  it('adds up the refunds seen and counts the charging operations called by any shard (a guessed one never)', () => {
    const merged = mergeCoverage(shardFiles(shards), contract);
    expect(merged.charging.refundsSeen).toBe(3);
    expect(merged.charging.called).toBe(2);
    expect(merged.uncovered.operations).not.toContain(guessed);
    expect(merged.operations.total).toBe(contract.operations().length - relaxations(contract.doc).filter((r) => r.kind === 'guess').length);
  });

  it('lists each leniently checked operation once, however many shards list it', () => {
    const files = shardFiles(shards);
    const merged = mergeCoverage(files, contract);
    expect(merged.lenient).toEqual(files[0].lenient);
    expect(merged.lenient).toHaveLength(relaxations(contract.doc).length);
  });

  it('reads on the merged page as the figures of the whole run, with what was not covered listed', () => {
    const page = coverageMarkdown(mergeCoverage(shardFiles(shards), contract), 'Merged');
    expect(page).toContain('- LaunchClipStatus: 3/5');
    expect(page).toContain('Charging operations called: 2 of');
    expect(page).toContain('refunds seen: 3.');
    expect(page).toContain('- getMe 403');
    expect(page).not.toContain('- getMe 401');
  });

  it('refuses to merge nothing', () => {
    expect(() => mergeCoverage([], contract)).toThrow('no coverage to merge');
  });
  it('a charging operation whose path is a guess is not counted as called, as a single run does not count it', () => {
    // The current contract has no such operation: a copy where the guessed one charges (and
    // getMe says nothing about credits at all).
    const doc = structuredClone(contract.doc) as any;
    const op = operationFromContract(contract, guessed);
    doc.paths[op.path][op.method]['x-credits'] = { charges: true, cost: 1 };
    delete doc.paths['/me'].get['x-credits'];
    const altered = new ContractModel(doc);
    const recorder = new CoverageRecorder(altered);
    recorder.exchange(guessed, 200);
    recorder.exchange('createLaunchClip', 201);
    const merged = mergeCoverage([recorder.report()], altered);
    expect(merged.charging).toEqual(recorder.report().charging);
    expect(merged.charging.called).toBe(1);
  });
});
