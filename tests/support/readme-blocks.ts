// The code blocks of a Markdown file (a packed README, docs/conformance.md) that a test writes into a
// consumer project (tests/support/consumer.ts) and runs: ```ts file=src/x.ts project=browser names
// where a block goes; a block without a file says on its first line that it is only an illustration.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

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

/** The TypeScripts a consumer's blocks are checked with: 5.9 and 7 (the consumer installs both). */
export const TYPESCRIPTS: [label: string, pkg: string][] = [
  ['TypeScript 5.9', 'typescript'],
  ['TypeScript 7', 'typescript7'],
];

/**
 * The compiler options of create-vite's React + TypeScript template (its tsconfig.app.json), with
 * Node's types beside Vite's for the test and config files: what a new app checks its code with.
 */
export function writeCreateViteTsconfig(project: string): void {
  const compilerOptions = {
    target: 'ES2022',
    useDefineForClassFields: true,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    types: ['vite/client', 'node'],
    skipLibCheck: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    jsx: 'react-jsx',
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
  };
  const config = { compilerOptions, include: ['**/*.ts', '**/*.tsx'], exclude: ['node_modules', 'storybook-static', 'dist'] };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify(config, null, 2));
}

/** What `tsc -p .` of one of the consumer's TypeScripts prints in `project` ('' when it type-checks). */
export async function typeCheck(project: string, pkg: string): Promise<string> {
  const tsc = path.join(project, 'node_modules', pkg, 'bin', 'tsc');
  const result = await execFileAsync(process.execPath, [tsc, '-p', '.'], { cwd: project, maxBuffer: 1 << 24 }).catch((e) => e);
  return `${result.stdout ?? ''}${result.stderr ?? ''}`;
}
