// `npm run release` as a function (release-main.ts runs it with the command line): writes
// releases/<version>/ (the bundle as released, its generated types, and the changes since the
// previous release) once the checks pass: lint, generated/ fresh, info.version is <version>, the
// version is newer than the last release (a major step when anything breaks), and the gate.
// `replace` rewrites an existing release (a correction before anyone consumed it).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandOutput } from './command.js';
import { diffContracts, gateProblems } from './diff.js';
import { compareVersions, readRelease, releases } from './releases.js';

const VERSION = /^\d+\.\d+\.\d+(-[\w.]+)?$/;

/** What a release reads and runs; the command passes the repository's folders and npm scripts. */
export interface ReleaseOptions {
  version: string | undefined;
  replace: boolean;
  releasesDir: string;
  generatedDir: string;
  /** Lint and the freshness of generated/ (throws when they fail). */
  check(): Promise<void>;
  /** Rebuilds generated/ once the release is written (its change logs file the new entries under it). */
  rebuild(): Promise<void>;
  out: CommandOutput;
}

/** Why `version` cannot be released next to `known`, or undefined. */
function versionProblem(version: string, known: string[], replace: boolean): string | undefined {
  if (known.includes(version) && !replace) return `releases/${version} exists; pass --replace to rewrite it`;
  if (known.some((v) => compareVersions(v, version) > 0)) return `${version} is older than the last release (${known.at(-1)})`;
  return undefined;
}

/** What stops the bundle from being released as `version` after `previous`. */
function contractProblems(head: { info: { version: string } }, version: string, previous: string | undefined, releasesDir: string) {
  if (head.info.version !== version)
    return {
      problems: [`info.version in openapi/openapi.yaml is ${head.info.version}; set it to ${version}, npm run build, then release`],
      changes: [],
    };
  const result = previous ? diffContracts(readRelease(previous, releasesDir), head) : { changes: [], entries: [] };
  const problems = gateProblems(result);
  const breaking = result.changes.some((c) => c.class === 'breaking');
  if (previous && breaking && version.split('.')[0] === previous.split('.')[0])
    problems.push(`the contract breaks ${previous}: release it as a new major version`);
  return { problems, changes: result.changes };
}

/** Runs the release; gives the exit code (0 written, 1 refused, 2 usage). */
export async function runRelease(options: ReleaseOptions): Promise<number> {
  const { version, releasesDir, generatedDir, out } = options;
  if (!version || !VERSION.test(version)) {
    out.error('release: usage: npm run release -- <major.minor.patch> [--replace]');
    return 2;
  }
  const known = releases(releasesDir);
  const refused = versionProblem(version, known, options.replace);
  if (refused) {
    out.error(`release: ${refused}`);
    return 1;
  }
  const previous = known.filter((v) => compareVersions(v, version) < 0).at(-1);
  out.log('release: npm run lint, npm run check:generated');
  await options.check();
  const bundleFile = path.join(generatedDir, 'openapi.json');
  const { problems, changes } = contractProblems(JSON.parse(readFileSync(bundleFile, 'utf8')), version, previous, releasesDir);
  for (const p of problems) out.error(`release: ${p}`);
  if (problems.length) return 1;
  const dir = path.join(releasesDir, version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(bundleFile, path.join(dir, 'openapi.json'));
  copyFileSync(path.join(generatedDir, 'schema.d.ts'), path.join(dir, 'schema.d.ts'));
  if (previous) writeFileSync(path.join(dir, 'changes.json'), `${JSON.stringify({ base: previous, changes }, null, 2)}\n`);
  await options.rebuild();
  out.log(
    `release: wrote releases/${version}/ (${changes.length} changes since ${previous ?? 'nothing'}) and rebuilt generated/; commit both`,
  );
  return 0;
}
