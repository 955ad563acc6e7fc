// The change log per version, for readers: the x-changelog entries each release added (releases/),
// then the unreleased ones, breaking entries first, each with the operations it touches (from the
// diff). The reference docs' "Change log" section and the client package's CHANGELOG.md render it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContractModel } from '../../lib/contract/index.js';
import { type ChangelogEntry, componentPlaces, covers, diffContracts, newEntries } from './diff.js';
import { RELEASES_DIR, readRelease, releases } from './releases.js';
import { same, type Change } from './types.js';

export interface LoggedEntry {
  entry: ChangelogEntry;
  operations: string[];
}

export interface VersionLog {
  version: string;
  released: boolean;
  entries: LoggedEntry[];
}

/** The operations each entry touches: its pointers' changes; an entry without pointers gets what no
 *  pointer claims, when it is the only one without. */
function withOperations(entries: ChangelogEntry[], changes: Change[], doc: object): LoggedEntry[] {
  const behaviour = changes.filter((c) => c.class !== 'docs');
  const placesOf = (c: Change) => [
    c.pointer,
    ...(c.component ? [c.component] : []),
    ...(c.via ? [c.via] : []),
    ...componentPlaces(doc, c.pointer),
  ];
  const claimed = new Set<Change>();
  const logged = entries.map((entry) => {
    const mine = behaviour.filter((c) => (entry.pointers ?? []).some((p) => placesOf(c).some((x) => covers(p, x))));
    for (const c of mine) claimed.add(c);
    return { entry, operations: mine.flatMap((c) => c.operations) };
  });
  const plain = logged.filter((l) => !l.entry.pointers?.length);
  if (plain.length === 1) plain[0].operations = behaviour.filter((c) => !claimed.has(c)).flatMap((c) => c.operations);
  for (const l of logged) l.operations = [...new Set(l.operations)].sort();
  return logged;
}

function storedChanges(version: string): Change[] {
  const file = path.join(RELEASES_DIR, version, 'changes.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).changes as Change[]) : [];
}

/** Newest first: the unreleased entries of `current` (if any), then every release. */
export function versionedChangelog(current: object): VersionLog[] {
  const out: VersionLog[] = [];
  let previous: object | undefined;
  for (const version of releases()) {
    const doc = readRelease(version);
    const entries = previous
      ? newEntries(new ContractModel(structuredClone(previous)), new ContractModel(structuredClone(doc)))
      : ContractModel.of(structuredClone(doc)).changelog();
    out.unshift({ version, released: true, entries: withOperations(entries, storedChanges(version), doc) });
    previous = doc;
  }
  const head = new ContractModel(structuredClone(current));
  const fresh = previous ? newEntries(new ContractModel(structuredClone(previous)), head) : head.changelog();
  if (fresh.length) {
    const changes = previous && !same(previous, current) ? diffContracts(previous, current).changes : [];
    out.unshift({ version: head.doc.info.version, released: false, entries: withOperations(fresh, changes, current) });
  }
  return out;
}

const code = (s: string) => `\`${s}\``;

function entryMarkdown({ entry, operations }: LoggedEntry): string {
  const notes = [entry.breaking ? 'breaking' : '', operations.length ? `operations: ${operations.map(code).join(', ')}` : ''].filter(
    Boolean,
  );
  return [`**${entry.date}**${notes.length ? ` (${notes.join('; ')})` : ''}`, '', ...entry.changes.map((c) => `- ${c}`)].join('\n');
}

/** Markdown, one heading per version at `level` (`###` in the docs' section, `##` in CHANGELOG.md). */
export function changelogMarkdown(current: object, level = '###'): string {
  return versionedChangelog(current)
    .filter((v) => v.entries.length)
    .map((v) => {
      const heading = `${level} ${v.version}${v.released ? '' : ' (unreleased)'}`;
      const ordered = [...v.entries.filter((e) => e.entry.breaking), ...v.entries.filter((e) => !e.entry.breaking)];
      const breaking = ordered.filter((e) => e.entry.breaking).length;
      const lead = breaking ? [`${breaking} breaking change${breaking > 1 ? 's' : ''} first, then the rest.`, ''] : [];
      return [heading, '', ...lead, ordered.map(entryMarkdown).join('\n\n')].join('\n');
    })
    .join('\n\n');
}
