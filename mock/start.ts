// npm start: build what is stale, then serve the stateful mock (MOCK_PORT; default: the contract's Local mock server).
import { buildIfStale } from './build-if-stale.js';
import { SPECIAL_TOKENS } from './tokens.js';

async function main() {
  buildIfStale();
  // Imported after the build so the mock reads the freshly generated contract.
  const { createMock } = await import('./server.js');
  const mock = await createMock();
  const server = await mock.listen();
  const { config } = server;
  // SIGTERM/SIGINT to `npm start` reach here (the script is `exec node --import tsx`): close the port, then exit 0.
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
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const lines = [
    `mock: listening on ${server.url} (every contract path under ${config.basePath}; CORS on)`,
    `mock: tokens: "Authorization: Bearer <anything>" = paid, verified account with credits; no token = 401 GEN-UNAUTHORIZED`,
    ...Object.entries(SPECIAL_TOKENS).map(([token, { effect }]) => `mock:   ${token.padEnd(24)} ${effect}`),
    `mock: each async step takes ${config.stepMs} ms (MOCK_STEP_MS); "mock:fail" in any text input makes the job fail`,
    `mock: rate limit ${config.rateLimit ? `${config.rateLimit}/min per token (MOCK_RATE_LIMIT)` : 'off (set MOCK_RATE_LIMIT to emulate 429)'}; Prefer: code=…, example=…, dynamic=true work on every operation`,
    `mock: control API and console at ${server.url.replace(/\/v2$/, '')}/__mock/ (clock ${config.clockMode}${config.controlToken ? '; X-Mock-Control-Token required' : ''}; docs: generated/docs/mock-control.html)`,
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(`mock: failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
