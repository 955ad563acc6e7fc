// What only a socket shows. A client that writes its whole body before it reads (Python's urllib)
// reads the 413 for a body over MOCK_MAX_BODY_BYTES, instead of a connection closed under it: the
// mock reads and discards the rest (within a bound) before answering. A body that never ends still
// gets its 413 and the connection closed. And the headers timeout fires at the configured time (Node
// checked only every 30 s, so the documented 10 s limit fired at 30 s).
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_QUIET: '1', MOCK_MAX_BODY_BYTES: String(1024 * 1024), MOCK_HEADERS_TIMEOUT_MS: '1000' });
const target = () => new URL(mock.base);

/** Opens a socket to the mock; resolves with it once connected. */
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target().hostname, port: Number(target().port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the mock sends until it closes (or `ms` pass), and how long that took. */
function readAll(socket: net.Socket, ms: number): Promise<{ text: string; closed: boolean; elapsed: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let text = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      resolve({ text, closed, elapsed: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), ms);
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

/** Writes all of `data` (waiting for the socket to take each part); rejects on a write error (EPIPE, ECONNRESET). */
async function writeAll(socket: net.Socket, parts: Iterable<string | Buffer>): Promise<void> {
  for (const part of parts)
    await new Promise<void>((resolve, reject) => {
      socket.write(part, (error) => (error ? reject(error) : resolve()));
    });
}

// As urllib sends it: Connection: close, which made Node close the socket right after an early 413.
const head = (extra: string) =>
  `POST /v2/faceless HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer drain\r\nContent-Type: application/json\r\n${extra}\r\n`;
const MB = 1024 * 1024;
const chunksOf = (total: number, size = 64 * 1024) => Array.from({ length: Math.ceil(total / size) }, () => Buffer.alloc(size, 120));

describe('a body over MOCK_MAX_BODY_BYTES, written whole before reading', () => {
  it('announced (Content-Length: 5 MB): the client finishes writing, then reads the 413 in the envelope', async () => {
    const socket = await connect();
    await writeAll(socket, [head(`Content-Length: ${5 * MB}\r\n`), ...chunksOf(5 * MB)]);
    const { text } = await readAll(socket, 10_000);
    socket.destroy();
    expect([text.split('\r\n')[0], text.includes('"code":"MOCK-PAYLOAD-TOO-LARGE"')]).toEqual(['HTTP/1.1 413 Payload Too Large', true]);
  });

  it('chunked (5 MB): the same', async () => {
    const socket = await connect();
    const chunked = chunksOf(5 * MB).map((chunk) =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
    );
    await writeAll(socket, [head('Transfer-Encoding: chunked\r\n'), ...chunked, '0\r\n\r\n']);
    const { text } = await readAll(socket, 10_000);
    socket.destroy();
    expect([text.split('\r\n')[0], text.includes('"code":"MOCK-PAYLOAD-TOO-LARGE"')]).toEqual(['HTTP/1.1 413 Payload Too Large', true]);
  });

  it('a body that never ends: the 413 still comes, and the mock closes the connection', async () => {
    const socket = await connect();
    const reading = readAll(socket, 15_000);
    let writing = true;
    socket.on('close', () => (writing = false));
    socket.write(head('Transfer-Encoding: chunked\r\n'));
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 120), Buffer.from('\r\n')]);
    const pump = async () => {
      while (writing && !socket.destroyed)
        await new Promise<void>((resolve) => (socket.write(chunk) ? setImmediate(resolve) : socket.once('drain', resolve)));
    };
    pump().catch(() => undefined);
    const { text, closed, elapsed } = await reading;
    writing = false;
    socket.destroy();
    expect([text.split('\r\n')[0], closed, elapsed < 12_000]).toEqual(['HTTP/1.1 413 Payload Too Large', true, true]);
  });
});

describe('the headers timeout', () => {
  it('fires at the configured time (1 s here), not at the next 30 s check', async () => {
    const socket = await connect();
    const reading = readAll(socket, 6_000);
    // Headers sent slowly and never finished.
    socket.write('GET /v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: y\r\n'), 200);
    const { text, closed, elapsed } = await reading;
    clearInterval(trickle);
    socket.destroy();
    expect([text.split('\r\n')[0], closed, elapsed > 900, elapsed < 3_000]).toEqual(['HTTP/1.1 408 Request Timeout', true, true, true]);
  });
});
