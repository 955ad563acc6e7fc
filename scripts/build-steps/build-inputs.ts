// Step (the last): generated/build-inputs.json, the hash of what the build read
// (scripts/lib/build-inputs.ts). Read before the first step runs, so an input edited during the
// build leaves the record naming the older content, and the next check calls the tree stale.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BuildInputs, BUILD_INPUTS_FILE, recordText, workTreeInputs } from '../lib/build-inputs.js';
import { ROOT } from '../lib/project.js';

export function readBuildInputs(): BuildInputs {
  return workTreeInputs(ROOT);
}

export async function recordBuildInputs(outDir: string, inputs: BuildInputs): Promise<void> {
  await writeFile(path.join(outDir, path.basename(BUILD_INPUTS_FILE)), recordText(inputs));
}
