// `npm run test:matrix` (scripts/test-matrix.ts) checks its vitest filters before it installs or runs
// anything: the default --quick subset selects test files in every group it names (a renamed test
// folder would otherwise make each Node line run nothing and pass), and a filter that selects no file
// is refused with exit code 2.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project.js';

const matrix = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/test-matrix.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run test:matrix', () => {
  it('--quick --dry-run lists test files for every filter of the default subset, and installs nothing', () => {
    const r = matrix('--quick', '--dry-run', '--node', '22,26');
    expect(r.status).toBe(0);
    const groups = [...r.stdout.matchAll(/^ {2}(\S+) \((\d+)\): /gm)].map((m) => [m[1], Number(m[2])] as const);
    expect(groups.map(([filter]) => filter)).toEqual([
      'tests/contract/',
      'tests/mock/',
      'tests/client/',
      'tests/packages/',
      'tests/docs/mcp-',
    ]);
    expect(groups.filter(([, count]) => count === 0)).toEqual([]);
    expect(r.stdout).toMatch(/^test:matrix: Node lines 22\.12, 26: vitest on$/m);
    expect(r.stdout).not.toMatch(/installing/);
  }, 90_000);

  it('refuses a filter that selects no test file, with exit code 2, before installing a Node line', () => {
    const r = matrix('--quick', 'tests/mcp-');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('test:matrix: no test file matches tests/mcp- (test files live in tests/<group>/)\n');
    expect(r.stdout).toBe('');
  }, 90_000);

  it('answers --help with its options and exit code 0', () => {
    const r = matrix('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^npm run test:matrix \[-- --node 22,24,26\] \[--quick \[filter\.\.\.\]\] \[--dry-run\]/);
    expect(r.stdout).toMatch(/--dry-run {3}prints/);
  }, 90_000);
});
