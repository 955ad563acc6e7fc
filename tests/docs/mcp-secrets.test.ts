// video-api-mcp keeps secrets where the user put them (issue 52): a token with a line break is
// refused at start without being shown; whatever a deployment echoes back (the token exact, upper
// case, base64, `\u`-escaped, the base URL's user:password) is redacted from results and errors;
// `.` and `..` path values never reach the network; an oversized argument is a tool error.
import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/consumer.js';
import { deploymentOf, redactor } from '../../mcp/secrets.js';
import { connectSource, MCP_BIN_ARGS, textOf, type ToolResult } from '../support/mcp-source.js';

const TOKEN = 'Sk-Live-4711-secretToken';
const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const seen: IncomingMessage[] = [];
// A deployment that answers with what it received, in every form a careless server might use.
const echo = createServer((req, res) => {
  seen.push(req);
  const auth = String(req.headers.authorization);
  const echoed = {
    headers: req.headers,
    upper: auth.toUpperCase(),
    b64: Buffer.from(auth).toString('base64'),
    b64url: Buffer.from(`x${TOKEN}`).toString('base64url'),
  };
  const status = req.url?.includes('/me') ? 200 : 500;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(echoed).replace('}', `,"escaped":"${escaped}"}`));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  base = `http://alice:pa55-w0rd@127.0.0.1:${(echo.address() as AddressInfo).port}/v2`;
});
afterAll(() => echo.close());

function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      MCP_BIN_ARGS,
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('video-api-mcp secrets', () => {
  it('refuses a token with CR or LF at start, with a clear message and exit code 2, never showing it', async () => {
    for (const bad of [`abc\nsecret-part-99`, `abc\rsecret-part-99`]) {
      const got = await run({ VIDEO_API_BASE_URL: 'http://127.0.0.1:9/v2', VIDEO_API_TOKEN: bad });
      expect(got.code).toBe(2);
      expect(got.stderr).toMatch(/VIDEO_API_TOKEN .*line break/);
      expect(got.stderr + got.stdout).not.toContain('secret-part-99');
      expect(got.stderr + got.stdout).not.toContain('abc');
    }
  }, 60_000);

  it('redacts the token in any form and the base URL credentials from results and errors', async () => {
    const { client } = await connectSource({ VIDEO_API_BASE_URL: base, VIDEO_API_TOKEN: TOKEN });
    try {
      const texts = [
        textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getMe' } })),
        textOf(await client.callTool({ name: 'call', arguments: { operationId: 'getFacelessVideo', pathParams: { faceless: 7 } } })),
      ];
      expect(String(seen.at(-1)?.headers.authorization)).toBe(`Bearer ${TOKEN}`);
      expect(texts[0]).toMatch(/→ 200/);
      expect(texts[1]).toMatch(/→ 500/);
      const forms = [
        TOKEN,
        TOKEN.toUpperCase(),
        TOKEN.toLowerCase(),
        escaped,
        Buffer.from(`Bearer ${TOKEN}`).toString('base64').slice(8, -4),
        'pa55-w0rd',
        'alice',
      ];
      for (const t of texts) for (const form of forms) expect(t).not.toContain(form);
      expect(texts[0]).toContain('[token]');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('redacts a token of any length, but not a user name too short to tell from ordinary text', () => {
    const deployment = deploymentOf({ VIDEO_API_BASE_URL: 'https://al:longpassword@api.example/v2/', VIDEO_API_TOKEN: 'k9z' });
    expect(deployment?.baseUrl).toBe('https://api.example/v2');
    const redact = redactor(deployment?.secrets ?? []);
    expect(redact('Bearer k9z, K9Z, al, longpassword')).toBe('Bearer [token], [token], al, [token]');
  });

  it('refuses . and .. path values (and their percent-encoded forms) before any request', async () => {
    const { client } = await connectSource({ VIDEO_API_BASE_URL: base, VIDEO_API_TOKEN: TOKEN });
    try {
      const before = seen.length;
      for (const value of ['.', '..', '%2e', '%2E%2e', '.%2E', '%252e%252e']) {
        const r = (await client.callTool({
          name: 'call',
          arguments: { operationId: 'getFacelessVideo', pathParams: { faceless: value } },
        })) as ToolResult;
        expect(r.isError).toBe(true);
        expect(textOf(r)).toMatch(/faceless.*(\.|dot)/);
      }
      expect(seen.length).toBe(before);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('ends with exit code 1 and says why when a stdio message is over 64 MiB', async () => {
    const child = spawn(process.execPath, MCP_BIN_ARGS, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.on('error', () => {});
    child.stdin.write(Buffer.alloc(65 * 1024 * 1024, 0x78));
    expect(await exit).toBe(1);
    expect(stderr).toMatch(/video-api-mcp: a message over \d+ bytes arrived on stdin; stopped/);
  }, 120_000);

  it('answers an oversized argument (16 MB) with a tool error and keeps serving', async () => {
    const { client } = await connectSource({ MOCK_STEP_MS: '1' });
    try {
      const big = 'x'.repeat(16 * 1024 * 1024);
      const r = (await client.callTool({
        name: 'call',
        arguments: { operationId: 'createFacelessVideo', body: { topic: big } },
      })) as ToolResult;
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/too large|over .* bytes/i);
      expect(textOf(r).length).toBeLessThan(2000);
      const me = (await client.callTool({ name: 'call', arguments: { operationId: 'getMe' } })) as ToolResult;
      expect(textOf(me)).toMatch(/→ 200/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
