// npm run diff:crosscheck: second opinions on the diff corpus from two independent tools, oasdiff, the
// field's reference tool (oasdiff-crosscheck.ts), and OpenAPITools' openapi-diff
// (openapi-diff-crosscheck.ts); each run whatever the other says. Exit 0 clean, 1 on an unlisted or
// stale disagreement, 2 when a tool is missing or its run fails (the worst of the two).
import { findOasdiff, runCrosscheck } from './oasdiff-crosscheck.js';
import { findOpenapiDiff, runOpenapiDiffCrosscheck } from './openapi-diff-crosscheck.js';

function guarded(name: string, run: () => number): number {
  try {
    return run();
  } catch (error) {
    console.error(`diff:crosscheck failed (${name}): ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}

const codes = [
  guarded('oasdiff', () => runCrosscheck({ bin: findOasdiff() })),
  guarded('openapi-diff', () => runOpenapiDiffCrosscheck({ install: findOpenapiDiff() })),
];
process.exitCode = Math.max(...codes);
