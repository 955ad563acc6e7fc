// The target's answer on its way to the client: status, headers and body bytes unchanged (only
// hop-by-hop headers are the connection's own), streamed as they arrive with the client's pace
// respected (never held whole), while a BodyTap keeps a copy for the checker up to the cap.
import type http from 'node:http';
import { HOP_BY_HOP } from '../http-forward.js';
import { BodyTap } from './answer-body.js';

export interface Relayed {
  tap: BodyTap;
  /** The target broke off the answer (reset, or the exchange passed PROXY_TIMEOUT_MS): its error. */
  targetError?: Error & { code?: string };
  /** The client went away before the whole answer was sent. */
  clientGone: boolean;
}

/**
 * Streams `upstream` to `res`. `onOverCap` is called once, when the body passes `cap` (the copy
 * is dropped then; the client keeps receiving). Resolves when the answer has ended, either way.
 */
export function relay(
  res: http.ServerResponse,
  upstream: http.IncomingMessage,
  cap: number,
  onOverCap: (bytesSoFar: number) => void,
): Promise<Relayed> {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  // The target's own length (a HEAD's included) goes on; without one the answer goes chunked.
  if (upstream.headers['content-length'] !== undefined && upstream.headers['transfer-encoding'] === undefined)
    headers['content-length'] = upstream.headers['content-length'];
  res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage || undefined, headers);
  const tap = new BodyTap(cap);
  return new Promise((resolve) => {
    let ended = false;
    const done = (outcome: Omit<Relayed, 'tap'>) => {
      if (ended) return;
      ended = true;
      resolve({ tap, ...outcome });
    };
    upstream.on('data', (chunk: Buffer) => {
      if (tap.write(chunk)) onOverCap(tap.bytes);
      // The client's pace: a slow reader pauses the target instead of filling the proxy's memory.
      if (!res.write(chunk)) {
        upstream.pause();
        res.once('drain', () => upstream.resume());
      }
    });
    // Resolved in the same turn as the end is written: whoever reads the verdict next finds it in.
    upstream.on('end', () => {
      res.end();
      done({ clientGone: false });
    });
    // A body cut short by the target is no complete answer: the client sees the connection end.
    const broken = (error: Error & { code?: string }) => {
      if (ended) return;
      res.destroy();
      done({ targetError: error, clientGone: false });
    };
    upstream.on('error', broken);
    upstream.on('close', () => {
      if (!upstream.complete) broken(Object.assign(new Error('the target closed the connection mid-answer'), { code: 'ECONNRESET' }));
    });
    res.on('close', () => {
      if (ended) return;
      upstream.destroy();
      done({ clientGone: true });
    });
  });
}
