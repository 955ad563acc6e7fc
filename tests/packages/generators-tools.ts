// The four client generators tests/packages/generators.test.ts runs over the contract, each pinned
// and installed once into a folder of its own under .cache/generators/ (ignored by git): the two
// TypeScript ones from npm, openapi-python-client into a venv from PyPI, openapi-generator's CLI jar
// from Maven Central (through mvn, so only where Java and Maven are). An install is made only when
// its folder lacks the pinned version; one that cannot be made (no network, no Java) is a reason
// to skip that generator, never a failure. GENERATORS_OFFLINE=1 installs nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { devDeps, exec, ROOT } from '../support/consumer.js';

export const GENERATORS_DIR = path.join(ROOT, '.cache', 'generators');
const PYTHON_REQUIREMENTS = path.join(ROOT, 'tests', 'fixtures', 'python-client-requirements.txt');

export interface Generator {
  name: string;
  /** What is installed (the version pin), written to the folder's stamp once installed. */
  pin: string;
  language: 'typescript' | 'python';
  install(dir: string): Promise<void>;
  /** Writes a client for the bundle at `spec` into `out`. */
  generate(dir: string, spec: string, out: string): Promise<void>;
  /** The generated files that declare the request and response models, relative to `out`. */
  modelFiles: string[];
}

const QUIET_NPM = ['--no-audit', '--no-fund', '--save-exact', '--fetch-retries=0', '--fetch-timeout=30000'];
const BIG = { maxBuffer: 1 << 26 };

/** Installs `specs` (pinned) into a private package in `dir`. */
export async function npmInstall(dir: string, specs: string[]): Promise<void> {
  writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  const npm = path.join(path.dirname(process.execPath), 'npm');
  await exec(existsSync(npm) ? npm : 'npm', ['install', ...QUIET_NPM, ...specs], { cwd: dir, ...BIG });
}

const bin = (dir: string, name: string) => path.join(dir, 'node_modules', '.bin', name);
const venvBin = (dir: string, name: string) => path.join(dir, 'bin', name);
const JAR = 'openapi-generator-cli-7.25.0.jar';

export const GENERATORS: Generator[] = [
  {
    name: 'hey-api',
    // TypeScript is its peer dependency (it prints with it): the repository's version.
    pin: `@hey-api/openapi-ts@0.99.0 typescript@${devDeps.typescript}`,
    language: 'typescript',
    install: (dir) => npmInstall(dir, ['@hey-api/openapi-ts@0.99.0', `typescript@${devDeps.typescript}`]),
    generate: async (dir, spec, out) => {
      await exec(bin(dir, 'openapi-ts'), ['--input', spec, '--output', out], BIG);
    },
    modelFiles: ['types.gen.ts'],
  },
  {
    name: 'orval',
    pin: 'orval@8.38.0',
    language: 'typescript',
    install: (dir) => npmInstall(dir, ['orval@8.38.0']),
    // The fetch client: the default (axios) would need axios installed to type-check.
    generate: async (dir, spec, out) => {
      await exec(bin(dir, 'orval'), ['--input', spec, '--output', path.join(out, 'api.ts'), '--client', 'fetch'], BIG);
    },
    modelFiles: ['api.ts'],
  },
  {
    name: 'openapi-python-client',
    // The whole requirements file is the pin: any change to it installs the venv again.
    pin: `openapi-python-client (requirements ${createHash('sha256').update(readFileSync(PYTHON_REQUIREMENTS)).digest('hex').slice(0, 16)})`,
    language: 'python',
    install: async (dir) => {
      await exec(process.env.CONFORMANCE_PYTHON ?? 'python3', ['-m', 'venv', dir]);
      const pip = ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--retries', '0', '--timeout', '30'];
      await exec(venvBin(dir, 'python'), [...pip, '-r', PYTHON_REQUIREMENTS], BIG);
    },
    generate: async (dir, spec, out) => {
      // Its formatting step runs ruff, which the venv holds.
      const env = { ...process.env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${process.env.PATH}` };
      const args = ['generate', '--path', spec, '--output-path', path.join(out, 'video_api_client'), '--meta', 'none'];
      await exec(venvBin(dir, 'openapi-python-client'), args, { env, ...BIG });
    },
    modelFiles: ['video_api_client/models'],
  },
  {
    name: 'openapi-generator',
    pin: `org.openapitools:openapi-generator-cli:7.25.0 (typescript-fetch)`,
    language: 'typescript',
    install: async (dir) => {
      await exec('java', ['-version']);
      const artifact = '-Dartifact=org.openapitools:openapi-generator-cli:7.25.0';
      await exec('mvn', ['-q', '-B', 'dependency:copy', artifact, `-DoutputDirectory=${dir}`], BIG);
    },
    // Its parser refuses a link's requestBody that is not a string, which OpenAPI allows (any
    // value or a runtime expression): the check is skipped, the generation is not.
    generate: async (dir, spec, out) => {
      const args = ['-jar', path.join(dir, JAR), 'generate', '-g', 'typescript-fetch', '--skip-validate-spec', '-i', spec, '-o', out];
      await exec('java', args, BIG);
    },
    modelFiles: ['models', 'apis'],
  },
];

/** The tool's folder, installed if it lacks its pin; or the reason it cannot be used here. */
export async function ensureInstalled(generator: Pick<Generator, 'name' | 'pin' | 'install'>): Promise<{ dir: string } | { skip: string }> {
  const dir = path.join(GENERATORS_DIR, generator.name);
  const stamp = path.join(dir, '.installed');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === generator.pin) return { dir };
  if (process.env.GENERATORS_OFFLINE === '1')
    return { skip: `${generator.pin} is not installed in ${dir} and GENERATORS_OFFLINE=1 forbids installing it` };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    await generator.install(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const detail = String((error as { stderr?: string }).stderr || (error as Error).message)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    return { skip: `${generator.pin} could not be installed here (no network, or no Java and Maven?): ${detail}` };
  }
  writeFileSync(stamp, `${generator.pin}\n`);
  return { dir };
}
