// Entry of the packaged `video-api-conformance` command (compiled to dist/video-api-conformance.js):
// the Node check, then the runner's modules (run.ts, also `npm run conformance`), loaded only on a
// supported Node. The bundle hoists a module's static imports, so the check must not share an entry with them.
import '../../lib/node-support.js';

await import('./run.js');
