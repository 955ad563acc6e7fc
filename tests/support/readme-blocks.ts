// The code blocks of a Markdown file (a packed README, docs/conformance.md) that a test writes into a
// consumer project (tests/support/consumer.ts) and runs: ```ts file=src/x.ts project=browser names
// where a block goes; a block without a file says on its first line that it is only an illustration.
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/** The TypeScripts a consumer's blocks are built with: 5.9 and 7 (the consumer installs both). */
export const TYPESCRIPTS: [label: string, pkg: string][] = [
  ['TypeScript 5.9', 'typescript'],
  ['TypeScript 7', 'typescript7'],
];

/**
 * One tsconfig.json for a project of blocks: the compiler options of create-vite's React + TypeScript
 * template (its tsconfig.app.json), with Node's types beside Vite's for the test and config files.
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

/** Changes a tsconfig file of the template (JSON with block comments, which are dropped). */
function editTsconfig(
  project: string,
  file: string,
  edit: (config: { compilerOptions: Record<string, unknown>; include: string[] }) => void,
) {
  const config = JSON.parse(readFileSync(path.join(project, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''));
  edit(config);
  writeFileSync(path.join(project, file), JSON.stringify(config, null, 2));
}

/** The mock README's block that starts the mock in a page's entry (`src/main.tsx`), its code without its first line. */
function startOfMain(blocks: Block[]): string {
  const start = blocks.find((b) => b.lang === 'tsx' && /the start of src\/main\.tsx/.test(b.code.split('\n')[0]));
  if (!start) throw new Error('the mock README has no block for the start of src/main.tsx');
  return start.code.split('\n').slice(1).join('\n');
}

/**
 * The app's entry as the mock's README says to start it: the README's block (the mock in the page,
 * src/mocks/browser.ts with its panel, imported in development only) before the first render, and
 * the client README's components beside the template's App.
 */
const mainTsx = (blocks: Block[]) => `import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import App from './App.tsx'
import { CreditHistory } from './CreditHistory.tsx'
import { VideoStatus } from './VideoStatus.tsx'

${startOfMain(blocks)}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
    <VideoStatus id={1} />
    <CreditHistory />
  </StrictMode>,
)
`;

/**
 * A new app as \`npm create vite@latest -- --template react-ts\` lays it out (the create-vite package's
 * own template files, from the consumer's install) with every \`file=\` block of \`blocks\` added: the
 * browser code under src/ and .storybook/ checked by tsconfig.app.json, the Node side (configs,
 * e2e/, scripts/) by tsconfig.node.json, as a team adds them. Options TypeScript 7 has on by default
 * (strict, DOM's iterables, checked side-effect imports) are spelled out, so 5.9 checks the same.
 */
export function layOutCreateViteApp(project: string, blocks: Block[]): void {
  cpSync(path.join(project, 'node_modules', 'create-vite', 'template-react-ts'), project, { recursive: true });
  renameSync(path.join(project, '_gitignore'), path.join(project, '.gitignore'));
  const sameOnBoth = { strict: true, noUncheckedSideEffectImports: true };
  editTsconfig(project, 'tsconfig.app.json', (config) => {
    Object.assign(config.compilerOptions, sameOnBoth, { lib: [...(config.compilerOptions.lib as string[]), 'DOM.Iterable'] });
    config.include = [...config.include, '.storybook'];
  });
  editTsconfig(project, 'tsconfig.node.json', (config) => {
    Object.assign(config.compilerOptions, sameOnBoth);
    config.include = [...config.include, 'vitest.config.ts', 'playwright.config.ts', 'e2e', 'scripts'];
  });
  writeBlocks(
    project,
    blocks.filter((b) => b.file && /\.(ts|tsx)$/.test(b.file)),
  );
  writeFileSync(path.join(project, 'src', 'main.tsx'), mainTsx(blocks));
}
