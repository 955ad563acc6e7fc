// Calls to one handler set under MSW's setupServer, in order, each reply as { status, body }:
// tests/packages/browser-build.test.ts runs it over the handlers from source in process and over the
// browser build in a plain Node process, and compares. `after` adds what the caller observes
// after each call (which on-demand parts the build has loaded).
export async function callAll({ setupServer, createMockHandlers, options, calls, after = () => ({}) }) {
  const server = setupServer(...createMockHandlers({ baseUrl: 'http://mock.test/v2', clock: 'manual', ...options }));
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const replies = [];
    for (const { method = 'GET', target, headers = {}, body } of calls) {
      const reply = await fetch(`http://mock.test${target}`, {
        method,
        headers: { authorization: 'Bearer browser-build', ...headers },
        body,
      });
      const text = await reply.text();
      const json = (reply.headers.get('content-type') ?? '').includes('json');
      replies.push({ status: reply.status, body: text ? (json ? JSON.parse(text) : text) : null, ...after() });
    }
    return replies;
  } finally {
    server.close();
  }
}
