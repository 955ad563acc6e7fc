// npm run diff:crosscheck: a second opinion on the diff corpus from oasdiff, the field's reference
// tool (oasdiff-crosscheck.ts). Exit 0 clean, 1 on an unlisted or stale disagreement, 2 when oasdiff
// is missing or the run fails.
import { findOasdiff, runCrosscheck } from './oasdiff-crosscheck.js';

try {
  process.exitCode = runCrosscheck({ bin: findOasdiff() });
} catch (error) {
  console.error(`diff:crosscheck failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 2;
}
