// video-api-mcp as an assistant meets it: the packed video-api-v2-mock tarball installed in a project
// outside the repository, the command started by the MCP SDK's own client over stdio. It lists the
// tools, reads a page (the same text as generated/docs/md/<operationId>.md), refuses a charging call
// without the flag, walks a launch clip to `completed` on the in-process mock through `call`, and,
// pointed at a deployment by VIDEO_API_BASE_URL and VIDEO_API_TOKEN, never shows the token.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, ROOT, sharedConsumer } from '../support/consumer.js';

let consumer: Consumer;

beforeAll(async () => {
  consumer = sharedConsumer('mcp');
}, 600_000);

afterAll(() => consumer?.remove());

async function connect(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: consumer.bin('video-api-mcp'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (r: unknown) => (r as ToolResult).content.map((c) => c.text).join('\n');

describe('video-api-mcp over stdio', () => {
  it('lists its tools and serves an operation page byte for byte as md/<operationId>.md', async () => {
    const client = await connect({});
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        ['call', 'get_credit_cost', 'get_errors', 'get_operation_page', 'get_state_machine', 'search_operations'].sort(),
      );
      const page = await client.callTool({ name: 'get_operation_page', arguments: { operationId: 'renderFacelessVideo' } });
      expect(textOf(page)).toBe(readFileSync(path.join(ROOT, 'generated/docs/md/renderFacelessVideo.md'), 'utf8'));
      const found = JSON.parse(textOf(await client.callTool({ name: 'search_operations', arguments: { query: 'render faceless' } })));
      expect(found.map((f: { operationId: string }) => f.operationId)).toContain('renderFacelessVideo');
      const machine = JSON.parse(textOf(await client.callTool({ name: 'get_state_machine', arguments: { resource: 'Launch clip' } })));
      expect(machine.terminal).toEqual(['completed', 'failed']);
      const cost = JSON.parse(textOf(await client.callTool({ name: 'get_credit_cost', arguments: { operationId: 'createLaunchClip' } })));
      expect(cost.credits).toMatchObject({ charges: true, cost: 5 });
      expect(textOf(await client.callTool({ name: 'get_errors', arguments: {} }))).toContain('GEN-UNAUTHORIZED');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('walks a launch clip to completed on the in-process mock, charging only with allowCharges', async () => {
    const client = await connect({ MOCK_STEP_MS: '1' });
    try {
      const refused = (await client.callTool({ name: 'call', arguments: { operationId: 'createLaunchClip', body: {} } })) as ToolResult;
      expect({ isError: refused.isError, text: textOf(refused) }).toMatchObject({
        isError: true,
        text: expect.stringMatching(/allowCharges/),
      });
      const body = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A one-tap espresso timer' };
      const created = textOf(
        await client.callTool({ name: 'call', arguments: { operationId: 'createLaunchClip', body, allowCharges: true } }),
      );
      expect(created).toMatch(/→ 201\n/);
      const id = JSON.parse(created.slice(created.indexOf('\n') + 1)).data.id;
      const states: string[] = [];
      for (let i = 0; i < 50 && states.at(-1) !== 'completed'; i++) {
        const got = textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getLaunchClip', pathParams: { id } } }));
        states.push(JSON.parse(got.slice(got.indexOf('\n') + 1)).data.status);
      }
      expect(states.at(-1)).toBe('completed');
      const me = textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getMe' } }));
      expect(me).not.toContain('mcp-assistant');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('sends calls to the deployment the user set, and never shows its token, even when the deployment echoes it', async () => {
    // A deployment that answers with what it received, the Authorization header included.
    const seen: string[] = [];
    const echo = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ url: req.url, authorization: req.headers.authorization }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const token = 'user-secret-token-4711';
    const baseUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v2`;
    const client = await connect({ VIDEO_API_BASE_URL: baseUrl, VIDEO_API_TOKEN: token });
    try {
      const results = [
        textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getMe' } })),
        textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getFacelessVideo', pathParams: { faceless: 7 } } })),
      ];
      expect(seen).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
      expect(results[0]).toMatch(/on the deployment → 200/);
      for (const r of results) expect(r).toContain('"authorization":"Bearer [token]"');
      for (const r of results) expect(r).not.toContain(token);
      const { tools } = await client.listTools();
      for (const t of tools) expect(JSON.stringify(t.inputSchema)).not.toMatch(/token/i);
    } finally {
      await client.close();
      echo.close();
    }
  }, 60_000);
});
