// The packed `video-api-mcp` command over Streamable HTTP (`--http 0`), as the MCP suites of this
// folder start it: the address it prints, and its exit code once it stops.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Consumer } from '../support/consumer.js';

export interface McpHttpServer {
  child: ChildProcess;
  /** The endpoint it printed, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  exit: Promise<number | null>;
}

export async function startMcpHttp(consumer: Consumer, env: Record<string, string> = {}): Promise<McpHttpServer> {
  const child = spawn(consumer.bin('video-api-mcp'), ['--http', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      const m = /Streamable HTTP on (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]);
    });
    child.stderr?.on('data', (d) => (output += d));
    void exit.then((code) => reject(new Error(`video-api-mcp --http exited with ${code}:\n${output}`)));
  });
  return { child, url, exit };
}
