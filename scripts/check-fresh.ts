// npm run check:fresh: fails in well under a second when an input of the build changed since
// generated/ was built, naming the input roots that changed. Compares the hash recorded by the
// build (generated/build-inputs.json) with the hash of the inputs now (scripts/lib/build-inputs.ts).
// The byte-for-byte check of every generated file stays `npm run check:generated` (in `npm test`).
import {
  BUILD_INPUTS_FILE,
  type BuildInputs,
  changedRoots,
  recordedInputs,
  stagedInputs,
  stagedRecord,
  workTreeInputs,
} from './lib/build-inputs.js';
import { ROOT } from './lib/project.js';

const USAGE = `usage: npm run check:fresh [-- --staged]

Checks that generated/ was built from the build's inputs as they are now, by the content hash the
build records in ${BUILD_INPUTS_FILE}. Takes well under a second; \`npm run check:generated\` is the
full check (it rebuilds and compares every file).

  (no option)  the work tree: the inputs' files on disk against ${BUILD_INPUTS_FILE} on disk
  --staged     the git index: the staged inputs against the staged ${BUILD_INPUTS_FILE}
               (what the pre-commit hook runs)
  --help       prints this

Exit 0 when fresh, 1 when stale (naming the input roots that changed), 2 on a wrong option.`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = argv.filter((arg) => arg !== '--staged');
  if (unknown.length) {
    console.error(`check-fresh: unknown option ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const staged = argv.includes('--staged');
  const where = staged ? 'staged ' : '';
  const recorded: BuildInputs | undefined = staged ? stagedRecord(ROOT) : recordedInputs(ROOT);
  if (!recorded) {
    console.error(`check-fresh: no ${where}${BUILD_INPUTS_FILE}, so nothing says what generated/ was built from.
Run \`npm run build\`${staged ? ' and stage generated/ (git add generated)' : ''}.`);
    return 1;
  }
  const now = staged ? stagedInputs(ROOT) : workTreeInputs(ROOT);
  if (now.hash === recorded.hash) {
    console.log(`check-fresh: generated/ is fresh (${where}inputs ${now.hash.slice(0, 12)}, ${Object.keys(now.files).length} files)`);
    return 0;
  }
  const roots = changedRoots(recorded, now);
  console.error(`check-fresh: generated/ is stale: the ${where}build inputs changed since the last \`npm run build\`, in:
  ${roots.join('\n  ')}
Run \`npm run build\`${staged ? ' and stage generated/ (git add generated)' : ''}.`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
