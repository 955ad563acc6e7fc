// video-api-mcp: an MCP server for AI assistants, over stdio (the default) or Streamable HTTP
// (`--http <port>`, mcp/http.ts). Tools: search the operations, read an operation's Markdown page, a
// resource's state machine, what a call costs, the error catalogue, and `call` (one request to the
// in-process mock, or to the deployment the user set). MCP SDK 2: the 2026-07-28 protocol, and the
// 2025 one for clients that open with it; one server factory serves both.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import type { Document } from '../lib/contract/index.js';
import { onStopSignal } from '../lib/stop-signals.js';
import { call, stopMock } from './call.js';
import { stateMachines } from '../scripts/docs/state-diagrams.js';
import { costOf, errorsText, loadContract, machineNames, machineOf, pageOf, requestOf, searchOperations } from './contract.js';
import { serveHttp } from './http.js';
import { deploymentOf } from './secrets.js';
import { lineStdin } from './stdin.js';
import { uploads } from './upload.js';

const text = (value: unknown, isError = false) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
  isError,
});

let loaded: Document | undefined;

/** Tools that only read the contract: nothing is sent, nothing charged. */
const READS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const operationId = z.string().max(100).describe('An operationId, as search_operations lists them (e.g. createLaunchClip).');

/** Short rules for an assistant, from the contract: the poll cadence of its state machines among them. */
export function instructionsOf(doc: Document): string {
  const polls = stateMachines(doc)
    .filter((m) => m.machine.pollIntervalSeconds)
    .map((m) => `${m.machine.resource}: ${m.machine.pollOperationIds.join('/')} every ${m.machine.pollIntervalSeconds?.min} to ${m.machine.pollIntervalSeconds?.max} s until ${m.machine.terminal.join(' or ')}`);
  return [
    `${doc.info.title}. Find an operation with search_operations; get_request_schema gives its parameters and body schema, get_operation_page its full page.`,
    'Operations that charge credits (charges: true; get_credit_cost says how much) are sent only with allowCharges: true: ask the user before every charging call.',
    'Ids come from the answer of the create call (data.id) or a list call: never guess them.',
    `Jobs are asynchronous: poll, do not loop tightly. ${polls.join('; ')}.`,
    'Multipart operations (voice clones, characters) take text fields in body and files in files (a path or base64).',
  ].join('\n');
}

function contractTools(server: McpServer, doc: Document): void {
  server.registerTool(
    'search_operations',
    {
      description: `Find operations of ${doc.info.title} by words (what they do, path, tag); each says whether it charges credits.`,
      inputSchema: { query: z.string().max(400).describe('Words to look for, e.g. "voice clone" or "render faceless".') },
      annotations: READS,
    },
    async ({ query }) => text(searchOperations(doc, query)),
  );
  server.registerTool(
    'get_operation_page',
    { description: 'The Markdown page of one operation (request, samples, responses, credits, state machine).', inputSchema: { operationId }, annotations: READS },
    async ({ operationId }) => {
      const page = pageOf(doc, operationId);
      return page ? text(page) : text(`No operation ${operationId}.`, true);
    },
  );
  server.registerTool(
    'get_request_schema',
    {
      description: 'What call needs for one operation: path and query parameters, the body media type and JSON Schema (references inlined), file fields of a multipart body.',
      inputSchema: { operationId },
      annotations: READS,
    },
    async ({ operationId }) => {
      const found = requestOf(doc, operationId);
      return found ? text(found) : text(`No operation ${operationId}; search_operations lists them.`, true);
    },
  );
  server.registerTool(
    'get_state_machine',
    {
      description: `States, terminal states, transitions and poll cadence of a resource: ${machineNames(doc).join(', ')} (or an operationId that polls or moves it).`,
      inputSchema: { resource: z.string().max(100).describe('A resource name (e.g. "Launch clip"), its status schema, or an operationId that polls or moves it.') },
      annotations: READS,
    },
    async ({ resource }) => {
      const found = machineOf(doc, resource);
      return found ? text({ schema: found.schema, ...found.machine }) : text(`No state machine for ${resource}. Known: ${machineNames(doc).join(', ')}.`, true);
    },
  );
  server.registerTool(
    'get_credit_cost',
    { description: 'Whether an operation charges credits, how much, and the refund rule (x-credits).', inputSchema: { operationId }, annotations: READS },
    async ({ operationId }) => {
      const cost = costOf(doc, operationId);
      return cost ? text(cost) : text(`No operation ${operationId}.`, true);
    },
  );
  server.registerTool(
    'get_errors',
    { description: 'The error envelope, every error code with its status, and the render preconditions.', annotations: READS },
    async () => text(errorsText(doc)),
  );
}

const fileInput = z
  .object({
    path: z.string().max(4096).optional().describe('A file on the disk where this server runs.'),
    base64: z.string().optional().describe('The file bytes as base64 (instead of path).'),
    filename: z.string().max(255).optional().describe('The file name sent (default: the base name of path).'),
    contentType: z.string().max(255).optional().describe('The media type sent (default: from the file name, e.g. audio/wav).'),
  })
  .describe('One file: path or base64.');

