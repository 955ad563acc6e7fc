// Step 4: the reference docs, generated/docs/index.html, from openapi.json (scripts/docs/).
import path from 'node:path';
import { buildDocs } from '../docs/build-docs.js';

export async function docs(outDir: string): Promise<void> {
  await buildDocs(path.join(outDir, 'openapi.json'), path.join(outDir, 'docs', 'index.html'));
}
