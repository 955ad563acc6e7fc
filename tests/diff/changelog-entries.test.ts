// Which operations a change-log entry lists (scripts/diff/changelog.ts): an entry's pointer at the
// operation or at a component the change went through claims it; the version's lead sentence
// counts the breaking entries.
import { describe, expect, it } from 'vitest';
import { changelogMarkdown, versionedChangelog } from '../../scripts/diff/changelog.js';
import { readRelease, releases } from '../../scripts/diff/releases.js';

// The latest release, so that the only unreleased entries are the ones each test adds.
const original = readRelease(releases().at(-1) as string) as any;

/** The contract as 3.0.0 with GET /me's `data` (behind two $refs) turned into a string, and `entries` on top. */
function headWith(...entries: object[]) {
  const head = structuredClone(original);
  head.components.schemas.AccountProfileResponse.allOf[1].properties.data = { type: 'string' };
  head.info.version = '3.0.0';
  head.info['x-changelog'].unshift(...entries);
  return head;
}
const unreleased = (head: object) => versionedChangelog(head)[0];

describe('the operations of a change-log entry', () => {
  it.each([
    ['the operation', '/paths/~1me/get'],
    ['the component the change went through', '/components/schemas/AccountProfileResponse'],
    ['a place inside that component', '/components/schemas/AccountProfileResponse/allOf/1/properties/data'],
  ])('a pointer at %s claims the change', (_what, pointer) => {
    const log = unreleased(headWith({ date: '2099-01-01', changes: ['data is text now.'], breaking: true, pointers: [pointer] }));
    expect(log.entries.map((e) => e.operations)).toEqual([['GET /me']]);
  });

  it('a pointer at a component the head no longer uses claims the change made where it was used', () => {
    const head = headWith({
      date: '2099-01-01',
      changes: ['GET /me answers text.'],
      breaking: true,
      pointers: ['/components/schemas/AccountProfileResponse'],
    });
    head.paths['/me'].get.responses['200'].content['application/json'].schema = { type: 'string' };
    expect(unreleased(head).entries.map((e) => e.operations)).toEqual([['GET /me']]);
  });

  it('a pointer elsewhere claims nothing; the one entry without pointers gets what no pointer claims', () => {
    const log = unreleased(
      headWith(
        { date: '2099-01-02', changes: ['Elsewhere.'], breaking: true, pointers: ['/paths/~1credits~1costs/get'] },
        { date: '2099-01-01', changes: ['The rest.'] },
      ),
    );
    expect(log.entries.map((e) => e.operations)).toEqual([[], ['GET /me']]);
  });
});

describe("a version's lead sentence", () => {
  const section = (head: object) => changelogMarkdown(head, '##').split('\n## ')[0];
  const entry = (date: string, breaking: boolean) => ({
    date,
    changes: [`Change of ${date}.`],
    ...(breaking ? { breaking, pointers: ['/paths/~1me'] } : {}),
  });

  it('counts the breaking entries, in the singular for one', () => {
    expect(section(headWith(entry('2099-01-02', true), entry('2099-01-01', true)))).toMatch(
      /^## 3\.0\.0 \(unreleased\)\n\n2 breaking changes first, then the rest\.\n\n\*\*2099-01-02\*\*/,
    );
    expect(section(headWith(entry('2099-01-02', false), entry('2099-01-01', true)))).toMatch(
      /^## 3\.0\.0 \(unreleased\)\n\n1 breaking change first, then the rest\.\n\n\*\*2099-01-01\*\* \(breaking; operations: `GET \/me`\)/,
    );
  });

  it('is left out when nothing breaks', () => {
    expect(section(headWith(entry('2099-01-01', false)))).toMatch(
      /^## 3\.0\.0 \(unreleased\)\n\n\*\*2099-01-01\*\* \(operations: `GET \/me`\)\n\n- Change of 2099-01-01\.\n$/,
    );
  });
});
