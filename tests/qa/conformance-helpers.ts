// Shared by the conformance test files: run `npm run conformance`'s script as a child process
// against a given base URL and read back what it reported from its JUnit file.
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, BIN } from '../../scripts/lib/project.js';
import { parseJUnit, type Finding } from '../../qa/conformance/summary.js';
import { testTempDir } from '../support/temp-dirs.js';

export interface SuiteResult {
  code: number;
  findings: Finding[];
  output: string;
  seconds: number;
  /** Where the run wrote its reports (JUnit, coverage, effective config). */
  reportDir: string;
}

export function runSuite(env: Record<string, string>): Promise<SuiteResult> {
  const reportDir = testTempDir('conformance-test-');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(BIN('tsx'), [path.join(ROOT, 'qa', 'conformance', 'run.ts')], {
      cwd: ROOT,
      // A CI job summary is for the run CI started, not for the runs the tests start.
      env: { ...process.env, GITHUB_STEP_SUMMARY: '', CONFORMANCE_REPORT_DIR: reportDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const junit = path.join(reportDir, 'conformance-junit.xml');
      // Schemathesis's findings and the rules phase's (targeted cases of stated rules).
      const files = [junit, path.join(reportDir, 'rules-junit.xml')].filter((f) => existsSync(f));
      const findings = files.flatMap((f) => parseJUnit(readFileSync(f, 'utf8')));
      resolve({ code: code ?? 1, findings, output, seconds: (Date.now() - started) / 1000, reportDir });
    });
  });
}