// The call tool's values, written in its JSON Schema the portable way: a union as `anyOf` branches of
// one `type` each (a bare union of primitives comes out as a `type` list, which clients that map tool
// schemas onto a single-`type` dialect refuse; described branches stay branches), and the body as an
// object of any fields (every request body of the contract is an object:
// tests/docs/mcp-call-body.test.ts) rather than a schema with no keyword. The MCP Inspector's CLI
// (`--strict`) finds nothing to warn of
// (tests/packages/mcp-inspector.test.ts).
const pathValue = z.union([z.string().describe('a value as text'), z.number().describe('a numeric id')]);
const queryValue = z.union([z.string().describe('text'), z.number().describe('a number'), z.boolean().describe('a flag')]);
const jsonObject = z.record(z.string(), z.unknown()).meta({ additionalProperties: true });

function callTool(server: McpServer, doc: Document): void {
  server.registerTool(
    'call',
    {
      description:
        'Send one request and get its status and body. Goes to a mock in this process unless the user set VIDEO_API_BASE_URL and VIDEO_API_TOKEN. Operations that charge credits need allowCharges: true (ask the user first). get_request_schema gives the body schema of an operation.',
      inputSchema: {
        operationId,
        pathParams: z.record(z.string(), pathValue).optional().describe('Path parameters by name (e.g. { "id": "..." } from the create answer\'s data.id).'),
        query: z.record(z.string(), queryValue).optional().describe('Query parameters by name.'),
        body: jsonObject.optional().describe('The request body: JSON for JSON operations; for multipart ones, an object of the text fields (an array is one part per item). Schema: get_request_schema.'),
        files: z.record(z.string(), z.union([fileInput, z.array(fileInput)])).optional().describe('Multipart only: the files by field name (e.g. { "samples[]": [{ "path": "/tmp/take.wav" }] }).'),
        allowCharges: z.boolean().optional().describe('true only when the user agreed to spend credits on this call.'),
      },
      annotations: { title: 'Send an API request (may charge credits)', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async (input) => {
      const result = await call(doc, input);
      return text(result.text, result.isError);
    },
  );
}

/** One server with every tool. The contract is read once; over HTTP a server is made per request. */
export function createServer(): McpServer {
  loaded ??= loadContract();
  const doc = loaded;
  const server = new McpServer({ name: 'video-api-mcp', version: doc.info.version }, { instructions: instructionsOf(doc) });
  contractTools(server, doc);
  callTool(server, doc);
  return server;
}

/** The largest stdio message read; a larger one ends the connection with a message on stderr and exit code 1. */
const STDIO_BUFFER_BYTES = 64 * 1024 * 1024;

const USAGE = `Usage: video-api-mcp [--http <port>] [--host <address>]

The MCP server of the Video Generation API v2 (docs/mcp.md). Over stdio by default; --http <port>
serves Streamable HTTP at http://<host>:<port>/mcp instead (--host: default 127.0.0.1; port 0 takes
a free one and prints it). Over HTTP it answers only loopback Host names and MCP_ALLOWED_HOSTS, and
pages only from loopback origins and MCP_ALLOWED_ORIGINS (comma separated). VIDEO_API_BASE_URL and
VIDEO_API_TOKEN send \`call\` to a deployment; MOCK_STEP_MS sets the in-process mock's step. Over HTTP,
\`call\` reads files by path only under MCP_UPLOAD_DIR.`;

export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { http: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  deploymentOf(process.env);
  if (values.host !== undefined && values.http === undefined) throw new Error('--host goes with --http <port>');
  if (values.http !== undefined) {
    const port = Number(values.http);
    if (!/^\d+$/.test(values.http) || port > 65535) throw new Error(`--http takes a port number, got "${values.http}"`);
    uploads.underOnly = true;
    uploads.dir = process.env.MCP_UPLOAD_DIR ? path.resolve(process.env.MCP_UPLOAD_DIR) : undefined;
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
  // Messages of up to 64 MiB are read, so that an oversized argument reaches the tool, which refuses
  // it; a larger one is said on stderr, and the command ends with exit code 1.
  const stdin = lineStdin(process.stdin, STDIO_BUFFER_BYTES, () => {
    console.error(`video-api-mcp: a message over ${STDIO_BUFFER_BYTES} bytes arrived on stdin; stopped.`);
    void stop(1);
  });
  const connection = serveStdio(createServer, {
    transport: new StdioServerTransport(stdin, process.stdout, { maxBufferSize: STDIO_BUFFER_BYTES + 1024 }),
    onerror: (error) => console.error(`video-api-mcp: ${error.message}`),
  });
  const stop = async (code = 0) => {
    await stopMock();
    await connection.close();
    process.exit(code);
  };
  onStopSignal(() => void stop());
  process.stdin.on('end', () => void stop());
}
