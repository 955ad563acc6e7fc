// What the checker reads of an answer the proxy streams through: the target's bytes go to the
// client unchanged as they come; beside them the proxy keeps a copy, up to PROXY_MAX_RESPONSE_BYTES,
// and once the answer is complete decodes its Content-Encoding (gzip, deflate, br: Node's zlib,
// chunk by chunk, stopped as soon as the decoded size passes the same cap) so the checker judges what the API meant, not
// what the front server compressed. Past the cap nothing more is kept: the answer is unjudged.
import zlib from 'node:zlib';

/** The answer's body as the checker gets it, or why it is not judged. */
export type Tapped =
  | { kind: 'body'; body: Buffer }
  /** Raw or decoded, the body passed the cap: streamed through, not judged. */
  | { kind: 'too-large'; bytes: number; decoded: boolean }
  /** A content coding the proxy does not decode (zstd, compress, ...): not judged. */
  | { kind: 'not-decoded'; coding: string }
  /** The body does not decode as its Content-Encoding says (a bad gzip): the target's error. */
  | { kind: 'undecodable'; message: string };

type Coding = 'gzip' | 'deflate' | 'br';
const CODINGS: Record<string, Coding> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br' };
/** More layers than this is not something a front server sends; it is not decoded. */
const MAX_LAYERS = 2;

/** A body that does not decode as its Content-Encoding says; its code names it for the checker. */
export class Undecodable extends Error {
  readonly code = 'EUNDECODABLE';
}

/** The raw bytes of an answer, kept while they stay within `cap`; past it only counted. */
export class BodyTap {
  bytes = 0;
  #chunks: Buffer[] | undefined = [];
  constructor(readonly cap: number) {}

  /** Keeps the chunk; returns true when this chunk made the body pass the cap (kept bytes dropped). */
  write(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (!this.#chunks) return false;
    if (this.bytes > this.cap) {
      this.#chunks = undefined;
      return true;
    }
    this.#chunks.push(chunk);
    return false;
  }

  get overCap(): boolean {
    return this.#chunks === undefined;
  }

  /**
   * The whole body, decoded per `contentEncoding`, or why it is not judged. Synchronous, so the
   * verdict is in before anything else runs (an in-process caller reads it right after the answer).
   */
  read(contentEncoding: string | string[] | undefined): Tapped {
    if (!this.#chunks) return { kind: 'too-large', bytes: this.bytes, decoded: false };
    const raw = Buffer.concat(this.#chunks);
    this.#chunks = [];
    const layers = String(contentEncoding ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c && c !== 'identity');
    if (!layers.length || !raw.length) return { kind: 'body', body: raw };
    const unknown = layers.find((c) => !CODINGS[c]);
    if (unknown !== undefined || layers.length > MAX_LAYERS) return { kind: 'not-decoded', coding: layers.join(', ') };
    let body: Buffer = raw;
    // Codings are listed in the order they were applied: undone last first.
    for (const layer of [...layers].reverse()) {
      try {
        body = decode(body, CODINGS[layer], this.cap);
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large', bytes: this.bytes, decoded: true };
        return { kind: 'undecodable', message: `${layer}: ${(error as Error).message}` };
      }
    }
    return { kind: 'body', body };
  }
}

/**
 * One layer undone by zlib, which decodes chunk by chunk and stops with ERR_BUFFER_TOO_LARGE as
 * soon as the output passes `cap` (a small bomb never grows past it). Deflate as HTTP means it is
 * zlib-wrapped; some servers send it raw, which browsers accept too, and so does the proxy.
 */
function decode(input: Buffer, coding: Coding, cap: number): Buffer {
  const options = { maxOutputLength: Math.max(1, cap) };
  if (coding === 'br') return zlib.brotliDecompressSync(input, options);
  if (coding === 'gzip') return zlib.gunzipSync(input, options);
  const zlibWrapped = input.length >= 2 && (input[0] & 0x0f) === 8 && (input[0] * 256 + input[1]) % 31 === 0;
  return zlibWrapped ? zlib.inflateSync(input, options) : zlib.inflateRawSync(input, options);
}
