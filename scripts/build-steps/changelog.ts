// The client package's CHANGELOG.md: the contract's change log per version, written from the
// x-changelog entries and the diff between releases (scripts/diff/changelog.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { changelogMarkdown } from '../diff/changelog.js';

export async function changelog(outDir: string): Promise<void> {
  const doc = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const text = [
    '# Changelog',
    '',
    `The Video Generation API contract this client is typed from (now ${doc.info.version}), per version, newest first;`,
    'breaking changes first in each. Generated from the contract (`npm run build`); do not edit.',
    '',
    changelogMarkdown(doc, '##'),
    '',
  ].join('\n');
  await writeFile(path.join(outDir, 'client', 'CHANGELOG.md'), text);
}
