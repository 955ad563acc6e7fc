// Every QA command answers --help and --version without starting anything (issue #52, point E):
// `npm run conformance -- --help` printed nothing of the sort and started a run (a local mock,
// Schemathesis); the proxy started (or stopped on PROXY_TARGET) whatever its arguments.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../../scripts/lib/project.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The command's exit code and output; stopped after 20 s (a command that started something). */
function command(entry: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN('tsx'), [path.join(ROOT, entry), ...args], {
      cwd: ROOT,
      // No target: a command that starts anything starts the local mock or stops on PROXY_TARGET.
      env: { ...process.env, CONFORMANCE_BASE_URL: '', PROXY_TARGET: 'http://127.0.0.1:9/v2', PROXY_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const COMMANDS: Array<[string, string, string[][]]> = [
  ['video-api-conformance', 'qa/conformance/run.ts', [[], ['replay'], ['merge']]],
  ['video-api-proxy', 'qa/proxy/main.ts', [[]]],
];

describe('--help and --version', () => {
  it('print the usage (with the exit codes) or the version, exit 0, and start nothing', async () => {
    const seen: Array<[string, number | null, boolean, boolean]> = [];
    for (const [name, entry, prefixes] of COMMANDS)
      for (const prefix of prefixes) {
        const help = await command(entry, [...prefix, '--help']);
        const short = await command(entry, [...prefix, '-h']);
        const version = await command(entry, [...prefix, '--version']);
        const label = [name, ...prefix].join(' ');
        seen.push([`${label} --help`, help.code, help.output.includes(`Usage: ${name}`), /[Ee]xit code/.test(help.output)]);
        seen.push([`${label} -h`, short.code, short.output === help.output, true]);
        seen.push([`${label} --version`, version.code, version.output.trim() === `${name} ${VERSION}`, true]);
        // Nothing started: no run, no mock, no forwarding line.
        expect(help.output + version.output, label).not.toMatch(/\[(conformance|proxy|replay|merge)\]|forwarding|mock:/);
      }
    expect(seen).toEqual(seen.map(([label]) => [label, 0, true, true]));
  }, 120_000);
});
