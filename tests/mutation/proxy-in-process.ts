// tests/support/proxy-process.ts for the mutation run only (tests/mutation/vitest.config.ts aliases
// it): the validating proxy started in the test's own process (qa/proxy/run.ts, what `npm run proxy`
// runs), on a free port, with the same PROXY_* settings, so that a mutant in qa/ is switched on where
// the proxy judges and the tests that reach it are known. stop(signal) gives the exit code the
// process would end with; output() holds the lines it would print.
import { runProxy } from '../../qa/proxy/run.js';
import { type ProxyProcess, proxyTestSettings } from '../support/proxy-process.js';

export { portFree, type ProxyProcess, proxyTestSettings } from '../support/proxy-process.js';

export async function startProxyProcess(target: string, env: Record<string, string> = {}): Promise<ProxyProcess> {
  const { reportDir, settings } = proxyTestSettings(target, env);
  let output = '';
  // A proxy that cannot start fails as the process does: main.ts's line, then exit 2.
  const run = await runProxy(settings, (line) => {
    output += `${line}\n`;
  }).catch((error: unknown) => {
    throw new Error(`proxy exited with 2:\n[proxy] could not start: ${error instanceof Error ? error.message : error}\n`);
  });
  return {
    base: `http://127.0.0.1:${run.port}/v2`,
    root: `http://127.0.0.1:${run.port}`,
    port: run.port,
    reportDir,
    output: () => output,
    stop: (signal = 'SIGTERM') => run.stop(signal),
  };
}
