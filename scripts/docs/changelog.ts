// The reference docs' "Change log" section: per version (releases/ and the unreleased entries),
// breaking entries first, each with the operations it touches.
import { changelogMarkdown as versioned } from '../diff/changelog.js';

export function changelogMarkdown(doc: object): string {
  return versioned(doc, '###');
}
