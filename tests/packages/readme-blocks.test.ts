// Every README block runs: the code and config blocks of the packed packages' READMEs (the mock's and
// the client's) are extracted by their `file=` names into a fresh Vite-style project outside the
// repository that installs the packed tarballs, and the Vitest files among them run, with the React
// component test of tests/packages/consumer/ beside them. A block without a file name must say on its
// first line that it is only an illustration. A block that goes stale (a wrong import, a missing
// export, a changed API) fails here or in tests/packages/create-vite-app.test.ts, which type-checks
// and builds every block in a create-vite app on TypeScript 5.9 and 7.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, ROOT, sharedConsumer } from '../support/consumer.js';
import { type Block, installedReadme, unmarked, writeBlocks, writeCreateViteTsconfig } from '../support/readme-blocks.js';

let project: string;
let blocks: Block[];

beforeAll(async () => {
  project = sharedConsumer('readme').dir;
  blocks = [...installedReadme(project, 'video-api-v2-mock'), ...installedReadme(project, 'video-api-v2-client')];
  writeBlocks(
    project,
    blocks.filter((b) => b.file && !b.project),
  );
  for (const file of ['video-screen.mjs', 'video-screen.test.mjs'])
    cpSync(path.join(ROOT, 'tests/packages/consumer', file), path.join(project, 'src', file));
  writeCreateViteTsconfig(project);
}, 600_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the packed READMEs' blocks, in a consumer project", () => {
  it('every code, shell and config block names its file or says it is only an illustration', () => {
    expect(blocks.length).toBeGreaterThan(10);
    expect(unmarked(blocks)).toEqual([]);
    // Consumers have the client, the mock and the QA packages, never the repository's own package.
    expect(blocks.filter((b) => b.code.includes('video-api-v2-contract')).map((b) => `${b.readme}:${b.line}`)).toEqual([]);
  });

  it('the Vitest blocks (config, setup with server.resetHandlers and reset, tests) pass, with the React component test', async () => {
    const result = await exec(
      path.join(project, 'node_modules', '.bin', 'vitest'),
      ['run', '--reporter=json', '--outputFile=vitest.json'],
      {
        cwd: project,
      },
    ).catch((e) => e);
    const report = JSON.parse(readFileSync(path.join(project, 'vitest.json'), 'utf8'));
    const failures = report.testResults.flatMap(
      (file: { assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }) =>
        file.assertionResults
          .filter((t) => t.status !== 'passed')
          .map((t) => `${t.fullName}: ${t.failureMessages.join(' ').slice(0, 400)}`),
    );
    expect({ failures, passed: report.numPassedTests, exit: result.code ?? 0 }).toEqual({ failures: [], passed: 7, exit: 0 });
  }, 180_000);

  it('the scenario block is a scenario the command starts with', async () => {
    const block = blocks.find((b) => b.file === 'mock-scenario.yaml')!;
    const { startMock } = await import(path.join(project, 'node_modules', 'video-api-v2-mock', 'dist', 'index.js'));
    const { parse } = await import('yaml');
    const mock = await startMock({ port: 0, scenario: parse(block.code) });
    try {
      const account = await mock.control.account('demo-failed-render');
      expect({ credits: account.credits, states: account.resources.map((r: { state: string }) => r.state) }).toEqual({
        credits: 3,
        states: ['failed'],
      });
    } finally {
      await mock.close();
    }
  });
});
