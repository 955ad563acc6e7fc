// The test browser: Chromium from the @sparticuz/chromium npm package (the binary ships inside the
// package, so `npm ci` alone provides it), or the one at CHROMIUM_PATH. Never a silent fallback.
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

/** Flags for a closed network: no background traffic, no first-run UI, no GPU. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let cached: Promise<string> | undefined;

/** The executable to launch; throws with the fix when there is none. */
export function chromiumExecutable(): Promise<string> {
  cached ??= locate();
  return cached;
}

async function locate(): Promise<string> {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override))
      throw new Error(
        `CHROMIUM_PATH=${override} does not exist: point it at a Chromium binary, or unset it to use the one from @sparticuz/chromium`,
      );
    return override;
  }
  let pkg: { executablePath(): Promise<string> };
  try {
    pkg = (await import('@sparticuz/chromium')).default;
  } catch (error) {
    throw new Error(
      `the test browser package @sparticuz/chromium is not installed (${(error as Error).message}): run \`npm ci\`, or set CHROMIUM_PATH to a Chromium binary`,
    );
  }
  // The package unpacks its compressed binary into the temporary directory on first use.
  const file = await pkg.executablePath();
  if (!file || !existsSync(file))
    throw new Error(`@sparticuz/chromium did not unpack a browser (got ${file}): run \`npm ci\` again, or set CHROMIUM_PATH`);
  return file;
}

/** A headless Chromium with its own profile directory. */
export async function launchChromium(
  userDataDir: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: await chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/**
 * Routes every request of the context: what `allowed(url)` accepts loads (the URL without its
 * fragment), anything else is recorded in `sink` and refused. Requests the router never sees
 * (other schemes) are caught by the listener.
 */
export async function guardRequests(ctx: BrowserContext, allowed: (url: string) => boolean, sink: string[]): Promise<void> {
  const ok = (url: string) => allowed(url.split('#')[0]);
  await ctx.route('**/*', (route) => {
    const url = route.request().url();
    if (ok(url)) return route.continue();
    if (!sink.includes(url)) sink.push(url);
    return route.abort('blockedbyclient');
  });
  ctx.on('request', (request) => {
    const url = request.url();
    if (!ok(url) && !sink.includes(url)) sink.push(url);
  });
}
