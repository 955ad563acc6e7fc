// A consumer project outside the repository, for the frontend tests (tests/support/consumer.ts is the
// docs and MCP tests' one): `npm run pack` writes the tarballs, an empty temporary folder installs them
// with what a frontend project has, and the code blocks of the packed READMEs are written into it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const exec = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const devDeps = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies as Record<string, string>;

/** Packs the three packages; returns the tarballs by short name. */
export async function pack(): Promise<Record<'client' | 'mock' | 'qa', string>> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/pack/main.ts')], {
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  const packed = [...stdout.matchAll(/^pack: (\S+)$/gm)].map((m) => path.join(ROOT, m[1]));
  const find = (name: string) => packed.find((file) => path.basename(file).startsWith(`${name}-`))!;
  return { client: find('video-api-v2-client'), mock: find('video-api-v2-mock'), qa: find('video-api-v2-qa') };
}

/** An empty project (type: module) in a temporary folder, with `packages` installed from the npm cache first. */
export async function consumerProject(prefix: string, packages: string[]): Promise<string> {
  const project = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  await exec(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], {
    cwd: project,
    maxBuffer: 1 << 24,
  });
  return project;
}

export interface Block {
  readme: string;
  line: number;
  lang: string;
  file?: string;
  project?: string;
  code: string;
}

const CHECKED = new Set(['ts', 'tsx', 'typescript', 'js', 'mjs', 'sh', 'bash', 'json', 'yaml', 'yml']);

/** The code blocks of a Markdown file whose language is code or config (```ts file=src/x.ts project=browser). */
export function codeBlocks(markdown: string, readme: string): Block[] {
  const blocks: Block[] = [];
  for (const m of markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    if (!CHECKED.has(m[1])) continue;
    const attr = (name: string) => new RegExp(`\\b${name}=(\\S+)`).exec(m[2])?.[1];
    const line = markdown.slice(0, m.index).split('\n').length;
    blocks.push({ readme, line, lang: m[1], file: attr('file'), project: attr('project'), code: m[3] });
  }
  return blocks;
}

/** Blocks that neither name a file nor say on their first line that they are only an illustration. */
export function unmarked(blocks: Block[]): string[] {
  return blocks
    .filter((b) => !b.file && !/^\s*(\/\/|#).*\billustrative\b/i.test(b.code.split('\n')[0]))
    .map((b) => `${b.readme}:${b.line} (${b.lang})`);
}

/** Writes the blocks into the project; returns the paths written. */
export function writeBlocks(project: string, blocks: Block[]): string[] {
  return blocks.map((block) => {
    const target = path.join(project, block.file!);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, block.code);
    return block.file!;
  });
}

/** The README of an installed package, and its blocks. */
export function installedReadme(project: string, pkg: string): Block[] {
  const readme = path.join('node_modules', pkg, 'README.md');
  return codeBlocks(readFileSync(path.join(project, readme), 'utf8'), `${pkg}/README.md`);
}
