// Entry of the packaged `video-api-mcp` command (compiled to dist/video-api-mcp.js).
import { main } from './server.js';

main().catch((error) => {
  console.error(`video-api-mcp: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
