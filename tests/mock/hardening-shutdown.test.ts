// SIGTERM ends the mock even with a slow client attached: it stops listening, cuts the connection
// that is still sending its body, and exits 0 (before, it waited until that client left).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sockets: net.Socket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('mock shutdown with a slow client', () => {
  it('exits 0 on SIGTERM while a client holds a half-sent body, and frees its port', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, MOCK_PORT: '0', MOCK_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let output = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', () => reject(new Error(`mock exited before listening:\n${output}`)));
    });
    const slow = await connect(port);
    sockets.push(slow);
    const closed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    slow.on('error', () => {});
    // Headers complete, body promised as 1000 bytes, only 10 sent.
    slow.write(
      'POST /v2/faceless HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer slow\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"type":"b',
    );
    // Let the server see the request before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    const exit = await exited;
    await closed;
    const refused = await connect(port).then(
      (socket) => {
        socket.destroy();
        return 'still listening';
      },
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect({ exit, refused }).toEqual({ exit: { code: 0, signal: null }, refused: 'ECONNREFUSED' });
  }, 60_000);
});
