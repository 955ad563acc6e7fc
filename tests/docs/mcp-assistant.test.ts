// video-api-mcp used by an assistant that does not guess (issue 55 item 4): the MCP SDK's client
// reads the server's instructions and the tools' annotations and input descriptions, finds an
// operation, reads its body schema and price, creates a launch clip and a voice clone (multipart:
// one sample by path on disk, one as base64), polls both to a terminal state at the contract's
// cadence (the mock's step is 1 ms), and reads the ledger. Errors name the URL, the cause and an
// unknown path parameter.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { type Client, Client as SdkClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/consumer.js';
import { bodyOf, connectSource, MCP_BIN_ARGS, textOf, type ToolResult } from '../support/mcp-source.js';

let client: Client;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mcp-assistant-'));
  ({ client } = await connectSource({ MOCK_STEP_MS: '1' }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A short valid 16-bit mono PCM WAV. */
function wav(): Buffer {
  const data = Buffer.alloc(1600, 7);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(16_000, 24);
  head.writeUInt32LE(32_000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

const tool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;

async function pollUntil(operationId: string, id: string, terminal: string[]): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < 100 && !terminal.includes(states.at(-1) ?? ''); i++)
    states.push(bodyOf(await tool('call', { operationId, pathParams: { id } })).data.status);
  return states;
}

describe('video-api-mcp for an assistant', () => {
  it('tells how to use it: instructions, annotations, and a description on every input', async () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toMatch(/allowCharges/);
    expect(instructions).toMatch(/ask the user/);
    expect(instructions).toMatch(/data\.id/);
    expect(instructions).toMatch(/getLaunchClip every 5 to 10 s until completed or failed/);
    const { tools } = await client.listTools();
    for (const t of tools) {
      expect(t.annotations, t.name).toMatchObject({ readOnlyHint: t.name !== 'call', openWorldHint: t.name === 'call' });
      for (const [name, property] of Object.entries((t.inputSchema.properties ?? {}) as Record<string, { description?: string }>))
        expect(property.description, `${t.name}.${name}`).toBeTruthy();
    }
    expect(tools.find((t) => t.name === 'call')?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });
  }, 60_000);

  it('finds, prices, creates and polls a launch clip, uploads a voice clone, and reads the ledger', async () => {
    const found = JSON.parse(textOf(await tool('search_operations', { query: 'launch clip' })));
    expect(found.map((f: { operationId: string }) => f.operationId)).toContain('createLaunchClip');
    const schema = JSON.parse(textOf(await tool('get_request_schema', { operationId: 'createLaunchClip' })));
    expect(schema.body.mediaType).toBe('application/json');
    expect(Object.keys(schema.body.schema.properties)).toEqual(expect.arrayContaining(['product_name', 'domain', 'idea']));
    const cost = JSON.parse(textOf(await tool('get_credit_cost', { operationId: 'createLaunchClip' })));
    expect(cost.credits).toMatchObject({ charges: true, cost: 5 });
    const body = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A one-tap espresso timer' };
    const clip = bodyOf(await tool('call', { operationId: 'createLaunchClip', body, allowCharges: true })).data;
    expect((await pollUntil('getLaunchClip', clip.id, ['completed', 'failed'])).at(-1)).toBe('completed');

    const upload = JSON.parse(textOf(await tool('get_request_schema', { operationId: 'createVoiceClone' })));
    expect(upload).toMatchObject({ body: { mediaType: 'multipart/form-data' }, fileFields: ['samples[]'] });
    const sample = path.join(dir, 'take one.wav');
    writeFileSync(sample, wav());
    const created = await tool('call', {
      operationId: 'createVoiceClone',
      body: { terms: true, name: 'Narrator', gender: 'female' },
      files: { 'samples[]': [{ path: sample }, { base64: wav().toString('base64'), filename: 'take two.wav' }] },
      allowCharges: true,
    });
    expect(textOf(created)).toMatch(/→ 20[01]\n/);
    const clone = bodyOf(created).data;
    expect((await pollUntil('getVoiceClone', clone.id, ['completed'])).at(-1)).toBe('completed');

    const ledger = await tool('call', { operationId: 'listCreditHistory' });
    expect(textOf(ledger)).toMatch(/→ 200\n/);
    // The launch clip's 5 credits; the voice clone took a free slot, so it charged nothing.
    expect(bodyOf(ledger).data).toEqual([
      expect.objectContaining({ label: 'Create a launch clip', credit_spend: '-5', transaction_type: 'Debit' }),
    ]);
  }, 120_000);

  it('names an unknown path parameter, a missing file, and the URL and cause of a refused connection', async () => {
    const unknown = await tool('call', { operationId: 'getLaunchClip', pathParams: { clip_id: 'x' } });
    expect({ isError: unknown.isError, text: textOf(unknown) }).toMatchObject({
      isError: true,
      text: expect.stringMatching(/unknown path parameter clip_id \(it takes id\)/),
    });
    const absent = await tool('call', { operationId: 'getLaunchClip', pathParams: { id: 'no-such-clip' } });
    expect({ isError: absent.isError, text: textOf(absent) }).toMatchObject({
      isError: true,
      text: expect.stringMatching(
        /^GET \/launch-clips\/\{id\} on the mock → 404 \(http:\/\/127\.0\.0\.1:\d+\/v2\/launch-clips\/no-such-clip\)\n/,
      ),
    });
    const missing = await tool('call', {
      operationId: 'createVoiceClone',
      body: { terms: true },
      files: { 'samples[]': { path: path.join(dir, 'nope.wav') } },
      allowCharges: true,
    });
    expect(textOf(missing)).toMatch(/No file at .*nope\.wav/);
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client: away } = await connectSource({ VIDEO_API_BASE_URL: `http://127.0.0.1:${port}/v2`, VIDEO_API_TOKEN: 'some-token-1234' });
    try {
      const refused = await away.callTool({ name: 'call', arguments: { operationId: 'getMe' } });
      expect(textOf(refused)).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/v2/me.*connection refused`));
    } finally {
      await away.close();
    }
  }, 60_000);
});

describe('video-api-mcp over HTTP and files by path', () => {
  it('reads a file by path only under MCP_UPLOAD_DIR, and takes base64 anyway', async () => {
    const allowed = mkdtempSync(path.join(tmpdir(), 'mcp-upload-dir-'));
    const inside = path.join(allowed, 'take.wav');
    const outside = path.join(dir, 'outside.wav');
    writeFileSync(inside, wav());
    writeFileSync(outside, wav());
    const child = spawn(process.execPath, [...MCP_BIN_ARGS, '--http', '0'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', MOCK_STEP_MS: '1', MCP_UPLOAD_DIR: allowed },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /Streamable HTTP on (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
    });
    const http = new SdkClient({ name: 'test-assistant', version: '1.0.0' });
    try {
      await http.connect(new StreamableHTTPClientTransport(new URL(url)));
      const send = async (file: Record<string, string> | Record<string, string>[]) =>
        textOf(
          await http.callTool({
            name: 'call',
            arguments: {
              operationId: 'createVoiceClone',
              body: { terms: true, name: 'N', gender: 'male' },
              files: { 'samples[]': file },
              allowCharges: true,
            },
          }),
        );
      expect(await send({ path: outside })).toMatch(/only from under MCP_UPLOAD_DIR/);
      expect(await send({ path: path.join(allowed, '..', path.basename(dir), 'outside.wav') })).toMatch(/only from under MCP_UPLOAD_DIR/);
      // One clone (the account's free slot) from both: a file under MCP_UPLOAD_DIR and base64.
      expect(await send([{ path: inside }, { base64: wav().toString('base64'), filename: 'b.wav' }])).toMatch(/→ 20[01]\n/);
    } finally {
      await http.close();
      child.kill('SIGTERM');
      await exit;
      rmSync(allowed, { recursive: true, force: true });
    }
  }, 60_000);
});
