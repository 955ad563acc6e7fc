// The Node.js lines this repository and its packages run on, written once: package.json's `engines`,
// the packages' `engines` (scripts/pack/main.ts) and the check below. Importing this module checks:
// every command a user runs imports it first (`npm start`, `npm test`, `npm run proxy` and
// `conformance`, and the package commands video-api-mock, video-api-mcp, video-api-proxy,
// video-api-conformance), so an older or odd Node line gets one clear line and exit code 1, not a
// stack trace from whichever dependency first needs a newer Node. It imports nothing, so it runs
// before any other module of the command is evaluated.

/** The `engines.node` range of the repository and of the three packages. */
export const NODE_ENGINES = '^22.12 || ^24 || >=26';

/** The one line an unsupported Node gets; undefined on a supported one. `version` as in process.versions.node. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major, minor] = version.split('.').map(Number);
  if ((major === 22 && minor >= 12) || major === 24 || major >= 26) return undefined;
  return `video-api: Node ${version} is not supported; install Node 24 (22.12 or newer on the 22 line; 26 and later work too)`;
}

/** Prints the line and exits 1 on an unsupported Node; nothing otherwise. */
export function exitOnUnsupportedNode(version: string = process.versions.node): void {
  const message = unsupportedNodeMessage(version);
  if (message === undefined) return;
  console.error(message);
  process.exit(1);
}

exitOnUnsupportedNode();
