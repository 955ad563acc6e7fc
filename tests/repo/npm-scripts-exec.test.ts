// The long-running npm scripts start with `exec`, so the process npm starts is the command itself:
// npm passes a SIGTERM it is sent to its child only, and a `sh -c` in between (dash) ends without
// passing it on (lib/stop-signals.ts). Without `exec`, `npm test` sent SIGTERM ran on to its end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

/** The scripts that run until they are stopped, or long enough that a user stops them. */
const LONG_RUNNING = ['start', 'test', 'test:fast', 'test:matrix', 'conformance', 'proxy', 'mutation', 'diff', 'release'];

describe('npm scripts that a user stops', () => {
  it('start with exec, so a SIGTERM to npm reaches the command', () => {
    expect(LONG_RUNNING.filter((name) => !scripts[name]?.startsWith('exec '))).toEqual([]);
  });
});
