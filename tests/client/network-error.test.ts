// A call that gets no answer (nothing listening on the port) fails with a VideoApiNetworkError that
// names the operation and the URL, with the network's own error as its cause, instead of a bare
// "TypeError: fetch failed". A call its own signal stops still rejects with the signal's reason.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createVideoApiClient, VideoApiNetworkError } from '../../client/index.js';

/** A loopback port nothing listens on: one the system handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a call that gets no answer', () => {
  it('names the operation and the URL, and keeps the network error as its cause', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v2`;
    const api = createVideoApiClient({ baseUrl, token: 'sk-live-network-secret-1' });
    const error = await api.GET('/faceless/{faceless}', { params: { path: { faceless: 7 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoApiNetworkError);
    const network = error as VideoApiNetworkError;
    expect(network).toMatchObject({
      operationId: 'getFacelessVideo',
      method: 'GET',
      path: '/faceless/{faceless}',
      url: `${baseUrl}/faceless/7`,
    });
    expect(network.message).toBe(
      `GET /faceless/{faceless} (getFacelessVideo) got no answer from ${baseUrl}/faceless/7: fetch failed (ECONNREFUSED)`,
    );
    expect(network.cause).toBeInstanceOf(TypeError);
    expect(JSON.stringify(network)).not.toContain('sk-live-network-secret-1');
  });

  it('a call stopped by its own signal rejects with the signal’s reason, not a network error', async () => {
    const api = createVideoApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}/v2`, token: 'mock-dev' });
    const reason = new Error('left the page');
    const error = await api.GET('/me', { signal: AbortSignal.abort(reason) }).catch((e: unknown) => e);
    expect(error).toBe(reason);
  });
});
