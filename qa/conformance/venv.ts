// The project-local Python virtual environment (.venv/, gitignored) that holds the pinned
// Schemathesis when no Docker engine answers. Created on first use; re-installed when
// qa/conformance/requirements.txt changes. Nothing is installed outside .venv/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../paths.js';
import { run } from '../../lib/run.js';

export const VENV_DIR = path.join(ROOT, '.venv');
export const REQUIREMENTS = path.join(ROOT, 'qa', 'conformance', 'requirements.txt');
const STAMP = path.join(VENV_DIR, '.conformance-requirements.sha256');
// Outside the tree, so an interrupted install leaves nothing for git to see.
const LOCK = path.join(os.tmpdir(), `conformance-venv-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);

export const venvBin = (name: string) => path.join(VENV_DIR, 'bin', name);

function requirementsHash(): string {
  return createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex');
}

function isFresh(): boolean {
  return existsSync(venvBin('schemathesis')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === requirementsHash();
}

/** mkdir is atomic: the first caller builds the venv, concurrent callers wait for it. */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${LOCK} (remove it if no conformance run is installing)`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export async function ensureVenv(log: (line: string) => void): Promise<string> {
  if (isFresh()) return venvBin('schemathesis');
  return withLock(async () => {
    if (isFresh()) return venvBin('schemathesis');
    const python = process.env.CONFORMANCE_PYTHON ?? 'python3';
    log(`creating ${path.relative(ROOT, VENV_DIR)}/ with ${python} and installing ${path.relative(ROOT, REQUIREMENTS)} (first use only)`);
    if (!existsSync(venvBin('python'))) {
      // Say what the machine lacks, not just that a command failed.
      const probe = 'import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= (3, 10) else 3)';
      await run(python, ['-c', probe], { quiet: true }).catch(() => {
        throw new Error(
          `Schemathesis needs ${python} 3.10 or newer with the venv module (Debian: apt-get install python3-venv; another interpreter: CONFORMANCE_PYTHON=/path/to/python3)`,
        );
      });
      await run(python, ['-m', 'venv', VENV_DIR], { quiet: true });
    }
    await run(venvBin('python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', REQUIREMENTS], { quiet: true });
    writeFileSync(STAMP, `${requirementsHash()}\n`);
    const version = (await run(venvBin('schemathesis'), ['--version'], { quiet: true })).trim();
    log(`installed ${version}`);
    return venvBin('schemathesis');
  });
}
