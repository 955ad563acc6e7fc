// One forwarded exchange, from the target's answer head to the verdict: the answer streams to the
// client (relay.ts) and only then is judged, on its decoded body (answer-body.ts). An answer whose
// body passes PROXY_MAX_RESPONSE_BYTES is judged on its status and headers as soon as it passes,
// and listed as unjudged; a body that does not decode as its Content-Encoding says is a target
// error, never a schema violation; an answer the target broke off is a target error too.
import type http from 'node:http';
import type { Checker } from '../checker/checker.js';
import type { Observed, Unjudged } from '../checker/types.js';
import { Undecodable } from './answer-body.js';
import { relay } from './relay.js';

/** A forwarded request waiting for its answer to be judged. */
export interface PendingExchange {
  checker: Checker;
  method: string;
  /** The path below the base path, as the checker reads it. */
  path: string;
  /**
   * The exchange as the checker sees it, all but the answer (filled in here): read when the answer
   * is judged, so a streamed body's size is the one counted by then.
   */
  request: () => Omit<Observed, 'status' | 'responseHeaders' | 'responseBody' | 'at'>;
  maxResponseBytes: number;
  log: (line: string) => void;
}

const EMPTY = Buffer.alloc(0);

export async function relayAndJudge(res: http.ServerResponse, answer: http.IncomingMessage, pending: PendingExchange): Promise<void> {
  const { checker, maxResponseBytes, log, method, path } = pending;
  const status = answer.statusCode ?? 502;
  const check = (responseBody: Buffer) => {
    try {
      checker.check({ ...pending.request(), status, responseHeaders: answer.headers, responseBody, at: Date.now() });
    } catch (error) {
      log(`checker fault on ${method} ${path}: ${(error as Error).stack ?? error}`);
    }
  };
  // Status and headers are judged; the body is listed as not looked at.
  const unjudged = (reason: string, bytes: number): Unjudged | undefined => {
    check(EMPTY);
    log(`unjudged ${method} ${path} (${status}, ${bytes} bytes so far): ${reason}; streamed through`);
    return checker.unjudgedAnswer({ method, path, status, reason, bytes });
  };
  let overCap: Unjudged | undefined;
  const relayed = await relay(res, answer, maxResponseBytes, (bytes) => {
    overCap = unjudged(`body over PROXY_MAX_RESPONSE_BYTES=${maxResponseBytes}`, bytes);
  });
  if (overCap) overCap.bytes = Math.max(overCap.bytes, relayed.tap.bytes);
  if (relayed.targetError) {
    const found = checker.targetError(method, path, relayed.targetError);
    if (found) log(`TARGET ERROR ${found.message} (after ${relayed.tap.bytes} body bytes)`);
    return;
  }
  if (relayed.clientGone || relayed.tap.overCap) return;
  const tapped = relayed.tap.read(answer.headers['content-encoding']);
  if (tapped.kind === 'body') check(tapped.body);
  else if (tapped.kind === 'too-large') unjudged(`decoded body over PROXY_MAX_RESPONSE_BYTES=${maxResponseBytes}`, tapped.bytes);
  else if (tapped.kind === 'not-decoded') unjudged(`Content-Encoding "${tapped.coding}" is not one the proxy decodes`, relayed.tap.bytes);
  else {
    const found = checker.targetError(method, path, new Undecodable(tapped.message));
    if (found) log(`TARGET ERROR ${found.message}`);
  }
}
