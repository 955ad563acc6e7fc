// The soak benchmark runs (a 12-second version of `npm run bench:soak`) and reports what it
// promises: requests of every kind, latency, RSS over time, and no answer the mock should not give.
// The figures themselves are goals of the benchmark, not of this test.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../../scripts/lib/project.js';

describe('npm run bench:soak', () => {
  it('a 12-second mixed run reports requests of every kind, latency and RSS samples, with 0 errors', () => {
    const run = spawnSync(
      BIN('tsx'),
      ['scripts/bench/soak.ts', '--seconds', '12', '--workers', '4', '--tokens', '50', '--load-seconds', '0', '--stream-seconds', '0'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect({
      kinds: Object.keys(report.byKind).sort(),
      errors: report.firstErrors,
      latency: Object.values(report.latencyMs).every((ms) => typeof ms === 'number' && ms >= 0),
      rss: report.rssSamples.length >= 10 && report.rssSamples.every((s: { rssMb: number }) => s.rssMb > 0),
    }).toEqual({
      kinds: ['bad-body', 'bad-json', 'configure', 'control', 'create', 'me', 'poll', 'render', 'unknown-path', 'upload'],
      errors: [],
      latency: true,
      rss: true,
    });
  }, 180_000);
});
