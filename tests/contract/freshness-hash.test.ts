// The committed tree is what is checked: in a clone of this repository's HEAD (its own git folder,
// node_modules linked), the pre-commit hook that `npm ci` installs (the `prepare` script) refuses a
// commit that changes the contract without a rebuild, `npm run check:fresh` says so in seconds, and
// after `npm run build` the same commit goes through. Each test makes its own clone.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/project.js';
import { testTempDir } from '../support/temp-dirs.js';

const CONTRACT_FILE = 'openapi/paths/me.yaml';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The environment of every command: git's identity for the clone's commits, and no hook skipped. */
function env(): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, GIT_AUTHOR_NAME: 'test', GIT_AUTHOR_EMAIL: 'test@example.com' };
  Object.assign(out, { GIT_COMMITTER_NAME: 'test', GIT_COMMITTER_EMAIL: 'test@example.com' });
  const unset = ['SKIP_SIMPLE_GIT_HOOKS', 'SKIP_INSTALL_SIMPLE_GIT_HOOKS', 'GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE'];
  for (const name of unset) delete out[name];
  return out;
}

function sh(cwd: string, command: string, args: string[]) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, env: env(), encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, ms: Date.now() - started };
}

/** A clone of HEAD with node_modules linked and the hooks installed as `npm ci` installs them. */
function clone(): string {
  const repo = path.join(testTempDir('fresh-hash-'), 'repo');
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--local', '--no-hardlinks', '--no-checkout', ROOT, repo], { env: env() });
  execFileSync('git', ['checkout', '--quiet', head], { cwd: repo, env: env() });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
  const prepare = sh(repo, npm, ['run', '--silent', 'prepare']);
  if (prepare.status !== 0) throw new Error(`npm run prepare failed:\n${prepare.output}`);
  return repo;
}

function commitContractChange(repo: string) {
  appendFileSync(path.join(repo, CONTRACT_FILE), '# changed without a rebuild\n');
  execFileSync('git', ['add', CONTRACT_FILE], { cwd: repo, env: env() });
  return sh(repo, 'git', ['commit', '--quiet', '-m', 'contract changed']);
}

const status = (repo: string) => execFileSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' });
const head = (repo: string) => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();

describe('the committed tree is what is checked (generated/build-inputs.json, check:fresh, the pre-commit hook)', () => {
  it('prepare installs the pre-commit hook and leaves git status clean; the hook refuses a contract change without a rebuild, naming it', () => {
    const repo = clone();
    const installed = [existsSync(path.join(repo, '.git/hooks/pre-commit')), status(repo)];
    const before = head(repo);
    const commit = commitContractChange(repo);
    expect({ installed, status: commit.status, sameHead: head(repo) === before }).toEqual({
      installed: [true, ''],
      status: 1,
      sameHead: true,
    });
    expect(commit.output).toContain('generated/ is stale');
    expect(commit.output).toMatch(/^\s+openapi$/m);
    expect(commit.output).toContain('npm run build');
  });

  it('check:fresh passes on the clean clone and fails, in seconds, on the changed work tree (and its index)', () => {
    const repo = clone();
    const clean = [sh(repo, npm, ['run', '--silent', 'check:fresh']), sh(repo, npm, ['run', '--silent', 'check:fresh', '--', '--staged'])];
    appendFileSync(path.join(repo, CONTRACT_FILE), '# changed without a rebuild\n');
    const workTree = sh(repo, npm, ['run', '--silent', 'check:fresh']);
    const stillStagedClean = sh(repo, npm, ['run', '--silent', 'check:fresh', '--', '--staged']);
    execFileSync('git', ['add', CONTRACT_FILE], { cwd: repo });
    const staged = sh(repo, npm, ['run', '--silent', 'check:fresh', '--', '--staged']);
    expect([...clean, workTree, stillStagedClean, staged].map((run) => run.status)).toEqual([0, 0, 1, 0, 1]);
    for (const run of [workTree, staged]) {
      expect(run.output).toMatch(/^\s+openapi$/m);
      expect(run.output).toContain('Run `npm run build`');
      expect(run.ms).toBeLessThan(10_000);
    }
  });

  // The one test that builds (the client's compile is most of it): about 30 s on an idle machine.
  it('after npm run build the same commit goes through the hook, and the clone is fresh', { timeout: 120_000 }, () => {
    const repo = clone();
    expect(commitContractChange(repo).status).toBe(1);
    const build = sh(repo, npm, ['run', '--silent', 'build']);
    expect(build.status, build.output).toBe(0);
    execFileSync('git', ['add', '--all'], { cwd: repo });
    const before = head(repo);
    const commit = sh(repo, 'git', ['commit', '--quiet', '-m', 'contract changed, rebuilt']);
    const changed = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], { cwd: repo, encoding: 'utf8' }).split('\n');
    expect({ status: commit.status, moved: head(repo) !== before, clean: status(repo) }).toEqual({ status: 0, moved: true, clean: '' });
    expect(changed).toEqual(expect.arrayContaining([CONTRACT_FILE, 'generated/build-inputs.json']));
    expect(sh(repo, npm, ['run', '--silent', 'check:fresh']).status).toBe(0);
  });
});
