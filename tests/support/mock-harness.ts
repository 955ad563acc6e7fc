// Test harness for the mock: starts the real `npm start` entry point (mock/start.ts) as a child
// process on a free port (mock/launch.ts), talks to it over real HTTP, and checks every answer
// against the contract's response schema for that operation and status.
import { afterAll, beforeAll } from 'vitest';
import { operations } from '../../generated/contract.js';
import { newAjv } from '../../lib/contract/ajv.js';
import { ContractModel, escapeToken, isReference, type Header, type Response } from '../../lib/contract/index.js';
import { startMockProcess } from '../../mock/launch.js';

export { freePort } from '../../lib/free-port.js';

/** The contract model of the bundle (generated/openapi.json). */
export const model = ContractModel.load();
/** The bundled contract (generated/openapi.json), as read by the contract model. */
export const spec = model.doc;

export type OperationId = keyof typeof operations;

export interface RunningMock {
  base: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export async function startMock(env: Record<string, string> = {}): Promise<RunningMock> {
  const mock = await startMockProcess({ MOCK_STEP_MS: '40', ...env });
  return { base: mock.baseUrl, logs: mock.logs, stop: mock.stop };
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

// The repository's one Ajv set-up (lib/contract/ajv.ts): 2020-12, the formats, every error.
const ajv = newAjv();
ajv.addSchema({ ...spec, $id: 'openapi.json' });

const pointerPart = (part: string) => encodeURIComponent(escapeToken(part));

/**
 * Fails (throws) when the reply is not what the contract documents for the operation: an
 * undocumented status, a missing rate-limit header, or a body that violates the response schema.
 */
export function expectConforms(operationId: OperationId, reply: Reply): void {
  const op = operations[operationId];
  const entry = model.operation(operationId);
  const code = String(reply.status);
  const key = [code, `${code[0]}XX`, 'default'].find((candidate) => entry.operation.responses[candidate]);
  if (!key) throw new Error(`${operationId}: status ${code} is not documented (${reply.text.slice(0, 200)})`);
  const declared = entry.operation.responses[key];
  const response = model.deref<Response>(declared);
  for (const [header, definition] of Object.entries(response.headers ?? {})) {
    if (model.deref<Header>(definition).required && !reply.headers.has(header)) {
      throw new Error(`${operationId}: ${code} lacks the ${header} header`);
    }
  }
  const media = response.content?.['application/json'];
  if (!media) return;
  // Compiled from the bundle by reference, so every $ref resolves inside the same document.
  const pointer = ['paths', op.path, op.method.toLowerCase(), 'responses', key].map(pointerPart).join('/');
  const responseRef = isReference(declared) ? declared.$ref : undefined;
  const ref = responseRef
    ? `openapi.json${responseRef}/content/application~1json/schema`
    : `openapi.json#/${pointer}/content/application~1json/schema`;
  if (!ajv.getSchema(ref)) ajv.addSchema({ $ref: ref }, ref);
  const validate = ajv.getSchema(ref)!;
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
export function multipart(fields: Record<string, string | { filename: string; type: string; data: string }>): {
  raw: string;
  headers: Record<string, string>;
} {
  const boundary = `mock-test-${Math.random().toString(16).slice(2)}`;
  let raw = '';
  for (const [name, value] of Object.entries(fields)) {
    raw += `--${boundary}\r\n`;
    if (typeof value === 'string') raw += `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    else
      raw += `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n${value.data}\r\n`;
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
  /** Moves the mock's clock `steps` job steps forward (POST /__mock/clock/advance). */
  async function advance(steps = 1): Promise<void> {
    const base = running().base.replace(/\/v2$/, '');
    const reply = await call(base, 'POST', '/__mock/clock/advance', { token: null, body: { steps } });
    if (reply.status !== 200) throw new Error(`clock advance: ${reply.status} ${reply.text.slice(0, 200)}`);
  }
  /**
   * For a mock started with MOCK_CLOCK=manual: reads, and while `done` rejects the value, advances
   * the clock one step and reads again. Every state a job passes through is seen, whatever the
   * machine's load; returns every distinct value in order. Fails after `maxSteps` steps.
   */
  async function stepUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, maxSteps = 20): Promise<T[]> {
    const seen: T[] = [];
    for (let step = 0; ; step++) {
      const value = await read();
      if (!seen.some((s) => JSON.stringify(s) === JSON.stringify(value))) seen.push(value);
      if (done(value)) return seen;
      if (step >= maxSteps) throw new Error(`not done after ${maxSteps} steps; saw ${JSON.stringify(seen)}`);
      await advance(1);
    }
  }
  return {
    get base() {
      return running().base;
    },
    logs: () => running().logs(),
    op,
    balance,
    advance,
    stepUntil,
  };
}
