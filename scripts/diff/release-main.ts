// npm run release -- <version> [--replace]: runs release.ts with the repository's folders, its lint
// and freshness checks, and its build.
import { parseArgs } from 'node:util';
import { run } from '../../lib/run.js';
import { GENERATED_DIR, ROOT } from '../lib/project.js';
import { runRelease } from './release.js';
import { RELEASES_DIR } from './releases.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
const npm = (script: string) => run('npm', ['run', '--silent', script], { cwd: ROOT, quiet: true }).then(() => undefined);

runRelease({
  version: positionals[0],
  replace: values.replace,
  releasesDir: RELEASES_DIR,
  generatedDir: GENERATED_DIR,
  check: async () => {
    await npm('lint');
    await npm('check:generated');
  },
  rebuild: () => npm('build'),
  out: console,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`release failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  },
);
