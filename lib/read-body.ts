// Reading a request body within a byte limit, for the mock's server and the validating proxy: the
// bytes, or `undefined` once the body is known to pass the limit (never kept whole). What happens to
// the rest of a refused body is the caller's choice: the mock reads it to its end (discarded, within
// a bound of bytes and time) before it answers 413, because a client that writes its whole body
// before reading (Python's urllib) would otherwise meet a closed connection instead of the answer;
// the proxy answers at once and lets the rest be discarded.
import type { IncomingMessage } from 'node:http';

export interface BodyRead {
  /** The whole body, when it is within the limit. */
  body?: Buffer;
  /** A refused body's drain stopped at its bound: unread bytes are left on the connection. */
  cut?: boolean;
}

/** How long a refused body is read to its end (`undefined`: not at all). */
export interface Drain {
  maxBytes: number;
  maxMs: number;
}

export function readBody(req: IncomingMessage, maxBytes: number, drain?: Drain): Promise<BodyRead> {
  return new Promise((resolve, reject) => new BodyReader(req, maxBytes, drain, resolve, reject));
}

/** readBody's state for one request (a class, so a request makes no named closures). */
class BodyReader {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private refused = false;
  private finished = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly maxBytes: number,
    private readonly drain: Drain | undefined,
    private readonly resolve: (result: BodyRead) => void,
    reject: (error: unknown) => void,
  ) {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) this.refuse();
    if (this.finished) return;
    req.on('data', (chunk: Buffer) => this.data(chunk));
    req.on('end', () => this.done(this.refused ? {} : { body: Buffer.concat(this.chunks) }));
    req.on('error', (error) => {
      clearTimeout(this.timer);
      reject(error);
    });
  }

  private data(chunk: Buffer): void {
    this.size += chunk.length;
    if (!this.refused && this.size > this.maxBytes) this.refuse();
    if (this.finished) return;
    if (!this.refused) this.chunks.push(chunk);
    else if (this.drain && this.size > this.maxBytes + this.drain.maxBytes) this.done({ cut: true });
  }

  private refuse(): void {
    this.refused = true;
    this.chunks.length = 0;
    if (this.drain) {
      this.timer = setTimeout(() => this.done({ cut: true }), this.drain.maxMs);
      return;
    }
    // No drain: answer now; the rest of the body flows in and is discarded.
    this.done({});
    this.req.resume();
  }

  private done(result: BodyRead): void {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    this.req.removeAllListeners('data');
    this.resolve(result);
  }
}
