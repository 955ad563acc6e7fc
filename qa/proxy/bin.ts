// Entry of the packaged `video-api-proxy` command (compiled to dist/video-api-proxy.js): the Node
// check, then the proxy's modules (main.ts, also `npm run proxy`), loaded only on a supported Node.
// The bundle hoists a module's static imports, so the check must not share an entry with them.
import '../../lib/node-support.js';

await import('./main.js');
