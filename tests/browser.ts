// One way for browser tests to get headless Chromium: CHROMIUM_PATH if set, else the browser of the
// `@sparticuz/chromium` npm package when it is installed, else a system /usr/bin/chromium. Every
// context gets a fresh profile, no service workers and no background networking.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Where Chromium is, and the extra flags it needs. Throws with what to do when there is none. */
export async function findChromium(): Promise<{ executablePath: string; args: string[] }> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: [] };
  // A variable specifier: the package is optional here, so its absence is not a type error.
  const packageName = '@sparticuz/chromium';
  try {
    const { default: packaged } = await import(packageName);
    const flags = (packaged.args as string[]).filter((flag) => !flag.startsWith('--headless'));
    return { executablePath: await packaged.executablePath(), args: flags };
  } catch {
    // not installed: fall through to a system browser
  }
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: [] };
  throw new Error('no Chromium: install the @sparticuz/chromium package, apt-get install chromium, or set CHROMIUM_PATH');
}

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1400, height: 900 }): Promise<LaunchedBrowser> {
  const { executablePath, args } = await findChromium();
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'test-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    viewport,
    serviceWorkers: 'block',
    args: [...new Set([...CHROMIUM_ARGS, ...args])],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
