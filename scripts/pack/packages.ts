// The three packages `npm run pack` writes into dist/: what each contains and declares. Entry
// points are compiled by esbuild (scripts/pack/bundle.ts); files the code reads at run time are
// copied to the same paths they have in this repository, so the code finds them the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/project.js';

const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const pinned = (name: string): string => {
  const version = root.dependencies?.[name] ?? root.devDependencies?.[name];
  if (!version) throw new Error(`${name} is not a dependency of the repository`);
  return version;
};

export interface BundledPackage {
  name: string;
  description: string;
  /** dist/<name>.js ← source, for Node (ESM). */
  node: Record<string, string>;
  /** dist/<name>.js ← source, for browsers (no Node built-ins; the files it reads are inlined). */
  browser?: Record<string, string>;
  /** The files the browser build reads, inlined (repository paths; JSON without its prose). */
  browserInline?: string[];
  /** Files and folders copied as they are (repository paths). */
  files: string[];
  /** The package page. */
  readme: string;
  /** Modules left to the consumer's node_modules: dependencies and peers. */
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  bin?: Record<string, string>;
  /** package.json "exports". */
  exports: Record<string, unknown>;
  /** Source entries whose declarations are emitted into types/ (tsc). */
  types?: string[];
}

/** The contract and the control API's document, which every engine reads. */
const CONTRACT_FILES = ['generated/openapi.json', 'generated/mock-control.json', 'openapi/extensions/', 'mock/control/console.html'];

export const MOCK: BundledPackage = {
  name: 'video-api-v2-mock',
  description: 'Stateful mock of the Video Generation API v2: a command, a Node API, and MSW handlers for tests and the browser.',
  // video-api-mcp (mcp/): the MCP server for assistants, over the same contract and the same mock.
  node: { index: 'mock/index.ts', msw: 'mock/msw.ts', 'video-api-mock': 'mock/bin.ts', 'video-api-mcp': 'mcp/bin.ts' },
  browser: { 'msw.browser': 'mock/msw.ts' },
  // The contract and the control API's document. Not the console page (a chunk of its own, loaded
  // when opened), nor the reference docs (served in Node only).
  browserInline: ['generated/openapi.json', 'generated/mock-control.json', 'openapi/extensions/'],
  files: [...CONTRACT_FILES, 'mock/docs/try-it.css', 'mock/docs/try-it.js', 'generated/docs/'],
  readme: 'mock/README.md',
  dependencies: { 'openapi-fetch': pinned('openapi-fetch') },
  peerDependencies: { msw: '^2.15.0 || ^3.0.0' },
  bin: { 'video-api-mock': './dist/video-api-mock.js', 'video-api-mcp': './dist/video-api-mcp.js' },
  exports: {
    '.': { types: './types/mock/index.d.ts', import: './dist/index.js', default: './dist/index.js' },
    './msw': { types: './types/mock/msw.d.ts', browser: './dist/msw.browser.js', import: './dist/msw.js', default: './dist/msw.js' },
    './package.json': './package.json',
  },
  types: ['mock/index.ts', 'mock/msw.ts'],
};

export const QA: BundledPackage = {
  name: 'video-api-v2-qa',
  description: 'QA tools for the Video Generation API v2: Schemathesis conformance with lifecycle flows, and a validating proxy.',
  // The conformance runner starts its own local mock when no CONFORMANCE_BASE_URL is given.
  node: { 'video-api-proxy': 'qa/proxy/bin.ts', 'video-api-conformance': 'qa/conformance/bin.ts', 'video-api-mock': 'mock/bin.ts' },
  files: [
    ...CONTRACT_FILES,
    'generated/openapi.yaml',
    'openapi/flows/',
    'schemathesis.toml',
    'qa/conformance/requirements.txt',
    'qa/conformance/hooks.py',
  ],
  readme: 'docs/conformance.md',
  dependencies: {},
  bin: { 'video-api-proxy': './dist/video-api-proxy.js', 'video-api-conformance': './dist/video-api-conformance.js' },
  exports: { './package.json': './package.json' },
};

export const VERSION: string = root.version;
