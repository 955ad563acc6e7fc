// The `video-api-mock` command (and `npm start` after its build step): serves the stateful mock
// until SIGTERM or SIGINT, then closes the port and exits 0. Options: --port, --host; every other
// setting is a MOCK_* variable (mock/README.md).
import { parseArgs } from 'node:util';
import { onStopSignal } from '../lib/stop-signals.js';
import { createMock } from './server.js';
import { SPECIAL_TOKENS } from './tokens.js';

const USAGE = `Usage: video-api-mock [--port <n>] [--host <address>] [--scenario <file>]

Serves the stateful mock of the Video Generation API v2 at http://<host>:<port>/v2
(default 127.0.0.1:4010; --port 0 takes a free port and prints it). --scenario loads a scenario file
(YAML or JSON, as MOCK_SCENARIO; e.g. one the validating proxy recorded with PROXY_RECORD). Settings: MOCK_PORT, MOCK_HOST,
MOCK_STEP_MS, MOCK_CLOCK, MOCK_RATE_LIMIT, MOCK_SCENARIO, MOCK_CONTROL_TOKEN, MOCK_CONTROL_ORIGINS,
MOCK_ALLOWED_HOSTS, MOCK_MAX_BODY_BYTES, MOCK_MAX_STATE_BYTES, MOCK_MAX_JOURNAL_BYTES, MOCK_MAX_JSON_KEYS, MOCK_MAX_JSON_DEPTH, MOCK_HEADERS_TIMEOUT_MS, MOCK_QUIET=1. SIGTERM or SIGINT stops it (exit 0); so does the end of npm, when npm started it.`;

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let values: { port?: string; host?: string; scenario?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, host: { type: 'string' }, scenario: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`video-api-mock: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = {
    ...process.env,
    ...(values.port !== undefined ? { MOCK_PORT: values.port } : {}),
    ...(values.host ? { MOCK_HOST: values.host } : {}),
    ...(values.scenario ? { MOCK_SCENARIO: values.scenario } : {}),
  };
  const mock = await createMock(env);
  const server = await mock.listen();
  const { config } = server;
  // Installed before the "listening" line, so a signal sent on seeing it is never missed.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => {
      console.log(`mock: ${signal}: stopped`);
      process.exit(0);
    });
  };
  onStopSignal(stop);
  const lines = [
    `mock: listening on ${server.url} (every contract path under ${config.basePath}; CORS on)`,
    `mock: tokens: "Authorization: Bearer <anything>" = paid, verified account with credits; no token = 401 GEN-UNAUTHORIZED`,
    ...Object.entries(SPECIAL_TOKENS).map(([token, { effect }]) => `mock:   ${token.padEnd(24)} ${effect}`),
    `mock: each async step takes ${config.stepMs} ms (MOCK_STEP_MS); "mock:fail" in any text input makes the job fail`,
    `mock: rate limit ${config.rateLimit ? `${config.rateLimit}/min per token (MOCK_RATE_LIMIT)` : 'off (set MOCK_RATE_LIMIT to emulate 429)'}; Prefer: code=…, example=…, dynamic=true work on every operation`,
    `mock: control API and console at ${server.url.replace(/\/v2$/, '')}/__mock/ (clock ${config.clockMode}${config.controlToken ? '; X-Mock-Control-Token required' : ''}); reference docs with "Try it" at ${server.url.replace(/\/v2$/, '')}/`,
  ];
  console.log(lines.join('\n'));
}

export function fail(error: unknown): never {
  console.error(`mock: failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
