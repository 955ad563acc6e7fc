// Fails when generated/ is not what `npm run build` makes from openapi/ now: builds into a
// temporary folder and compares every file byte for byte.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERATED_DIR, ROOT } from './lib/project.js';
import { run } from '../lib/run.js';

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fresh-build-'));
  try {
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build.ts'), '--out', tmp], { cwd: ROOT, quiet: true });
    const fresh = await files(tmp);
    const committed = await stat(GENERATED_DIR).then(
      () => files(GENERATED_DIR),
      () => [] as string[],
    );
    const problems: string[] = [];
    for (const f of fresh) {
      if (!committed.includes(f)) {
        problems.push(`missing: generated/${f}`);
        continue;
      }
      const [a, b] = await Promise.all([readFile(path.join(tmp, f)), readFile(path.join(GENERATED_DIR, f))]);
      if (!a.equals(b)) problems.push(`stale: generated/${f}`);
    }
    for (const f of committed) if (!fresh.includes(f)) problems.push(`not produced by the build: generated/${f}`);
    if (problems.length) {
      console.error(`generated/ is out of date with openapi/:\n  ${problems.join('\n  ')}\nRun \`npm run build\` and commit the result.`);
      process.exit(1);
    }
    console.log(`check-generated: ${fresh.length} generated files are fresh`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`check-generated failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
