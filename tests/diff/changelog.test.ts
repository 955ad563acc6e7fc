// The change log readers get: per version, breaking entries first, each with the operations it
// touches; the docs and the client's CHANGELOG.md are generated from it; the mock's README and the
// conformance docs name the contract version they implement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_JSON, ContractModel } from '../../lib/contract/index.js';
import { changelogMarkdown, versionedChangelog } from '../../scripts/diff/changelog.js';
import { sampleContext } from '../../scripts/docs/code-samples.js';
import { decorate } from '../../scripts/docs/decorate.js';
import { newEntries } from '../../scripts/diff/diff.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const original = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
const model = ContractModel.of(structuredClone(original));

describe('the change log per version', () => {
  it('files unreleased entries under info.version, breaking first, with the operations each touches', () => {
    const head = structuredClone(original);
    const charging = model.operations().find((o) => o.operation['x-credits']?.cost !== undefined);
    const free = model.operations().find((o) => !o.operation['x-credits']?.charges);
    if (!charging || !free) throw new Error('the contract has no charging operation with a cost, or no free one');
    head.paths[charging.path][charging.method]['x-credits'].cost += 1;
    head.paths[free.path][free.method].description = `${free.operation.description ?? ''} More words.`;
    head.paths[free.path][free.method]['x-credits'].note = 'An injected note.';
    head.info.version = '3.0.0';
    head.info['x-changelog'].unshift(
      { date: '2099-01-02', changes: ['A clarified note.'] },
      { date: '2099-01-01', changes: ['A higher price.'], breaking: true, pointers: [charging.pointer] },
    );
    const [unreleased] = versionedChangelog(head);
    expect(unreleased).toMatchObject({ version: '3.0.0', released: false });
    expect(unreleased.entries.find((e) => e.entry.breaking)?.operations).toEqual([charging.label]);
    const md = changelogMarkdown(head, '##');
    const section = md.split('## 3.0.0 (unreleased)\n')[1]?.split('\n## ')[0] ?? '';
    expect(section.indexOf('A higher price.')).toBeGreaterThan(-1);
    expect(section.indexOf('A higher price.')).toBeLessThan(section.indexOf('A clarified note.'));
    expect(section).toContain(`(breaking; operations: \`${charging.label}\`)`);
  });

  it('lists every release in releases/, each with the entries it added, and an unreleased section exactly when the contract has new entries', () => {
    const md = changelogMarkdown(original, '##');
    for (const version of releases()) expect(md).toContain(`## ${version}\n`);
    for (const entry of model.changelog()) expect(md).toContain(`**${entry.date}**`);
    const latest = ContractModel.of(readRelease(releases().at(-1)!));
    const fresh = newEntries(latest, model);
    expect(md.includes(`## ${model.doc.info.version} (unreleased)`)).toBe(fresh.length > 0);
    for (const entry of fresh) for (const change of entry.changes) expect(md.split('\n## ')[0]).toContain(change);
  });

  it('is in the client package (generated/client/CHANGELOG.md) and the docs, as generated', async () => {
    const written = readFileSync(path.join(ROOT, 'generated', 'client', 'CHANGELOG.md'), 'utf8');
    expect(written).toContain(changelogMarkdown(original, '##'));
    const docs = await decorate(structuredClone(original), sampleContext(original, 'video-api-v2-contract'));
    const section = (docs.info.description ?? '').split('## Change log\n')[1] ?? '';
    expect(section.trim().startsWith(changelogMarkdown(original, '###'))).toBe(true);
  });
});

describe('the contract version the docs name', () => {
  it.each(['mock/README.md', 'docs/conformance.md'])('%s names info.version', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const named = text.match(/contract version \*\*([^*]+)\*\*/)?.[1];
    expect(named).toBe(model.doc.info.version);
  });
});
