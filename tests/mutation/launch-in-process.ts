// mock/launch.ts for the mutation run only (tests/mutation/vitest.config.ts aliases it): the mock
// started in the test's own process, on a free port, with the same MOCK_* settings, so that a
// mutant in mock/ is switched on where the mock runs and the tests that reach it are known.
// Everything the suites use of a MockProcess is here: baseUrl, port, logs(), stop().
import { readFileSync } from 'node:fs';
import type { LaunchOptions, MockProcess } from '../../mock/launch.js';
import { serve } from '../../mock/server.js';

export type { LaunchOptions, MockProcess };

export async function startMockProcess(env: Record<string, string> = {}, _options: LaunchOptions = {}): Promise<MockProcess> {
  const settings = { ...process.env, MOCK_PORT: '0', ...env };
  const file = settings.MOCK_SCENARIO;
  const scenario = file ? { text: readFileSync(file, 'utf8'), source: `MOCK_SCENARIO=${file}` } : undefined;
  let output = '';
  const log = (line: string) => {
    if (settings.MOCK_QUIET !== '1') output += `${line}\n`;
  };
  const server = await serve({ env: settings, scenario, log });
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
