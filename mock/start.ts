// npm start: check the Node line, build what is stale, then run the `video-api-mock` command's code (mock/cli.ts).
import '../lib/node-support.js';
import { buildIfStale } from './build-if-stale.js';

try {
  buildIfStale();
} catch (error) {
  console.error(`mock: failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
// Imported after the build so the mock reads the freshly generated contract.
const cli = await import('./cli.js');
await cli.main().catch(cli.fail);
