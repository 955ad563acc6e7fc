// video-api-mcp started from its source (mcp/bin.ts through tsx) and driven by the MCP SDK's own
// client over stdio: the fast way for tests that need no packed tarball (tests/mcp-server.test.ts
// covers the packaged command).
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { ROOT } from './consumer.js';

export const MCP_BIN_ARGS = ['--import', 'tsx', path.join(ROOT, 'mcp/bin.ts')];

export type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
export const textOf = (r: unknown) => (r as ToolResult).content.map((c) => c.text).join('\n');

export async function connectSource(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: MCP_BIN_ARGS,
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => (err += d));
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** The JSON body after the status line of a `call` result. */
export function bodyOf(result: unknown): any {
  const t = textOf(result);
  return JSON.parse(t.slice(t.indexOf('\n') + 1));
}
