// How a long-running command learns it should stop: SIGTERM or SIGINT sent to it, or, when npm
// started it (`npx video-api-mock`, an npm script `"mock": "video-api-mock"`), the end of its parent.
// npm runs a command through `sh -c`, and passes a SIGTERM it is sent on to that shell only; a shell
// such as dash then ends without passing it on, and the command would run on with no one to stop it,
// holding its port. So under npm, losing the parent counts as the SIGTERM npm was sent. (The
// repository's own scripts start with `exec`, so there npm's SIGTERM arrives directly.)

/** How often the parent is looked at, in ms (a timer that never keeps the process alive). */
const PARENT_CHECK_MS = 250;

/**
 * Calls `stop` once, with the signal, on the first SIGTERM or SIGINT; under npm also when the parent
 * process has gone (as SIGTERM). Later signals still reach `stop`, which decides what a second one means.
 */
export function onStopSignal(stop: (signal: NodeJS.Signals) => void, env: NodeJS.ProcessEnv = process.env): void {
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // npm sets npm_command for everything it starts (run-script, exec).
  if (!env.npm_command) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop('SIGTERM');
  }, PARENT_CHECK_MS);
  watch.unref();
}
