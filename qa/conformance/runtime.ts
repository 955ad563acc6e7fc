// Where Schemathesis runs: the official Docker image (pinned to the version in requirements.txt)
// when `docker info` succeeds, else the project-local venv. Both get exactly the same arguments;
// the container shares the host network (to reach the local mock or throttle on 127.0.0.1) and
// sees the repository and the report directory at the same absolute paths.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from '../paths.js';
import { ensureVenv, REQUIREMENTS } from './venv.js';

export interface Runtime {
  kind: 'docker' | 'venv';
  command: string;
  /** Arguments placed before Schemathesis's own. */
  prefix: string[];
}

export function pinnedVersion(): string {
  const match = /^schemathesis==(\S+)/m.exec(readFileSync(REQUIREMENTS, 'utf8'));
  if (!match) throw new Error(`${REQUIREMENTS} does not pin schemathesis==<version>`);
  return match[1];
}

export const dockerImage = () => `schemathesis/schemathesis:v${pinnedVersion()}`;

export function dockerAnswers(): boolean {
  const probe = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 });
  return probe.status === 0;
}

/** The pinned image is present, or can be pulled now (a machine may run Docker without reaching its registry). */
function imageAvailable(log: (line: string) => void): boolean {
  const image = dockerImage();
  if (spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore', timeout: 30_000 }).status === 0) return true;
  log(`pulling ${image}`);
  const pulled = spawnSync('docker', ['pull', '--quiet', image], { stdio: 'ignore', timeout: 600_000 }).status === 0;
  if (!pulled) log(`could not pull ${image}: using the project-local venv instead`);
  return pulled;
}

export async function resolveRuntime(
  preferred: 'docker' | 'venv' | undefined,
  mounts: string[],
  env: string[],
  log: (line: string) => void,
): Promise<Runtime> {
  if (preferred === 'docker' || (preferred === undefined && dockerAnswers() && imageAvailable(log))) {
    const volumes = [...new Set([ROOT, ...mounts])].flatMap((dir) => ['-v', `${dir}:${dir}`]);
    const user = typeof process.getuid === 'function' ? ['--user', `${process.getuid()}:${process.getgid?.() ?? 0}`] : [];
    return {
      kind: 'docker',
      command: 'docker',
      prefix: ['run', '--rm', '--network', 'host', ...user, '-w', ROOT, ...volumes, ...env.flatMap((name) => ['-e', name]), dockerImage()],
    };
  }
  if (preferred === undefined) log('no Docker engine answers `docker info`: using the project-local venv');
  return { kind: 'venv', command: await ensureVenv(log), prefix: [] };
}
