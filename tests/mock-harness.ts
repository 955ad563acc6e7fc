// Test harness for the mock: starts the real `npm start` entry point (mock/start.ts) as a child
// process on a free port, talks to it over real HTTP, and checks every answer against the
// contract's response schema for that operation and status.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { operations } from '../generated/contract.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const spec = JSON.parse(readFileSync(path.join(ROOT, 'generated/openapi.json'), 'utf8'));

export type OperationId = keyof typeof operations;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningMock {
  base: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export async function startMock(env: Record<string, string> = {}): Promise<RunningMock> {
  const port = await freePort();
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['mock/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, MOCK_PORT: String(port), MOCK_STEP_MS: '40', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('mock: listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}:\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}/v2`,
    logs: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** One HTTP call. The default token is a paid account; `token: null` sends none. */
export async function call(base: string, method: string, urlPath: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? 'paid-default' : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(`${base}${urlPath}${query}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

// ---- contract conformance of answers -------------------------------------------------------

// Both are CommonJS; under NodeNext their default import is the module object, which is callable.
type AjvInstance = import('ajv').default;
const ajv: AjvInstance = new (Ajv2020 as unknown as new (options: object) => AjvInstance)({ strict: false, allErrors: true, validateFormats: true });
(addFormats as unknown as (instance: AjvInstance) => void)(ajv);
ajv.addSchema({ ...spec, $id: 'openapi.json' });

function deref(node: any): any {
  while (node?.$ref) node = node.$ref.slice(2).split('/').reduce((acc: any, key: string) => acc[key], spec);
  return node;
}

const pointerPart = (part: string) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Fails (throws) when the reply is not what the contract documents for the operation: an
 * undocumented status, a missing rate-limit header, or a body that violates the response schema.
 */
export function expectConforms(operationId: OperationId, reply: Reply): void {
  const op = operations[operationId];
  const item = spec.paths[op.path][op.method.toLowerCase()];
  const code = String(reply.status);
  const key = [code, `${code[0]}XX`, 'default'].find((candidate) => item.responses[candidate]);
  if (!key) throw new Error(`${operationId}: status ${code} is not documented (${reply.text.slice(0, 200)})`);
  const response = deref(item.responses[key]);
  for (const header of Object.keys(response.headers ?? {})) {
    if (deref(response.headers[header]).required && !reply.headers.has(header)) {
      throw new Error(`${operationId}: ${code} lacks the ${header} header`);
    }
  }
  const media = response.content?.['application/json'];
  if (!media) return;
  // Compiled from the bundle by reference, so every $ref resolves inside the same document.
  const pointer = ['paths', op.path, op.method.toLowerCase(), 'responses', key]
    .map(pointerPart)
    .join('/');
  const responseRef = item.responses[key].$ref;
  const ref = responseRef
    ? `openapi.json${responseRef}/content/application~1json/schema`
    : `openapi.json#/${pointer}/content/application~1json/schema`;
  const validate = ajv.getSchema(ref) ?? (ajv.addSchema({ $ref: ref }, ref), ajv.getSchema(ref)!);
  if (!validate(reply.body)) {
    throw new Error(`${operationId}: ${code} body violates the contract: ${ajv.errorsText(validate.errors)}\n${reply.text.slice(0, 400)}`);
  }
}

/** Polls until `read` returns a value accepted by `done`; returns every distinct value seen. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T[]> {
  const seen: T[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (!seen.some((s) => JSON.stringify(s) === JSON.stringify(value))) seen.push(value);
    if (done(value)) return seen;
    if (Date.now() > deadline) throw new Error(`timed out; saw ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A multipart body (for voice clones and characters). */
export function multipart(fields: Record<string, string | { filename: string; type: string; data: string }>): { raw: string; headers: Record<string, string> } {
  const boundary = `mock-test-${Math.random().toString(16).slice(2)}`;
  let raw = '';
  for (const [name, value] of Object.entries(fields)) {
    raw += `--${boundary}\r\n`;
    if (typeof value === 'string') raw += `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    else raw += `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n${value.data}\r\n`;
  }
  raw += `--${boundary}--\r\n`;
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---- one mock per test file --------------------------------------------------------------

/**
 * Starts a mock for the calling test file (vitest hooks) and returns helpers bound to it:
 * `op` calls an operation by id, filling path parameters (default 1), and checks the answer
 * against the contract; `balance` reads a token's credits from GET /me.
 */
export function useMock(env: Record<string, string> = {}) {
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    mock = await startMock(env);
  });
  afterAll(async () => {
    await mock?.stop();
  });
  const running = () => {
    if (!mock) throw new Error('the mock is not running (use inside tests)');
    return mock;
  };
  async function op(id: OperationId, params: Record<string, string | number> = {}, options: CallOptions = {}): Promise<Reply> {
    const { method, path: template } = operations[id];
    const url = template.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params[name] ?? 1)));
    const reply = await call(running().base, method, url, options);
    expectConforms(id, reply);
    return reply;
  }
  const balance = async (token: string) => (await op('getMe', {}, { token })).body.data.credits.remaining as number;
  return {
    get base() {
      return running().base;
    },
    logs: () => running().logs(),
    op,
    balance,
  };
}
