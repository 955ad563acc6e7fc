// video-api-mcp: an MCP server for AI assistants, over stdio (the default) or Streamable HTTP
// (`--http <port>`, mcp/http.ts). Tools: search the operations, read an operation's Markdown page, a
// resource's state machine, what a call costs, the error catalogue, and `call` (one request to the
// in-process mock, or to the deployment the user set). MCP SDK 2: the 2026-07-28 protocol, and the
// 2025 one for clients that open with it; one server factory serves both.
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import type { Document } from '../lib/contract/index.js';
import { onStopSignal } from '../lib/stop-signals.js';
import { call, stopMock } from './call.js';
import { costOf, errorsText, loadContract, machineNames, machineOf, pageOf, searchOperations } from './contract.js';
import { serveHttp } from './http.js';

const text = (value: unknown, isError = false) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  isError,
});

let loaded: Document | undefined;

/** One server with every tool. The contract is read once; over HTTP a server is made per request. */
export function createServer(): McpServer {
  loaded ??= loadContract();
  const doc = loaded;
  const server = new McpServer({ name: 'video-api-mcp', version: doc.info.version });
  server.registerTool(
    'search_operations',
    { description: `Find operations of ${doc.info.title} by words (what they do, path, tag).`, inputSchema: { query: z.string().max(400) } },
    async ({ query }) => text(searchOperations(doc, query)),
  );
  server.registerTool(
    'get_operation_page',
    { description: 'The Markdown page of one operation (request, samples, responses, credits, state machine).', inputSchema: { operationId: z.string().max(100) } },
    async ({ operationId }) => {
      const page = pageOf(doc, operationId);
      return page ? text(page) : text(`No operation ${operationId}.`, true);
    },
  );
  server.registerTool(
    'get_state_machine',
    {
      description: `States, terminal states, transitions and poll cadence of a resource: ${machineNames(doc).join(', ')} (or an operationId that polls or moves it).`,
      inputSchema: { resource: z.string().max(100) },
    },
    async ({ resource }) => {
      const found = machineOf(doc, resource);
      return found ? text({ schema: found.schema, ...found.machine }) : text(`No state machine for ${resource}. Known: ${machineNames(doc).join(', ')}.`, true);
    },
  );
  server.registerTool(
    'get_credit_cost',
    { description: 'Whether an operation charges credits, how much, and the refund rule (x-credits).', inputSchema: { operationId: z.string().max(100) } },
    async ({ operationId }) => {
      const cost = costOf(doc, operationId);
      return cost ? text(cost) : text(`No operation ${operationId}.`, true);
    },
  );
  server.registerTool('get_errors', { description: 'The error envelope, every error code with its status, and the render preconditions.' }, async () =>
    text(errorsText(doc)),
  );
  server.registerTool(
    'call',
    {
      description:
        'Send one request. Goes to a mock in this process unless the user set VIDEO_API_BASE_URL and VIDEO_API_TOKEN. Operations that charge credits need allowCharges: true.',
      inputSchema: {
        operationId: z.string().max(100),
        pathParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
        body: z.unknown().optional(),
        allowCharges: z.boolean().optional(),
      },
    },
    async (input) => {
      const result = await call(doc, input);
      return text(result.text, result.isError);
    },
  );
  return server;
}

const USAGE = `Usage: video-api-mcp [--http <port>] [--host <address>]

The MCP server of the Video Generation API v2 (docs/mcp.md). Over stdio by default; --http <port>
serves Streamable HTTP at http://<host>:<port>/mcp instead (--host: default 127.0.0.1; port 0 takes
a free one and prints it). Over HTTP it answers only loopback Host names and MCP_ALLOWED_HOSTS, and
pages only from loopback origins and MCP_ALLOWED_ORIGINS (comma separated). VIDEO_API_BASE_URL and
VIDEO_API_TOKEN send \`call\` to a deployment; MOCK_STEP_MS sets the in-process mock's step.`;

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { http: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.host !== undefined && values.http === undefined) throw new Error('--host goes with --http <port>');
  if (values.http !== undefined) {
    const port = Number(values.http);
    if (!/^\d+$/.test(values.http) || port > 65535) throw new Error(`--http takes a port number, got "${values.http}"`);
    const served = await serveHttp(createServer, { port, host: values.host ?? '127.0.0.1', env: process.env });
    console.log(`video-api-mcp: Streamable HTTP on ${served.url}`);
    let stopping = false;
    onStopSignal(() => {
      if (stopping) return;
      stopping = true;
      void Promise.all([served.close(), stopMock()]).then(() => process.exit(0));
    });
    return;
  }
  const connection = serveStdio(createServer);
  const stop = async () => {
    await stopMock();
    await connection.close();
    process.exit(0);
  };
  onStopSignal(() => void stop());
  process.stdin.on('end', () => void stop());
}
