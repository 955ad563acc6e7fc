// mock/launch.ts for the mutation run only (tests/mutation/vitest.config.ts aliases it): the mock
// started in the test's own process, on a free port, with the same MOCK_* settings, so that a
// mutant in mock/ is switched on where the mock runs and the tests that reach it are known.
// Everything the suites use of a MockProcess is here: baseUrl, port, logs(), stop(), and a start
// that fails with the lines the process would print.
import { readFileSync } from 'node:fs';
import type { LaunchOptions, MockProcess } from '../../mock/launch.js';
import { serve } from '../../mock/server.js';

export type { LaunchOptions, MockProcess };

export async function startMockProcess(env: Record<string, string> = {}, _options: LaunchOptions = {}): Promise<MockProcess> {
  const settings: Record<string, string | undefined> = { ...process.env, MOCK_PORT: '0', ...env };
  let output = '';
  const log = (line: string) => {
    if (settings.MOCK_QUIET !== '1') output += `${line}\n`;
  };
  const start = async () => {
    const file = settings.MOCK_SCENARIO;
    const scenario = file ? { text: readFileSync(file, 'utf8'), source: `MOCK_SCENARIO=${file}` } : undefined;
    return serve({ env: settings, scenario, log });
  };
  // A mock that cannot start fails as the process does: mock/cli.ts's line, then exit 1.
  const server = await start().catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`mock exited with 1 before listening:\nmock: failed to start: ${reason}\n`);
  });
  output += `mock: listening on ${server.url}\n`;
  let stopped: Promise<void> | undefined;
  return {
    baseUrl: server.url,
    port: Number(new URL(server.url).port),
    pid: process.pid,
    logs: () => output,
    stop: () => {
      stopped ??= server.close();
      return stopped;
    },
  };
}
