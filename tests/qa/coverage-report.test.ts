// What QA reads of a run's coverage (qa/checker/coverage.ts, har.ts): Schemathesis's HAR file fed to
// the recorder, the console line, the Markdown page and coverage.json, the minimum setting and its
// failure text, and state changes seen across several automatic steps at once.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import {
  belowThreshold,
  CoverageRecorder,
  coverageLine,
  coverageMarkdown,
  readMinCoverage,
  writeCoverage,
} from '../../qa/checker/coverage.js';
import { recordHar } from '../../qa/checker/har.js';
import { testTempDir } from '../support/temp-dirs.js';

const contract = ContractModel.load();
const tmp = () => testTempDir('qa-coverage-');

function har(entries: Array<[method: string, url: string, status: number, text?: string]>): string {
  const file = path.join(tmp(), 'run.har');
  const log = {
    entries: entries.map(([method, url, status, text]) => ({ request: { method, url }, response: { status, content: { text } } })),
  };
  writeFileSync(file, JSON.stringify({ log }));
  return file;
}

describe("Schemathesis's HAR file as coverage", () => {
  it('counts the exchanges under the base path that name an operation, with the error code of an error body', () => {
    const file = har([
      ['GET', 'http://127.0.0.1:4010/v2/me', 200, '{"data":{}}'],
      ['GET', 'http://127.0.0.1:4010/v2/me', 401, '{"message":"no","error":{"code":"GEN-UNAUTHORIZED"}}'],
      ['GET', 'http://127.0.0.1:4010/v2/faceless/12', 404, 'not json'],
      ['GET', 'http://127.0.0.1:4010/other/me', 200],
      ['GET', 'http://127.0.0.1:4010/v2/no-such-thing', 404],
      ['GET', 'http://127.0.0.1:4010/v2', 404],
    ]);
    const recorder = new CoverageRecorder(contract);
    expect(recordHar(file, contract, recorder, '/v2')).toBe(3);
    const report = recorder.report();
    expect(report.operations.covered).toBe(2);
    expect(report.uncovered.responses).not.toContain('getMe 200');
    expect(report.uncovered.responses).not.toContain('getMe 401');
    expect(report.uncovered.errorCodes).not.toContain('GEN-UNAUTHORIZED');
    expect(report.errorCodes.covered).toBe(1);
  });

  it('an error code in a success body is not counted as answered', () => {
    const file = har([['GET', 'http://127.0.0.1:4010/v2/me', 200, '{"error":{"code":"GEN-UNAUTHORIZED"}}']]);
    const recorder = new CoverageRecorder(contract);
    recordHar(file, contract, recorder, '/v2');
    expect(recorder.report().errorCodes.covered).toBe(0);
  });

  it('a 400 answer counts its error code; an error answer without content is still counted', () => {
    const file = har([['POST', 'http://127.0.0.1:4010/v2/faceless', 400, '{"message":"bad","error":{"code":"GEN-WRONG-ARGS"}}']]);
    const recorder = new CoverageRecorder(contract);
    recordHar(file, contract, recorder, '/v2');
    expect(recorder.report().uncovered.errorCodes).not.toContain('GEN-WRONG-ARGS');
    expect(recorder.report().errorCodes.covered).toBe(1);
    const bare = path.join(tmp(), 'bare.har');
    writeFileSync(
      bare,
      JSON.stringify({ log: { entries: [{ request: { method: 'GET', url: 'http://h/v2/me' }, response: { status: 401 } }] } }),
    );
    expect(recordHar(bare, contract, new CoverageRecorder(contract), '/v2')).toBe(1);
  });

  it('a HAR file without entries (empty object, or null) counts nothing', () => {
    for (const text of ['{}', 'null', '{"log":{}}']) {
      const file = path.join(tmp(), 'empty.har');
      writeFileSync(file, text);
      expect(recordHar(file, contract, new CoverageRecorder(contract), '/v2')).toBe(0);
    }
  });

  it('a run that wrote no HAR file counts nothing', () => {
    const recorder = new CoverageRecorder(contract);
    expect(recordHar(path.join(tmp(), 'missing.har'), contract, recorder, '/v2')).toBe(0);
    expect(recorder.report().operations.covered).toBe(0);
  });
});

describe('state changes seen across automatic steps', () => {
  it('draft then failed (two automatic steps between polls) covers both steps', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.transition('TextToVideoAssetStatus', 'draft', 'failed');
    const { byMachine } = recorder.report().transitions;
    expect(byMachine.TextToVideoAssetStatus.covered).toBe(2);
    expect(recorder.report().uncovered.transitions).toEqual(expect.not.arrayContaining(['TextToVideoAssetStatus draft->processing']));
    expect(recorder.report().uncovered.transitions).toEqual(expect.not.arrayContaining(['TextToVideoAssetStatus processing->failed']));
  });

  it('planning then completed covers the three steps of a launch clip; a state seen with no earlier one covers none', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.transition('LaunchClipStatus', 'planning', 'completed');
    recorder.transition('TextToVideoAssetStatus', undefined, 'success');
    const report = recorder.report();
    expect(report.transitions.byMachine.LaunchClipStatus.covered).toBe(3);
    expect(report.transitions.byMachine.TextToVideoAssetStatus.covered).toBe(0);
    // ...but the terminal state was seen.
    expect(report.uncovered.terminalStates).not.toContain('TextToVideoAssetStatus success');
    expect(report.uncovered.terminalStates).toContain('TextToVideoAssetStatus failed');
  });

  it('a change no automatic path explains covers nothing, and an unknown machine is ignored', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.transition('TextToVideoAssetStatus', 'success', 'draft');
    recorder.transition('NoSuchMachine', 'a', 'b');
    expect(recorder.report().transitions.covered).toBe(0);
  });
});

