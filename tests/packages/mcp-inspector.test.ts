// video-api-mcp driven by the MCP Inspector's own CLI (`mcp-inspector --cli`, the client the MCP
// project ships for scripting and CI), over stdio and over Streamable HTTP: it connects, lists the
// same tools on both transports, calls one, and its `--strict` schema check finds nothing to warn of
// in the tools' input schemas (a `type` list or a schema with no keyword is less portable across
// clients). The Inspector is pinned and installed once into .cache/generators/ (generators-tools.ts);
// where that cannot be done the tests are skipped with the reason.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, sharedConsumer } from '../support/consumer.js';
import { ensureInstalled, npmInstall } from './generators-tools.js';
import { startMcpHttp } from './mcp-process.js';

const run = promisify(execFile);
const PACKAGE = '@modelcontextprotocol/inspector@2.12.0';
const INSPECTOR = { name: 'mcp-inspector', pin: PACKAGE, install: (dir: string) => npmInstall(dir, [PACKAGE]) };

let consumer: Consumer;
let installed: { dir: string } | { skip: string };

beforeAll(async () => {
  consumer = sharedConsumer('mcp-inspector');
  installed = await ensureInstalled(INSPECTOR);
}, 600_000);

afterAll(() => consumer?.remove());

/** `mcp-inspector --cli <args>`: its exit code, the JSON it printed, and its standard error. */
async function inspector(dir: string, args: string[]): Promise<{ code: number; result: unknown; stderr: string }> {
  const launcher = path.join(dir, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
  const done = await run(process.execPath, [launcher, '--cli', ...args], { timeout: 120_000, maxBuffer: 1 << 24 }).catch(
    (error) => error as { code?: number; stdout: string; stderr: string },
  );
  const code = 'code' in done && typeof done.code === 'number' ? done.code : 0;
  return { code, result: done.stdout ? JSON.parse(done.stdout) : undefined, stderr: done.stderr };
}

const toolNames = (result: unknown) => (result as { tools: { name: string }[] }).tools.map((t) => t.name).sort();

describe('video-api-mcp under the MCP Inspector CLI', () => {
  it('over stdio: lists its tools with no schema warning under --strict, and calls one', async (ctx) => {
    if ('skip' in installed) return ctx.skip(installed.skip);
    const listed = await inspector(installed.dir, [consumer.bin('video-api-mcp'), '--method', 'tools/list', '--strict']);
    expect({ code: listed.code, warnings: listed.stderr.split('\n').filter((l) => /warning/i.test(l)) }).toEqual({ code: 0, warnings: [] });
    expect(toolNames(listed.result)).toEqual(expect.arrayContaining(['call', 'get_credit_cost', 'get_operation_page']));
    const called = await inspector(installed.dir, [
      consumer.bin('video-api-mcp'),
      '--method',
      'tools/call',
      '--tool-name',
      'get_credit_cost',
      '--tool-arg',
      'operationId=renderFacelessVideo',
    ]);
    expect(called.code).toBe(0);
    const text = (called.result as { content: { text: string }[] }).content[0].text;
    expect(JSON.parse(text)).toMatchObject({ operationId: 'renderFacelessVideo', credits: { charges: true } });
  }, 240_000);

  it('over Streamable HTTP: the same tools as over stdio, and the server stops on SIGTERM', async (ctx) => {
    if ('skip' in installed) return ctx.skip(installed.skip);
    const server = await startMcpHttp(consumer);
    try {
      const overHttp = await inspector(installed.dir, [server.url, '--transport', 'http', '--method', 'tools/list']);
      const overStdio = await inspector(installed.dir, [consumer.bin('video-api-mcp'), '--method', 'tools/list']);
      expect(overHttp.code).toBe(0);
      expect(toolNames(overHttp.result)).toEqual(toolNames(overStdio.result));
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
  }, 240_000);
});
