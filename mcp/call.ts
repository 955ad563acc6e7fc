// The `call` tool: one request to the API. Without VIDEO_API_BASE_URL and VIDEO_API_TOKEN it goes to
// a mock started in this process (its own paid account); with both set by the user, to that
// deployment with that token. The token is never an argument and never in a result: every text
// that leaves here goes through the redactor (mcp/secrets.ts). A charging operation is sent only with
// allowCharges: true. A multipart operation (createVoiceClone, createCharacter) is sent as
// multipart/form-data: `body` gives the fields, `files` the files (mcp/upload.ts).
import { fillPath, safeDecode, templateParams } from '../lib/contract/index.js';
import type { ContractOperation, Document } from '../lib/contract/index.js';
import { startMock, type RunningMock } from '../mock/index.js';
import { findOperation, requestMedia } from './contract.js';
import { deploymentOf, redactor } from './secrets.js';
import { formOf, type FileInput } from './upload.js';

export interface CallInput {
  operationId: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  files?: Record<string, FileInput | FileInput[]>;
  allowCharges?: boolean;
}

export interface Target {
  baseUrl: string;
  token: string;
  where: 'mock' | 'deployment';
  redact: (text: string) => string;
}

/** The largest arguments a call takes (JSON text); a file by path is read up to the same bound. */
export const MAX_ARGUMENT_BYTES = 8 * 1024 * 1024;

let mock: Promise<RunningMock> | undefined;

/** The deployment the user set, or the in-process mock (started on first use). */
export async function target(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const deployment = deploymentOf(env);
  if (deployment) return { ...deployment, where: 'deployment', redact: redactor(deployment.secrets) };
  // The mock logs nowhere: stdout is the protocol's channel.
  mock ??= startMock({ port: 0, stepMs: env.MOCK_STEP_MS ? Number(env.MOCK_STEP_MS) : undefined, log: () => {} });
  return { baseUrl: (await mock).url, token: 'mcp-assistant', where: 'mock', redact: redactor(['mcp-assistant']) };
}

export async function stopMock(): Promise<void> {
  if (mock) await (await mock).close();
}

/** A path value that would move the URL up or stay in place (`.`, `..`, however often percent-encoded). */
function isDotSegment(value: string): boolean {
  let current = value;
  for (let i = 0; i < 4; i++) {
    if (current === '.' || current === '..') return true;
    const next = safeDecode(current);
    if (next === current) return false;
    current = next;
  }
  return true;
}

/** The path with its parameters, or why not (an unknown name, a missing one, a dot segment). */
function pathOf(o: ContractOperation, params: Record<string, string | number> = {}): { path?: string; problem?: string } {
  const names = templateParams(o.path);
  const unknown = Object.keys(params).filter((k) => !names.includes(k));
  const takes = names.length ? `it takes ${names.join(', ')}` : 'it takes none';
  if (unknown.length) return { problem: `${o.label}: unknown path parameter ${unknown.join(', ')} (${takes}).` };
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    if (text === '' || isDotSegment(text)) return { problem: `Path parameter ${name} may not be empty, "." or ".." (in any encoding): refused, nothing was sent.` };
  }
  const { path, missing } = fillPath(o.path, (name) => params[name]);
  if (missing.length) return { problem: `${o.label}: missing path parameters ${missing.join(', ')} (${takes}).` };
  return { path };
}

/** Why fetch failed, in words: the code of its cause (ECONNREFUSED: connection refused) and its message. */
function causeOf(error: unknown): string {
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    ECONNRESET: 'connection reset',
    ETIMEDOUT: 'connection timed out',
    EAI_AGAIN: 'name lookup failed',
    UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  };
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within 60 seconds';
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code ?? '';
  const said = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return [words[code] ?? code, said].filter(Boolean).join(': ');
}

async function requestOf(o: ContractOperation, doc: Document, input: CallInput, token: string): Promise<RequestInit | string> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const init: RequestInit = { method: o.method.toUpperCase(), headers, signal: AbortSignal.timeout(60_000) };
  if (requestMedia(doc, o) === 'multipart/form-data') {
    const form = await formOf(doc, o, input.body, input.files, MAX_ARGUMENT_BYTES);
    if (typeof form === 'string') return form;
    init.body = form;
  } else if (input.files) return `${o.label} takes no files (its body is JSON): send them with an operation whose body is multipart/form-data.`;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(input.body);
  }
  return init;
}

export async function call(doc: Document, input: CallInput): Promise<{ text: string; isError: boolean }> {
  const size = Buffer.byteLength(JSON.stringify(input) ?? '');
  if (size > MAX_ARGUMENT_BYTES)
    return { text: `The arguments are too large: ${size} bytes, over ${MAX_ARGUMENT_BYTES} bytes. Send a file by path (files) rather than inline.`, isError: true };
  const o = findOperation(doc, input.operationId);
  if (!o) return { text: `No operation ${input.operationId}; search_operations lists them.`, isError: true };
  if (o.operation['x-credits']?.charges && input.allowCharges !== true)
    return { text: `${o.label} charges credits: ask the user, then call again with allowCharges: true if they agreed to spend them.`, isError: true };
  const { path, problem } = pathOf(o, input.pathParams);
  if (problem || path === undefined) return { text: problem ?? 'No path.', isError: true };
  const t = await target();
  const url = new URL(`${t.baseUrl}${path}`);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, String(v));
  const init = await requestOf(o, doc, input, t.token);
  if (typeof init === 'string') return { text: t.redact(init), isError: true };
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    return { text: t.redact(`${o.label}: no answer from ${url.href} on the ${t.where}: ${causeOf(error)}.`), isError: true };
  }
  const answer = (await response.text()).slice(0, 200_000);
  // An error names the URL it came from (the query included; the credentials are never in it).
  const from = response.status >= 400 ? ` (${url.href})` : '';
  const text = `${o.label} on the ${t.where} → ${response.status}${from}\n${answer}`;
  return { text: t.redact(text), isError: response.status >= 400 };
}
