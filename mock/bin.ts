// Entry of the packaged `video-api-mock` command (compiled to dist/video-api-mock.js). The Node
// check runs first; the mock's modules load only on a supported Node.
import '../lib/node-support.js';

const { fail, main } = await import('./cli.js');
main().catch(fail);
