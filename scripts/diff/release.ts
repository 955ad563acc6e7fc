// npm run release -- <version> [--replace]
// Writes releases/<version>/ (the bundle as released, its generated types, and the changes since the
// previous release) once the checks pass: lint, generated/ fresh, info.version is <version>, the
// version is newer than the last release (a major step when anything breaks), and the gate.
// --replace rewrites an existing release (a correction before anyone consumed it).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GENERATED_DIR, ROOT } from '../lib/project.js';
import { run } from '../../lib/run.js';
import { diffContracts, gateProblems } from './diff.js';
import { compareVersions, RELEASES_DIR, readRelease, releases } from './releases.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });

async function main(): Promise<number> {
  const version = positionals[0];
  if (!version || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
    console.error('release: usage: npm run release -- <major.minor.patch> [--replace]');
    return 2;
  }
  const known = releases();
  if (known.includes(version) && !values.replace) {
    console.error(`release: releases/${version} exists; pass --replace to rewrite it`);
    return 1;
  }
  const previous = known.filter((v) => compareVersions(v, version) < 0).at(-1);
  if (known.some((v) => compareVersions(v, version) > 0)) {
    console.error(`release: ${version} is older than the last release (${known.at(-1)})`);
    return 1;
  }
  console.log('release: npm run lint, npm run check:generated');
  await run('npm', ['run', '--silent', 'lint'], { cwd: ROOT, quiet: true });
  await run('npm', ['run', '--silent', 'check:generated'], { cwd: ROOT, quiet: true });
  const bundleFile = path.join(GENERATED_DIR, 'openapi.json');
  const head = JSON.parse(readFileSync(bundleFile, 'utf8'));
  if (head.info.version !== version) {
    console.error(
      `release: info.version in openapi/openapi.yaml is ${head.info.version}; set it to ${version}, npm run build, then release`,
    );
    return 1;
  }
  const result = previous ? diffContracts(readRelease(previous), head) : { changes: [], entries: [] };
  const problems = gateProblems(result);
  const breaking = result.changes.some((c) => c.class === 'breaking');
  if (previous && breaking && version.split('.')[0] === previous.split('.')[0])
    problems.push(`the contract breaks ${previous}: release it as a new major version`);
  if (problems.length) {
    for (const p of problems) console.error(`release: ${p}`);
    return 1;
  }
  const dir = path.join(RELEASES_DIR, version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundleFile, path.join(dir, 'openapi.json'));
  copyFileSync(path.join(GENERATED_DIR, 'schema.d.ts'), path.join(dir, 'schema.d.ts'));
  if (previous) writeFileSync(path.join(dir, 'changes.json'), `${JSON.stringify({ base: previous, changes: result.changes }, null, 2)}\n`);
  // The change logs now file the unreleased entries under this version.
  await run('npm', ['run', '--silent', 'build'], { cwd: ROOT, quiet: true });
  console.log(
    `release: wrote releases/${version}/ (${result.changes.length} changes since ${previous ?? 'nothing'}) and rebuilt generated/; commit both`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`release failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  },
);
