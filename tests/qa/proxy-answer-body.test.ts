// What the proxy's checker reads of an answer (qa/proxy/answer-body.ts), in-process: every coding
// a front server sends decoded, a decompression bomb stopped at the cap, a coding it does not know
// left unjudged, a broken body an error of its own.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyTap } from '../../qa/proxy/answer-body.js';

const body = Buffer.from(JSON.stringify({ data: { id: 1, name: 'x'.repeat(5000) } }));
/** The tap after `bytes` arrived in 1 KB chunks. */
function tapped(bytes: Buffer, cap = 64 * 1024) {
  const tap = new BodyTap(cap);
  for (let at = 0; at < bytes.length; at += 1024) tap.write(bytes.subarray(at, at + 1024));
  return tap;
}

describe('BodyTap', () => {
  it('decodes gzip, x-gzip, deflate (zlib-wrapped and raw), br and two layers to the same bytes', () => {
    const encoded: Array<[string, Buffer]> = [
      ['gzip', zlib.gzipSync(body)],
      ['x-gzip', zlib.gzipSync(body)],
      ['deflate', zlib.deflateSync(body)],
      ['deflate', zlib.deflateRawSync(body)],
      ['br', zlib.brotliCompressSync(body)],
      ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(body))],
      ['identity', body],
      [' GZIP ', zlib.gzipSync(body)],
    ];
    const out = encoded.map(([coding, bytes]) => {
      const t = tapped(bytes).read(coding);
      return t.kind === 'body' && t.body.equals(body) ? 'same' : t.kind;
    });
    expect(out).toEqual(encoded.map(() => 'same'));
  });

  it('keeps a body of exactly the cap; one byte more passes it', () => {
    const exact = new BodyTap(10);
    expect([exact.write(Buffer.from('12345')), exact.write(Buffer.from('67890'))]).toEqual([false, false]);
    expect(exact.read(undefined)).toEqual({ kind: 'body', body: Buffer.from('1234567890') });
    const over = new BodyTap(10);
    expect([over.write(Buffer.from('12345')), over.write(Buffer.from('678901')), over.write(Buffer.from('2'))]).toEqual([
      false,
      true,
      false,
    ]);
    expect(over.overCap).toBe(true);
    expect(over.read(undefined)).toEqual({ kind: 'too-large', bytes: 12, decoded: false });
  });

  it("tells raw deflate from zlib's by both checks of zlib's header, not one", () => {
    // Stored blocks written by hand: a non-final one whose first byte has zlib's method nibble (8)
    // but whose first two bytes fail zlib's check, and a final one whose first two bytes pass the
    // check (0x01 * 256 + 23 is a multiple of 31) with another nibble. Both are raw deflate.
    const stored = (final: boolean, data: Buffer, first = final ? 0x01 : 0x08) =>
      Buffer.concat([Buffer.from([first, data.length & 0xff, data.length >> 8, ~data.length & 0xff, (~data.length >> 8) & 0xff]), data]);
    const nibbleOnly = Buffer.concat([stored(false, Buffer.from('ab')), stored(true, Buffer.alloc(0))]);
    const checkOnly = stored(true, Buffer.from('x'.repeat(23)));
    expect([nibbleOnly, checkOnly].map((raw) => zlib.inflateRawSync(raw).toString())).toEqual(['ab', 'x'.repeat(23)]);
    expect([(0x08 * 256 + 2) % 31 !== 0, (0x01 * 256 + 23) % 31 === 0]).toEqual([true, true]);
    const read = (raw: Buffer) => {
      const t = tapped(raw).read('deflate');
      return t.kind === 'body' ? t.body.toString() : t.kind;
    };
    expect([read(nibbleOnly), read(checkOnly)]).toEqual(['ab', 'x'.repeat(23)]);
  });

  it('stops a decompression bomb at the cap: 16 MB of zeros in 16 KB of gzip is too large, decoded', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(32 * 1024);
    const t = tapped(bomb, 1024 * 1024).read('gzip');
    expect(t).toEqual({ kind: 'too-large', bytes: bomb.length, decoded: true });
  });

  it('drops its copy once the raw body passes the cap, and keeps counting', () => {
    const tap = new BodyTap(4096);
    const passed = [tap.write(Buffer.alloc(4000)), tap.write(Buffer.alloc(4000)), tap.write(Buffer.alloc(4000))];
    expect([passed, tap.overCap, tap.bytes, tap.read(undefined)]).toEqual([
      [false, true, false],
      true,
      12_000,
      { kind: 'too-large', bytes: 12_000, decoded: false },
    ]);
  });

  it('leaves a coding it does not know unjudged, and calls a body that does not decode undecodable', () => {
    expect([tapped(body).read('zstd'), tapped(body).read('gzip, gzip, gzip')]).toEqual([
      { kind: 'not-decoded', coding: 'zstd' },
      { kind: 'not-decoded', coding: 'gzip, gzip, gzip' },
    ]);
    const gzipped = zlib.gzipSync(body);
    const truncated = gzipped.subarray(0, gzipped.length - 4);
    const results = [tapped(body).read('gzip'), tapped(truncated).read('gzip'), tapped(body).read('deflate')];
    expect(results.map((r) => r.kind)).toEqual(['undecodable', 'undecodable', 'undecodable']);
  });

  it('an empty body with a coding (a HEAD, a 204) is an empty body', () => {
    expect(new BodyTap(10).read('gzip')).toEqual({ kind: 'body', body: Buffer.alloc(0) });
  });
});
