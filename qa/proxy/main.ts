// `npm run proxy`: the validating proxy in front of a deployment (PROXY_TARGET, ending in /v2),
// on http://127.0.0.1:4020/v2 (PROXY_PORT). Each violation prints one line as it happens;
// GET /__proxy/report answers the report; SIGINT/SIGTERM (to this process, or to `npm run proxy`,
// whose script is `exec node --import tsx`: npm forwards the signal) write proxy-junit.xml and proxy-report.json to PROXY_REPORT_DIR and
// exit 1 if the API violated the contract or an exchange never completed (target errors), else 0. Requests the contract rejects are the client's
// fault: listed (requestErrors), and counted in the exit code only with PROXY_FAIL_ON_REQUEST_ERRORS=1.
// The proxy itself is run.ts.
import { onStopSignal } from '../../lib/stop-signals.js';
import { runProxy } from './run.js';

async function main(): Promise<void> {
  // Handlers first: whoever waits for the "forwarding" line may signal at once.
  let stop: ((signal: string) => Promise<number>) | undefined;
  const early: string[] = [];
  onStopSignal((signal) => {
    if (stop) void stop(signal).then((code) => process.exit(code));
    else early.push(signal);
  });
  const run = await runProxy(process.env);
  stop = run.stop;
  if (early.length) void run.stop(early[0]).then((code) => process.exit(code));
}

main().catch((error: Error) => {
  console.error(`[proxy] could not start: ${error.message}`);
  process.exit(2);
});
