// npm run diff [-- --base <ref|file|version>] [--head <bundle file>] [--json] [--gate]
// Compares the contract (openapi/, bundled afresh; or --head) with the last release (or --base) and
// lists every change: breaking, non-breaking or docs. Exit 1 on a breaking change no change-log entry
// acknowledges; with --gate (npm test) also on a behaviour change with no change-log entry at all.
// With GITHUB_STEP_SUMMARY set, a Markdown summary is appended to that file. (command.ts)
import { diffCommand } from './command.js';

process.exitCode = diffCommand(process.argv.slice(2));
