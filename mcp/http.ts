// `video-api-mcp --http <port>`: the MCP server over Streamable HTTP, one endpoint at /mcp, served by
// the MCP SDK's web-standard handler (createMcpHandler: the 2026-07-28 protocol, and the 2025 one
// served statelessly) behind a Node HTTP server. Loopback by default. It answers the rules the mock's
// control plane answers (mock/outside-api.ts), for the same reason, DNS rebinding and other sites'
// pages: the Host header must be a loopback name or one of MCP_ALLOWED_HOSTS (mock/control/host.ts),
// and a request from a page (an Origin header) must come from a loopback origin or one of
// MCP_ALLOWED_ORIGINS (mock/control/origin.ts), which alone get CORS grants. Anything else is 403.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { readBody } from '../lib/read-body.js';
import { hostAllowed, parseAllowedHosts } from '../mock/control/host.js';
import { controlOriginAllowed, parseControlOrigins } from '../mock/control/origin.js';

export const MCP_PATH = '/mcp';
/** The largest request body read (the SDK's own default bound). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version',
  'Access-Control-Max-Age': '600',
};

export interface HttpOptions {
  port: number;
  host: string;
  env: NodeJS.ProcessEnv;
}

export interface ServedHttp {
  /** http://<host>:<port>/mcp */
  url: string;
  close: () => Promise<void>;
}

/** MCP_ALLOWED_HOSTS, and the address it listens on when that is one name (not 0.0.0.0 or ::), as the mock does. */
function allowedHosts(host: string, listed: string | undefined): string[] {
  const names = parseAllowedHosts(listed);
  const own = host.includes(':') ? `[${host.toLowerCase()}]` : host.toLowerCase();
  if (host !== '0.0.0.0' && host !== '::' && !names.includes(own)) names.push(own);
  return names;
}

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }));
}

export async function serveHttp(factory: McpServerFactory, options: HttpOptions): Promise<ServedHttp> {
  const hosts = allowedHosts(options.host, options.env.MCP_ALLOWED_HOSTS);
  const origins = parseControlOrigins(options.env.MCP_ALLOWED_ORIGINS);
  const handler = createMcpHandler(factory, { maxRequestBodySize: MAX_BODY_BYTES });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hostAllowed(req.headers.host, hosts)) {
      const shown = JSON.stringify((req.headers.host ?? '').slice(0, 100));
      return refuse(res, 403, `video-api-mcp answers only loopback names and MCP_ALLOWED_HOSTS, not Host ${shown}.`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !controlOriginAllowed(origin, origins))
      return refuse(res, 403, `Pages on ${origin.slice(0, 100)} may not use video-api-mcp (allow it with MCP_ALLOWED_ORIGINS).`);
    const cors: Record<string, string> = origin === undefined ? {} : { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', ...CORS_HEADERS };
    const url = new URL(req.url ?? '/', 'http://mcp.local');
    if (url.pathname !== MCP_PATH) return refuse(res, 404, `The MCP endpoint is ${MCP_PATH}.`, cors);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const read = await readBody(req, MAX_BODY_BYTES);
    if (!read.body) return refuse(res, 413, `The request body is over ${MAX_BODY_BYTES} bytes.`, cors);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    // Ends a stream the client walked away from.
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && read.body.length > 0;
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? new Uint8Array(read.body) : undefined,
      signal: aborted.signal,
    });
    const response = await handler.fetch(request);
    const out: Record<string, string> = { ...cors };
    response.headers.forEach((value, name) => {
      out[name] = value;
    });
    res.writeHead(response.status, out);
    if (!response.body) {
      res.end();
      return;
    }
    // Streamed as it comes: a server-sent events answer flushes each event.
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        break;
      }
      res.write(value);
    }
    res.end();
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, `video-api-mcp: ${error instanceof Error ? error.message : error}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
