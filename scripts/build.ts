// npm run build: every generated file, from openapi/ alone, and the hash of its inputs
// (generated/build-inputs.json, read by `npm run check:fresh`). `--out DIR` writes elsewhere (the
// freshness check builds into a temporary folder and compares).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_DIR } from './lib/project.js';
import { extensionTypes } from './build-steps/extension-types.js';
import { bundle } from './build-steps/bundle.js';
import { types } from './build-steps/types.js';
import { contractMeta } from './build-steps/contract-meta.js';
import { docs } from './build-steps/docs.js';
import { llms } from './build-steps/llms.js';
import { client } from './build-steps/client.js';
import { mockControl } from './build-steps/mock-control.js';
import { changelog } from './build-steps/changelog.js';
import { readBuildInputs, recordBuildInputs } from './build-steps/build-inputs.js';

// Steps run in order; each reads what the previous ones wrote into outDir.
const STEPS: Array<[string, (outDir: string) => Promise<void>]> = [
  ['extension types -> extensions.ts', extensionTypes],
  ['bundle openapi/ -> openapi.yaml, openapi.json', bundle],
  ['types -> schema.d.ts', types],
  ['contract facts -> contract.ts', contractMeta],
  ['reference docs -> docs/index.html', docs],
  ['docs for assistants -> docs/llms.txt, docs/llms-full.txt, docs/md/*.md', llms],
  ['mock control API -> mock-control.json, mock-control.d.ts, docs/mock-control.html', mockControl],
  ['client -> client/*.js + .d.ts', client],
  ['change log -> client/CHANGELOG.md', changelog],
];

async function main() {
  const outFlag = process.argv.indexOf('--out');
  const outDir = outFlag > -1 ? path.resolve(process.argv[outFlag + 1]) : GENERATED_DIR;
  await mkdir(outDir, { recursive: true });
  // What the build reads, hashed before it reads it; recorded last, beside the outputs.
  const inputs = readBuildInputs();
  const steps: typeof STEPS = [...STEPS, ['inputs hash -> build-inputs.json', (dir) => recordBuildInputs(dir, inputs)]];
  for (const [label, step] of steps) {
    const started = Date.now();
    await step(outDir);
    console.log(`build: ${label} (${Date.now() - started} ms)`);
  }
  console.log(`build: wrote ${path.relative(process.cwd(), outDir) || '.'}`);
}

main().catch((error) => {
  console.error(`build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
