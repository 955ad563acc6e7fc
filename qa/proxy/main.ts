// `npm run proxy`: the validating proxy in front of a deployment (PROXY_TARGET, ending in /v2),
// on http://127.0.0.1:4020/v2 (PROXY_PORT). Each violation prints one line as it happens;
// GET /__proxy/report answers the report; SIGINT/SIGTERM (to this process, or to `npm run proxy`,
// whose script is `exec node --import tsx`: npm forwards the signal) write proxy-junit.xml and proxy-report.json to PROXY_REPORT_DIR and
// exit 1 if the API violated the contract or an exchange never completed (target errors), else 0. Requests the contract rejects are the client's
// fault: listed (requestErrors), and counted in the exit code only with PROXY_FAIL_ON_REQUEST_ERRORS=1.
// The proxy itself is run.ts.
// First: one clear line on an unsupported Node (lib/node-support.ts), before any other module runs
// (unbundled, as npm run runs it; the packaged command enters through bin.ts).
import '../../lib/node-support.js';
import { onStopSignal } from '../../lib/stop-signals.js';
import { answeredInfo } from '../cli.js';
import { runProxy } from './run.js';

const USAGE = `Usage: video-api-proxy
       video-api-proxy --help | --version

The validating proxy: forwards http://127.0.0.1:<PROXY_PORT>/v2 to PROXY_TARGET (required, ending
in /v2) unchanged, and checks every exchange against the contract. Settings: PROXY_TARGET,
PROXY_PORT (default 4020), PROXY_REPORT_DIR, PROXY_BLOCK_CHARGES=1, PROXY_FAIL_ON_REQUEST_ERRORS=1,
PROXY_MIN_COVERAGE, PROXY_TIMEOUT_MS, PROXY_MAX_BODY_BYTES, PROXY_MAX_RESPONSE_BYTES, PROXY_RECORD,
PROXY_CONFIRM_REFUNDS=0, PROXY_REFUND_GRACE_MS (docs/conformance.md). GET /__proxy/report answers
the report at any time; SIGTERM or SIGINT stops it and writes the reports.
Exit code (on stop): 0 no violation, 1 the API violated the contract, the target failed to answer
or coverage fell short (request errors only with PROXY_FAIL_ON_REQUEST_ERRORS=1), 2 it could not
start (a setting, an argument).`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (answeredInfo('video-api-proxy', USAGE, argv)) process.exit(0);
  if (argv.length) throw new Error(`takes no arguments (settings are PROXY_* variables), got "${argv.join(' ')}"; see --help`);
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
