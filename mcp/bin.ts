// Entry of the packaged `video-api-mcp` command (compiled to dist/video-api-mcp.js). The Node check
// runs first; the server's modules load only on a supported Node.
import '../lib/node-support.js';

const { main } = await import('./server.js');
main().catch((error) => {
  console.error(`video-api-mcp: ${error instanceof Error ? error.message : error}`);
  // A refusal at start (mcp/secrets.ts StartError) carries its own exit code.
  process.exit((error as { exitCode?: number })?.exitCode ?? 1);
});
