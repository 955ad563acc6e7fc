// Step 1: bundle the multi-file source into one document with internal refs only.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { BIN, OPENAPI_ROOT, ROOT } from '../lib/project.js';
import { run } from '../../lib/run.js';

export async function bundle(outDir: string): Promise<void> {
  const yamlPath = path.join(outDir, 'openapi.yaml');
  await run(BIN('redocly'), ['bundle', path.relative(ROOT, OPENAPI_ROOT), '--output', yamlPath], { cwd: ROOT, quiet: true });
  const doc = YAML.parse(await readFile(yamlPath, 'utf8'));
  await writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
}
