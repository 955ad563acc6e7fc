// The `call` tool: one request to the API. Without VIDEO_API_BASE_URL and VIDEO_API_TOKEN it goes to
// a mock started in this process (its own paid account); with both set by the user, to that
// deployment with that token. The token is never an argument and never in a result: every text
// that leaves here has it replaced. A charging operation is sent only with allowCharges: true.
import { fillPath } from '../lib/contract/index.js';
import type { Document } from '../lib/contract/index.js';
import { startMock, type RunningMock } from '../mock/index.js';
import { findOperation } from './contract.js';

export interface CallInput {
  operationId: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  allowCharges?: boolean;
}

export interface Target {
  baseUrl: string;
  token: string;
  where: 'mock' | 'deployment';
}

let mock: Promise<RunningMock> | undefined;

/** The deployment the user set, or the in-process mock (started on first use). */
export async function target(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  if (env.VIDEO_API_BASE_URL && env.VIDEO_API_TOKEN)
    return { baseUrl: env.VIDEO_API_BASE_URL.replace(/\/+$/, ''), token: env.VIDEO_API_TOKEN, where: 'deployment' };
  // The mock logs nowhere: stdout is the protocol's channel.
  mock ??= startMock({ port: 0, stepMs: env.MOCK_STEP_MS ? Number(env.MOCK_STEP_MS) : undefined, log: () => {} });
  return { baseUrl: (await mock).url, token: 'mcp-assistant', where: 'mock' };
}

export async function stopMock(): Promise<void> {
  if (mock) await (await mock).close();
}

export function redact(text: string, token: string): string {
  return token ? text.split(token).join('[token]') : text;
}

export async function call(doc: Document, input: CallInput): Promise<{ text: string; isError: boolean }> {
  const o = findOperation(doc, input.operationId);
  if (!o) return { text: `No operation ${input.operationId}; search_operations lists them.`, isError: true };
  if (o.operation['x-credits']?.charges && input.allowCharges !== true)
    return { text: `${o.label} charges credits: call again with allowCharges: true if the user agreed to spend them.`, isError: true };
  const { path, missing } = fillPath(o.path, (name) => input.pathParams?.[name]);
  if (missing.length) return { text: `Missing path parameters: ${missing.join(', ')}.`, isError: true };
  const t = await target();
  const url = new URL(`${t.baseUrl}${path}`);
  for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { authorization: `Bearer ${t.token}`, accept: 'application/json' };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: o.method.toUpperCase(),
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    signal: AbortSignal.timeout(60_000),
  });
  const answer = (await response.text()).slice(0, 200_000);
  const text = `${o.label} on the ${t.where} → ${response.status}\n${answer}`;
  return { text: redact(text, t.token), isError: response.status >= 400 };
}
