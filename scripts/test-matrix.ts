// `npm run test:matrix`: `npm test` on every supported Node line, one after the other: 22.12 (the
// floor of `engines`), 24 (the line `.nvmrc` and CI use) and 26. Each line's newest release is the
// npm registry's `node` package (a real binary), installed once into .cache/node-v<version>/
// (gitignored, the folder .ci/run uses too); its bin directory leads PATH for the whole run, so npm,
// tsx, vitest and every process the tests start (the mock, the proxy, the packed commands) run on it.
// The one node_modules serves every line (its native parts are Node-API, the same on each).
//
//   npm run test:matrix                         npm test on 22.12, 24 and 26 (each as long as `npm test`)
//   npm run test:matrix -- --node 22,26         only these lines
//   npm run test:matrix -- --quick              the subset: vitest on the suites that run the product
//                                               (QUICK below), without lint, type check and Schemathesis
//   npm run test:matrix -- --quick tests/mcp-   the subset narrowed to these vitest filters
//
// Each line's reports are kept in reports/matrix/node-<version>/. Not part of `npm test`. This script
// itself runs on any Node (it is how an older machine Node reaches the supported lines), so it does not
// import lib/node-support.ts.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/project.js';

/** The lines of `engines` (lib/node-support.ts): the newest release matching each spec. */
const LINES: Record<string, string> = { '22': '22.12', '24': '24', '26': '26' };
/** --quick: the suites that run the product's code on Node (the contract, the mock, the client, the packed packages, the MCP server). */
const QUICK = ['tests/contract-', 'tests/mock-', 'tests/client-', 'tests/packages', 'tests/mcp-'];
const CACHE = path.join(ROOT, '.cache');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const binDir = (version: string) => path.join(CACHE, `node-v${version}`, 'node_modules', 'node', 'bin');
const nodeOf = (version: string) => path.join(binDir(version), 'node');

function installedVersion(version: string): string | undefined {
  if (!existsSync(nodeOf(version))) return undefined;
  try {
    return execFileSync(nodeOf(version), ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return undefined;
  }
}

const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The newest release of a line on the npm registry; offline, the newest one already in .cache/. */
function resolve(spec: string): string {
  try {
    const out = execFileSync(npm, ['view', `node@${spec}`, 'version', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    // npm lists them in publish order, not by version (26.10.0 before 26.9.0).
    const versions = [JSON.parse(out)].flat() as string[];
    return versions.sort(byVersion).at(-1)!;
  } catch {
    const cached = existsSync(CACHE)
      ? readdirSync(CACHE)
          .map((d) => /^node-v(\d+\.\d+\.\d+)$/.exec(d)?.[1])
          .filter((v): v is string => v !== undefined && (v === spec || v.startsWith(`${spec}.`)) && installedVersion(v) === v)
      : [];
    const newest = cached.sort(byVersion).at(-1);
    if (!newest) throw new Error(`cannot resolve node@${spec}: the npm registry did not answer and nothing is cached`);
    return newest;
  }
}

function install(version: string): void {
  if (installedVersion(version) === version) return;
  const prefix = path.join(CACHE, `node-v${version}`);
  console.log(`test:matrix: installing node@${version} into ${path.relative(ROOT, prefix)}/ (once)`);
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${version}`],
    { stdio: 'inherit' },
  );
  if (installedVersion(version) !== version) throw new Error(`node@${version} did not install into ${prefix}`);
}

/** Runs the command with the line's bin directory first on PATH, echoing its output; the exit code and the output. */
function run(version: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PATH: `${binDir(version)}${path.delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      output += d;
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      output += d;
    });
    child.on('error', (error) => done({ code: 127, output: error.message }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 128 : 1), output }));
  });
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { node: { type: 'string' }, quick: { type: 'boolean' } },
    allowPositionals: true,
  });
  const lines = values.node ? values.node.split(',').map((l) => l.trim()) : Object.keys(LINES);
  const unknown = lines.filter((l) => !LINES[l]);
  if (unknown.length) throw new Error(`--node takes ${Object.keys(LINES).join(', ')}; got ${unknown.join(', ')}`);
  if (positionals.length && !values.quick) throw new Error('test filters go with --quick (npm test takes none)');
  const results: string[] = [];
  let failed = 0;
  for (const line of lines) {
    const version = resolve(LINES[line]);
    install(version);
    console.log(
      `\ntest:matrix: node ${version}: ${values.quick ? `vitest ${(positionals.length ? positionals : QUICK).join(' ')}` : 'npm test'}`,
    );
    const started = Date.now();
    const { code, output } = values.quick
      ? await run(version, nodeOf(version), [
          path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
          'run',
          ...(positionals.length ? positionals : QUICK),
        ])
      : await run(version, npm, ['test']);
    const reports = path.join(ROOT, 'reports', 'test');
    if (!values.quick && existsSync(reports)) {
      const kept = path.join(ROOT, 'reports', 'matrix', `node-${version}`);
      rmSync(kept, { recursive: true, force: true });
      cpSync(reports, kept, { recursive: true });
    }
    // npm test's closing line, or vitest's (its colours taken out).
    const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
    const summary = [...plain.matchAll(/^ *(tests: .*|Tests +.*)$/gm)].at(-1)?.[1].trim() ?? 'no summary line';
    if (code !== 0) failed++;
    results.push(
      `${code === 0 ? 'ok  ' : 'FAIL'} node ${version}: ${summary} (exit ${code}, ${Math.round((Date.now() - started) / 1000)}s)`,
    );
  }
  console.log(`\ntest:matrix: summary\n${results.join('\n')}`);
  console.log(`test:matrix: ${lines.length - failed} of ${lines.length} Node lines passed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`test:matrix: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  },
);
