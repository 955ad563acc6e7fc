// npm run docs: the reference docs from openapi/ as it is now -> generated/docs/index.html
// (`--out DIR` writes DIR/docs/index.html). Bundles into a temporary folder first, so the docs never
// lag the source; `npm run build` runs the same step after its own bundle.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bundle } from './build-steps/bundle.js';
import { buildDocs } from './docs/build-docs.js';
import { GENERATED_DIR } from './lib/project.js';

async function main() {
  const outFlag = process.argv.indexOf('--out');
  const outDir = outFlag > -1 ? path.resolve(process.argv[outFlag + 1]) : GENERATED_DIR;
  const started = Date.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'docs-bundle-'));
  try {
    await bundle(tmp);
    const { outFile, bytes } = await buildDocs(path.join(tmp, 'openapi.json'), path.join(outDir, 'docs', 'index.html'));
    console.log(`docs: wrote ${path.relative(process.cwd(), outFile)} (${Math.round(bytes / 1024)} KiB, ${Date.now() - started} ms)`);
    console.log(`docs: open file://${outFile}`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`docs failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