describe('the report as QA reads it', () => {
  it('the console line gives each figure with its percent', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.exchange('getMe', 200, {});
    const report = recorder.report();
    const pct = (covered: number, total: number) => ((100 * covered) / total).toFixed(0);
    const line = coverageLine(report);
    expect(line).toContain(`operations 1/${report.operations.total} (${pct(1, report.operations.total)}%)`);
    expect(line).toContain(`responses 1/${report.responses.total} (${pct(1, report.responses.total)}%)`);
    expect(line).toContain(`terminal states 0/${report.terminalStates.total} (0%)`);
    expect(line).toContain(`error codes 0/${report.errorCodes.total} (0%)`);
    expect(line).toContain(`charging 0/${report.charging.total}, refunds seen 0`);
    expect(line).toContain(`${report.lenient.length} operations checked leniently`);
    expect(line.split('; ')).toHaveLength(7);
  });

  it('an empty total reads 100%', () => {
    const report = new CoverageRecorder(contract).report();
    const empty = { ...report, errorCodes: { covered: 0, total: 0 } };
    expect(coverageLine(empty)).toContain('error codes 0/0 (100%)');
    expect(coverageMarkdown(empty)).toContain('| error codes | 0 | 0 | 100.0% |');
  });

  it('the Markdown page lists figures, machines, everything not covered, and "(none)" for an empty list', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.exchange('getMe', 401, { error: { code: 'GEN-UNAUTHORIZED' } });
    recorder.refund();
    const report = recorder.report();
    const page = coverageMarkdown({ ...report, uncovered: { ...report.uncovered, errorCodes: [] } }, 'Staging run');
    expect(page.startsWith('# Staging run\n\n| what | covered | total | percent |\n| --- | ---: | ---: | ---: |\n')).toBe(true);
    expect(page).toContain(`| operations | 1 | ${report.operations.total} | ${((100 * 1) / report.operations.total).toFixed(1)}% |`);
    expect(page).toContain(`| documented responses | 1 | ${report.responses.total} |`);
    expect(page).toContain(`| state-machine transitions | 0 | ${report.transitions.total} | 0.0% |`);
    expect(page).toContain(`| terminal states | 0 | ${report.terminalStates.total} | 0.0% |`);
    expect(page).toContain(`| error codes | 1 | ${report.errorCodes.total} |`);
    expect(page).toContain(`Charging operations called: 0 of ${report.charging.total}; refunds seen: 1.`);
    expect(page).toContain('## Transitions per machine\n\n- AutoTopupPreference: 0/');
    expect(page).toContain('### Operations\n- ');
    expect(page).toContain('### Responses\n- getMe 200\n');
    expect(page).toContain('### Transitions\n- ');
    expect(page).toContain('### Terminal states\n- ');
    expect(page).toContain('### Error codes\n- (none)\n');
    expect(page).toMatch(/## Checked leniently [^\n]*\n- \w+ \(/);
    expect(coverageMarkdown(report)).toMatch(/^# Coverage\n/);
  });

  it('writes coverage.json (the report) and coverage.md (the page) into the report folder, creating it', () => {
    const dir = path.join(tmp(), 'nested', 'reports');
    const report = new CoverageRecorder(contract).report();
    const written = writeCoverage(dir, report, 'Local run');
    expect(written).toEqual({ json: path.join(dir, 'coverage.json'), page: path.join(dir, 'coverage.md') });
    expect(JSON.parse(readFileSync(written.json, 'utf8'))).toEqual(report);
    expect(readFileSync(written.json, 'utf8').endsWith('}\n')).toBe(true);
    expect(readFileSync(written.page, 'utf8')).toBe(coverageMarkdown(report, 'Local run'));
  });
});

describe('the minimum coverage setting', () => {
  it('reads a percent from 0 to 100 and nothing from an unset or blank value', () => {
    expect(readMinCoverage(undefined, 'X')).toBeUndefined();
    expect(readMinCoverage('', 'X')).toBeUndefined();
    expect(readMinCoverage('  ', 'X')).toBeUndefined();
    expect(readMinCoverage('0', 'X')).toBe(0);
    expect(readMinCoverage('85.5', 'X')).toBe(85.5);
    expect(readMinCoverage('100', 'X')).toBe(100);
  });

  it('refuses anything else, naming the setting and the value', () => {
    for (const bad of ['-1', '100.5', 'most', 'Infinity']) {
      expect(() => readMinCoverage(bad, 'PROXY_MIN_COVERAGE')).toThrow(
        `PROXY_MIN_COVERAGE must be a percent between 0 and 100, got "${bad}"`,
      );
    }
  });

  it('fails exactly below the minimum, with the percent and the responses not seen', () => {
    const recorder = new CoverageRecorder(contract);
    recorder.exchange('getMe', 200, {});
    const report = recorder.report();
    const got = (100 * report.responses.covered) / report.responses.total;
    expect(belowThreshold(report, got)).toBeUndefined();
    const failure = belowThreshold(report, got + 0.01);
    expect(failure).toBe(
      `coverage of documented responses ${got.toFixed(1)}% is below the minimum ${got + 0.01}%; not seen (${report.uncovered.responses.length}): ${report.uncovered.responses.join(', ')}`,
    );
  });
});
