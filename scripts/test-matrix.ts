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
//   npm run test:matrix -- --quick tests/docs/  the subset narrowed to these vitest filters
//   npm run test:matrix -- --quick --dry-run    prints the lines and the test files each filter selects, runs nothing
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
const QUICK = ['tests/contract/', 'tests/mock/', 'tests/client/', 'tests/packages/', 'tests/docs/mcp-'];
const HELP = `npm run test:matrix [-- --node 22,24,26] [--quick [filter...]] [--dry-run]

Runs npm test on each supported Node line (22.12, 24, 26), each installed once from the npm
registry's node package into .cache/node-v<version>/.
  --quick     vitest on the suites that run the product, or on the filters given after it:
              ${QUICK.join(' ')}
  --dry-run   prints the lines and the test files each filter selects, runs nothing
Exit 0 when every line passed, 1 when one failed, 2 on a usage error.`;
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

/** Every test file under tests/ (paths relative to the root, with forward slashes). */
function testFiles(dir = path.join(ROOT, 'tests')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

/** The test files each vitest filter selects; a filter that selects none is a usage error (a renamed folder). */
function filesByFilter(filters: string[], files = testFiles()): Map<string, string[]> {
  const selected = new Map(filters.map((f) => [f, files.filter((file) => file.includes(f))]));
  const empty = [...selected].filter(([, hits]) => hits.length === 0).map(([f]) => f);
  if (empty.length) throw new Error(`no test file matches ${empty.join(', ')} (test files live in tests/<group>/)`);
  return selected;
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

/** The line's run in progress: a SIGTERM or SIGINT to this script stops it too, then the script exits. */
let running: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    console.error(`test:matrix: ${signal}: stopping the run in progress`);
    running?.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs the command with the line's bin directory first on PATH, echoing its output; the exit code and the output. */
function run(version: string, command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PATH: `${binDir(version)}${path.delimiter}${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
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

interface Plan {
  lines: string[];
  /** The vitest filters of --quick; undefined: the whole npm test. */
  filters?: string[];
  dryRun: boolean;
}

/** The command line as a plan; throws on a usage error before anything is installed. */
function planOf(argv: string[]): Plan | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      node: { type: 'string' },
      quick: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help) return 'help';
  const lines = values.node ? values.node.split(',').map((l) => l.trim()) : Object.keys(LINES);
  const unknown = lines.filter((l) => !LINES[l]);
  if (unknown.length) throw new Error(`--node takes ${Object.keys(LINES).join(', ')}; got ${unknown.join(', ')}`);
  if (positionals.length && !values.quick) throw new Error('test filters go with --quick (npm test takes none)');
  const filters = values.quick ? (positionals.length ? positionals : QUICK) : undefined;
  return { lines, filters, dryRun: values['dry-run'] === true };
}

function printDryRun(plan: Plan): void {
  console.log(`test:matrix: Node lines ${plan.lines.map((l) => LINES[l]).join(', ')}: ${plan.filters ? 'vitest on' : 'npm test'}`);
  for (const [filter, files] of filesByFilter(plan.filters ?? [])) console.log(`  ${filter} (${files.length}): ${files.join(' ')}`);
}

async function main(): Promise<number> {
  const plan = planOf(process.argv.slice(2));
  if (plan === 'help') {
    console.log(HELP);
    return 0;
  }
  if (plan.filters) filesByFilter(plan.filters);
  if (plan.dryRun) {
    printDryRun(plan);
    return 0;
  }
  const results: string[] = [];
  let failed = 0;
  for (const line of plan.lines) {
    const version = resolve(LINES[line]);
    install(version);
    console.log(`\ntest:matrix: node ${version}: ${plan.filters ? `vitest ${plan.filters.join(' ')}` : 'npm test'}`);
    const started = Date.now();
    const { code, output } = plan.filters
      ? await run(version, nodeOf(version), [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...plan.filters])
      : await run(version, npm, ['test']);
    const reports = path.join(ROOT, 'reports', 'test');
    if (!plan.filters && existsSync(reports)) {
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
  console.log(`test:matrix: ${plan.lines.length - failed} of ${plan.lines.length} Node lines passed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`test:matrix: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  },
);
