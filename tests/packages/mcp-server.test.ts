// video-api-mcp as an assistant meets it: the packed video-api-v2-mock tarball installed in a project
// outside the repository, the command driven by the MCP SDK's own client (SDK 2) over stdio and over
// Streamable HTTP (`--http 0`). It lists the tools, reads a page (the same text as
// generated/docs/md/<operationId>.md), refuses a charging call without the flag, walks a launch clip
// to `completed` on the in-process mock through `call`, and, pointed at a deployment by
// VIDEO_API_BASE_URL and VIDEO_API_TOKEN, never shows the token. Over HTTP it refuses a foreign Host
// and a foreign page's Origin, as the mock's control plane does.
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Consumer, ROOT, sharedConsumer } from '../support/consumer.js';
import { startMcpHttp } from './mcp-process.js';

let consumer: Consumer;

beforeAll(async () => {
  consumer = sharedConsumer('mcp');
}, 600_000);

afterAll(() => consumer?.remove());

/** A client of the 2026-07-28 protocol (SDK 2 clients speak 2025-11-25 unless told). */
const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

async function connect(env: Record<string, string>, options: typeof MODERN | undefined = undefined): Promise<Client> {
  const transport = new StdioClientTransport({
    command: consumer.bin('video-api-mcp'),
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test-assistant', version: '1.0.0' }, options);
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
        [
          'call',
          'get_credit_cost',
          'get_errors',
          'get_operation_page',
          'get_request_schema',
          'get_state_machine',
          'search_operations',
        ].sort(),
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

  it('speaks 2025-11-25 to a client that opens with it and 2026-07-28 to one that pins it, with the same tools', async () => {
    const eras: Array<[string | undefined, string[]]> = [];
    for (const options of [undefined, MODERN]) {
      const client = await connect({}, options);
      try {
        const { tools } = await client.listTools();
        const cost = JSON.parse(textOf(await client.callTool({ name: 'get_credit_cost', arguments: { operationId: 'createLaunchClip' } })));
        expect(cost.credits).toMatchObject({ charges: true, cost: 5 });
        eras.push([client.getNegotiatedProtocolVersion(), tools.map((t) => t.name).sort()]);
      } finally {
        await client.close();
      }
    }
    expect(eras.map(([version]) => version)).toEqual(['2025-11-25', '2026-07-28']);
    expect(eras[1][1]).toEqual(eras[0][1]);
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

/** `video-api-mcp --http 0`; resolves with the endpoint it prints. */
const startHttp = (env: Record<string, string> = {}) => startMcpHttp(consumer, env);

/** A raw POST with the headers given (Host included, which fetch does not let a caller set). */
function post(url: string, headers: Record<string, string>): Promise<{ status: number; cors?: string }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cors: res.headers['access-control-allow-origin'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('video-api-mcp over Streamable HTTP (--http)', () => {
  it('serves the same tools on loopback to the SDK client, walks a clip on the mock, and stops on SIGTERM', async () => {
    const server = await startHttp({ MOCK_STEP_MS: '1' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test-assistant', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          'call',
          'get_credit_cost',
          'get_errors',
          'get_operation_page',
          'get_request_schema',
          'get_state_machine',
          'search_operations',
        ].sort(),
      );
      const page = await client.callTool({ name: 'get_operation_page', arguments: { operationId: 'renderFacelessVideo' } });
      expect(textOf(page)).toBe(readFileSync(path.join(ROOT, 'generated/docs/md/renderFacelessVideo.md'), 'utf8'));
      const body = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A one-tap espresso timer' };
      const created = textOf(
        await client.callTool({ name: 'call', arguments: { operationId: 'createLaunchClip', body, allowCharges: true } }),
      );
      expect(created).toMatch(/on the mock → 201\n/);
      const id = JSON.parse(created.slice(created.indexOf('\n') + 1)).data.id;
      let status = '';
      for (let i = 0; i < 50 && status !== 'completed'; i++) {
        const got = textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getLaunchClip', pathParams: { id } } }));
        status = JSON.parse(got.slice(got.indexOf('\n') + 1)).data.status;
      }
      // One mock for the whole server, though each HTTP request gets a server of its own.
      expect(status).toBe('completed');
      // A 2026-07-28 client over HTTP: the same tools, the same mock.
      const modern = new Client({ name: 'test-assistant', version: '1.0.0' }, MODERN);
      await modern.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      try {
        expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        expect((await modern.listTools()).tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
        const got = textOf(await modern.callTool({ name: 'call', arguments: { operationId: 'getLaunchClip', pathParams: { id } } }));
        expect(JSON.parse(got.slice(got.indexOf('\n') + 1)).data.status).toBe('completed');
      } finally {
        await modern.close();
      }
    } finally {
      await client.close();
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
  }, 60_000);

  it("refuses a foreign Host and a foreign page's Origin (403), and grants CORS to a loopback page and MCP_ALLOWED_ORIGINS", async () => {
    const server = await startHttp({ MCP_ALLOWED_ORIGINS: 'https://studio.example' });
    try {
      const port = new URL(server.url).port;
      const seen = {
        loopback: await post(server.url, {}),
        rebound: await post(server.url, { host: `attacker.example:${port}` }),
        foreignPage: await post(server.url, { origin: 'https://attacker.example' }),
        loopbackPage: await post(server.url, { origin: 'http://localhost:5173' }),
        allowedPage: await post(server.url, { origin: 'https://studio.example' }),
      };
      expect(seen).toEqual({
        loopback: { status: 200 },
        rebound: { status: 403 },
        foreignPage: { status: 403 },
        loopbackPage: { status: 200, cors: 'http://localhost:5173' },
        allowedPage: { status: 200, cors: 'https://studio.example' },
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
  }, 60_000);
});
