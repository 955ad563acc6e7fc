// Each Arazzo flow file runs as it is under Redocly Respect (`redocly respect <file> --server
// video=<mock> --input token=<token>`) against a real mock process, and passes. Schema and
// status-code checks are warnings (docs/conformance.md says why); the workflows' own success
// criteria (2xx statuses, terminal states) and the mock-only failure flows must all pass.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { flowFiles } from '../../qa/conformance/arazzo.js';
import { BIN, GENERATED_DIR, ROOT } from '../../scripts/lib/project.js';
import { startMock, type RunningMock } from '../support/mock-harness.js';
import { testTempDir } from '../support/temp-dirs.js';

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
    // A fresh account per file: the mock keeps state per token (voice-clone slots, auto top-up), so
    // the files run at once (each mostly waits out its flows' own `retryAfter`).
    it.concurrent(`${name} passes`, { timeout: 180_000 }, async ({ expect }) => {
      const { code, output } = await respect(file, `arazzo-${name.replace(/\W/g, '-')}`);
      const summary = /Workflows: ([^\n]*)/.exec(output)?.[1] ?? output.slice(-2000);
      expect(summary).not.toMatch(/failed/);
      expect(summary).toMatch(/passed/);
      expect(code).toBe(0);
    });
  }
});

describe('redocly respect, as these files use it, fails a flow that does not get where it says', () => {
  it('a launch clip expected to fail, on a mock that completes it, fails the run', { timeout: 120_000 }, async () => {
    const source = flowFiles().find((f) => path.basename(f) === 'clips.arazzo.yaml')!;
    const doc = YAML.parse(readFileSync(source, 'utf8'));
    doc.sourceDescriptions[0].url = path.join(GENERATED_DIR, 'openapi.yaml');
    doc.workflows = doc.workflows.filter((w: { workflowId: string }) => w.workflowId === 'launchClipToCompletion');
    const poll = doc.workflows[0].steps.at(-1);
    poll.successCriteria = poll.successCriteria.map((c: { condition: string }) => ({
      condition: c.condition.replace("'completed'", "'failed'"),
    }));
    poll.onFailure[0].retryLimit = 1;
    const file = path.join(testTempDir('arazzo-respect-'), 'wrong-end.arazzo.yaml');
    writeFileSync(file, YAML.stringify(doc));
    const { code, output } = await respect(file, 'arazzo-wrong-end');
    expect(output).toMatch(/Workflows: 1 failed/);
    expect(code).not.toBe(0);
  });
});
