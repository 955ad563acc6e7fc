// Entry of the packaged `video-api-mock` command (compiled to dist/video-api-mock.js).
import { fail, main } from './cli.js';

main().catch(fail);
