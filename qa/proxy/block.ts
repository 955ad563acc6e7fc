// PROXY_BLOCK_CHARGES=1: the proxy answers every operation the contract marks
// x-credits.charges itself, in the API's error envelope, and never forwards it, so a team can click
// through staging without spending. The answer is the proxy's choice, not the API's: 403 (the
// request is understood and refused) with the code PROXY-CHARGE-BLOCKED, which the API itself never
// sends, and an X-Proxy-Blocked header naming the operation.
//
// The decision is made on the path as an ordinary front server routes it (lib/contract's
// canonicalPath: /faceless/1/%72ender, //render, x/../render are all the render), in any letter
// case (some servers route case-blind), under the method and any method-override header. A path
// whose meaning depends on how the target decodes it
// (an encoded slash, dot, ?, #, ;, whitespace or control character, a backslash, ...) is refused
// with 400 PROXY-AMBIGUOUS-PATH: forwarding it would be a guess.
import type http from 'node:http';
import { canonicalPath, type ContractOperation } from '../../lib/contract/index.js';
import type { Match } from '../checker/match.js';
import type { UpstreamAnswer } from '../http-forward.js';

export const BLOCKED_STATUS = 403;
export const BLOCKED_CODE = 'PROXY-CHARGE-BLOCKED';
export const AMBIGUOUS_STATUS = 400;
export const AMBIGUOUS_CODE = 'PROXY-AMBIGUOUS-PATH';

/** Headers some servers read as the request's real method. */
const METHOD_OVERRIDES = ['x-http-method-override', 'x-http-method', 'x-method-override'];

function envelope(status: number, statusText: string, code: string, message: string, headers: Record<string, string>): UpstreamAnswer {
  return {
    status,
    statusText,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify({ message, status, error: { code } })),
  };
}

export function blockedAnswer(op: ContractOperation): UpstreamAnswer {
  const message = `Not forwarded: ${op.id} (${op.method.toUpperCase()} ${op.path}) charges credits and the validating proxy runs with PROXY_BLOCK_CHARGES=1.`;
  return envelope(BLOCKED_STATUS, 'Forbidden', BLOCKED_CODE, message, { 'x-proxy-blocked': op.id });
}

function ambiguousAnswer(why: string): UpstreamAnswer {
  const message = `Not forwarded: the path contains ${why}, so whether it is an operation that charges credits depends on the target; the validating proxy runs with PROXY_BLOCK_CHARGES=1 and does not guess.`;
  return envelope(AMBIGUOUS_STATUS, 'Bad Request', AMBIGUOUS_CODE, message, { 'x-proxy-answer': AMBIGUOUS_CODE });
}

/** The path of a request target as it arrived: origin-form as is, absolute-form without scheme and authority. */
export function rawPath(requestTarget: string): string {
  const path = requestTarget.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0];
  return path || '/';
}

export interface BlockInput {
  method: string;
  /** req.url, as it arrived. */
  requestTarget: string;
  headers: http.IncomingHttpHeaders;
  basePath: string;
  match: (method: string, path: string) => Match | undefined;
}

/** The proxy's own answer when PROXY_BLOCK_CHARGES=1 keeps this request from the target; undefined to forward it. */
export function blockDecision({
  method,
  requestTarget,
  headers,
  basePath,
  match,
}: BlockInput): { answer: UpstreamAnswer; why: string } | undefined {
  const canonical = canonicalPath(rawPath(requestTarget));
  if (canonical.ambiguous !== undefined) return { answer: ambiguousAnswer(canonical.ambiguous), why: canonical.ambiguous };
  const path = canonical.path;
  if (path !== basePath && !path.toLowerCase().startsWith(`${basePath.toLowerCase()}/`)) return undefined;
  const below = path.slice(basePath.length) || '/';
  const methods = [method, ...METHOD_OVERRIDES.flatMap((name) => String(headers[name] ?? '').split(','))]
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
  for (const m of methods)
    for (const p of [below, below.toLowerCase()]) {
      const op = match(m, p)?.op;
      if (op?.credits?.charges) return { answer: blockedAnswer(op), why: `${op.id} charges credits` };
    }
  return undefined;
}
