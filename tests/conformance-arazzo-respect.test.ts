// Each Arazzo flow file runs as it is under Redocly Respect (`redocly respect <file> --server
// video=<mock> --input token=<token>`) against a real mock process, and passes. Schema and
// status-code checks are warnings (docs/conformance.md says why); the workflows' own success
// criteria (2xx statuses, terminal states) and the mock-only failure flows must all pass.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowFiles } from '../scripts/conformance/arazzo.js';
import { BIN, ROOT } from '../scripts/lib/project.js';
import { startMock, type RunningMock } from './mock-harness.js';

const SEVERITY = JSON.stringify({ SCHEMA_CHECK: 'warn', STATUS_CODE_CHECK: 'warn' });

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ MOCK_STEP_MS: '40', MOCK_QUIET: '1' });
});
afterAll(async () => {
  await mock?.stop();
});

function respect(file: string, token: string): Promise<{ code: number; output: string }> {
  const args = [
    'respect',
    path.relative(ROOT, file),
    '--server',
    `video=${mock.base}`,
    '--input',
    `token=${token}`,
    '--severity',
    SEVERITY,
  ];
  return new Promise((resolve) => {
    execFile(
      BIN('redocly'),
      args,
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('redocly respect runs every flow file against the mock', () => {
  for (const file of flowFiles()) {
    const name = path.basename(file);
    // A fresh account per file: the mock keeps state per token (voice-clone slots, auto top-up).
    it(`${name} passes`, { timeout: 180_000 }, async () => {
      const { code, output } = await respect(file, `arazzo-${name.replace(/\W/g, '-')}`);
      const summary = /Workflows: ([^\n]*)/.exec(output)?.[1] ?? output.slice(-2000);
      expect(summary).not.toMatch(/failed/);
      expect(summary).toMatch(/passed/);
      expect(code).toBe(0);
    });
  }
});
