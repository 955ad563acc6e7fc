// --help and --version of the QA commands (video-api-conformance, video-api-proxy): answered before
// anything starts, from the command line alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.js';

/** The version of the repository, or of the installed video-api-v2-qa package. */
export function toolVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * When the arguments ask for help or the version: prints it and returns true (the caller exits 0
 * without starting anything); otherwise false.
 */
export function answeredInfo(name: string, usage: string, argv: readonly string[]): boolean {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return true;
  }
  if (argv.includes('--version') || argv.includes('-V')) {
    console.log(`${name} ${toolVersion()}`);
    return true;
  }
  return false;
}
