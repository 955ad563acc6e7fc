// The supported Node lines (lib/node-support.ts): the range is the repository's `engines`, and every
// command a user runs from the repository answers an unsupported Node with one line and exit code 1,
// before anything else runs. An old Node is stood in for by a preload that changes
// process.versions.node (the packed commands are checked the same way in tests/packages.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_ENGINES, unsupportedNodeMessage } from '../lib/node-support.js';
import { ROOT } from '../scripts/lib/project.js';

/** A `node --import` argument that makes process.versions.node read `version`. */
const fakeNode = (version: string) => `--import=data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;

describe('supported Node lines', () => {
  it('are ^22.12 || ^24 || >=26: the range of package.json, and the line the others get', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(NODE_ENGINES);
    const supported = ['22.12.0', '22.22.1', '24.0.0', '24.21.0', '26.0.0', '27.3.1'];
    const refused = ['18.20.8', '20.19.0', '22.11.0', '23.11.1', '25.9.0'];
    expect(supported.filter((v) => unsupportedNodeMessage(v) !== undefined)).toEqual([]);
    expect(refused.map((v) => unsupportedNodeMessage(v))).toEqual(
      refused.map((v) => `video-api: Node ${v} is not supported; install Node 24 (22.12 or newer on the 22 line; 26 and later work too)`),
    );
  });

  it('npm start, npm test, npm run proxy and conformance print that one line on Node 20 and exit 1, starting nothing', () => {
    const entries = ['mock/start.ts', 'scripts/test.ts', 'mock/bin.ts', 'mcp/bin.ts', 'qa/proxy/main.ts', 'qa/conformance/run.ts'];
    const seen = entries.map((entry) => {
      const r = spawnSync(process.execPath, [fakeNode('20.19.0'), '--import', 'tsx', path.join(ROOT, entry)], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { entry, status: r.status, stdout: r.stdout, stderr: r.stderr };
    });
    const line = `${unsupportedNodeMessage('20.19.0')}\n`;
    expect(seen).toEqual(entries.map((entry) => ({ entry, status: 1, stdout: '', stderr: line })));
  }, 120_000);
});
