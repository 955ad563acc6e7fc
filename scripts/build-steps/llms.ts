// Step 5: the docs an AI assistant reads, from openapi.json (scripts/docs/llms.ts):
// docs/llms.txt, docs/llms-full.txt and docs/md/<page>.md. md/ is written afresh, so a page of a
// removed operation does not linger.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { llmsDocs } from '../docs/llms.js';

export async function llms(outDir: string): Promise<void> {
  const doc = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const out = llmsDocs(doc);
  const docsDir = path.join(outDir, 'docs');
  const mdDir = path.join(docsDir, 'md');
  await rm(mdDir, { recursive: true, force: true });
  await mkdir(mdDir, { recursive: true });
  for (const page of [...out.topics, ...out.operations]) await writeFile(path.join(mdDir, page.file), page.markdown);
  await writeFile(path.join(docsDir, 'llms.txt'), out.llmsTxt);
  await writeFile(path.join(docsDir, 'llms-full.txt'), out.llmsFullTxt);
}
