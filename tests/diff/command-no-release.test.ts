// `npm run diff` in a repository with no release yet (releases/ empty): it says so and how to make
// one, and passes, since there is nothing to break. The release list is stubbed: the real releases/
// always holds one.
import { describe, expect, it, vi } from 'vitest';
import { diffCommand } from '../../scripts/diff/command.js';

vi.mock('../../scripts/diff/releases.js', async (original) => ({
  ...(await original<typeof import('../../scripts/diff/releases.js')>()),
  latestBase: () => undefined,
}));

describe('npm run diff with no release to compare with', () => {
  it('says there is no release and how to write one, exit 0', () => {
    const log: string[] = [];
    const error: string[] = [];
    const code = diffCommand(['--gate'], { log: (l) => log.push(l), error: (l) => error.push(l) }, {});
    expect({ code, log, error }).toEqual({
      code: 0,
      log: ['diff: no release in releases/ to compare with (npm run release -- <version> writes one)'],
      error: [],
    });
  });
});
