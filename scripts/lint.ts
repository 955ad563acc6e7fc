// npm run lint: Redocly (recommended-strict + our assertions) on the source and on a fresh bundle,
// every vendor extension of the bundle against its JSON Schema (lib/contract/extensions.ts), then
// Spectral (spectral:oas + OWASP + house rules) on the bundle, then Biome on the TypeScript
// (formatting and lint, biome.jsonc). Zero errors and zero warnings.
// Spectral lints the bundle because its 3.1 schema check misreads path items that are external
// $refs in the multi-file source; the bundle is the document every consumer reads.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { checkExtensions, EXTENSIONS } from '../lib/contract/index.js';
import { flowFiles } from '../qa/conformance/arazzo.js';
import { BIN, MOCK_CONTROL_ROOT, OPENAPI_ROOT, ROOT } from './lib/project.js';
import { run } from '../lib/run.js';

async function redoclyLint(target: string | string[]): Promise<void> {
  const output = await run(BIN('redocly'), ['lint', ...[target].flat()], { cwd: ROOT });
  // redocly exits 0 on warnings; our bar is zero warnings too.
  if (/You have \d+ warnings?/.test(output)) {
    throw new Error(`redocly lint ${target}: warnings found`);
  }
}

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'lint-bundle-'));
  try {
    console.log('lint: redocly on openapi/ (source)');
    await redoclyLint(path.relative(ROOT, OPENAPI_ROOT));
    const bundled = path.join(tmp, 'openapi.yaml');
    await run(BIN('redocly'), ['bundle', path.relative(ROOT, OPENAPI_ROOT), '--output', bundled], { cwd: ROOT, quiet: true });
    console.log('lint: redocly on the bundle');
    await redoclyLint(bundled);
    console.log(`lint: vendor extensions against their schemas (${Object.keys(EXTENSIONS).length} known, openapi/extensions/)`);
    const problems = checkExtensions(YAML.parse(await readFile(bundled, 'utf8')));
    if (problems.length) {
      for (const p of problems) console.error(`  ${p.pointer}: ${p.message}`);
      throw new Error(`${problems.length} vendor extension problem(s)`);
    }
    console.log('lint: spectral on the bundle (spectral:oas, OWASP, house rules)');
    await run(BIN('spectral'), ['lint', '--ruleset', path.join(ROOT, '.spectral.yaml'), '--fail-severity', 'hint', bundled], { cwd: ROOT });
    // The mock's control API is its own single-file document (redocly.yaml: mock-control@v1).
    console.log('lint: redocly on openapi/mock-control/ (the mock control API)');
    await redoclyLint(path.relative(ROOT, MOCK_CONTROL_ROOT));
    // The lifecycle flows (Arazzo 1.0.1, read by qa/conformance/arazzo.ts and by `redocly respect`);
    // their vendor extensions are checked by that loader (tests/qa/conformance-arazzo.test.ts).
    const flows = flowFiles().map((f) => path.relative(ROOT, f));
    console.log(`lint: redocly on the Arazzo flows (${flows.length} files in openapi/flows/)`);
    await redoclyLint(flows);
    console.log('lint: biome on the TypeScript (formatting and lint; `npx biome check --write .` fixes most)');
    await run(BIN('biome'), ['ci', '--colors=off', '--error-on-warnings', '.'], { cwd: ROOT });
    console.log('lint: zero errors, zero warnings');
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`lint failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
