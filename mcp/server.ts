// video-api-mcp: an MCP server over stdio for AI assistants. Tools: search the operations, read an
// operation's Markdown page, a resource's state machine, what a call costs, the error catalogue,
// and `call` (one request to the in-process mock, or to the deployment the user set).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { onStopSignal } from '../lib/stop-signals.js';
import { call, stopMock } from './call.js';
import { costOf, errorsText, loadContract, machineNames, machineOf, pageOf, searchOperations } from './contract.js';

const text = (value: unknown, isError = false) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  isError,
});

export function createServer(): McpServer {
  const doc = loadContract();
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

export async function main(): Promise<void> {
  const server = createServer();
  await server.connect(new StdioServerTransport());
  const stop = async () => {
    await stopMock();
    await server.close();
    process.exit(0);
  };
  onStopSignal(() => void stop());
  process.stdin.on('end', () => void stop());
}
