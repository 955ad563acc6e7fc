// The core as a Fetch API function (`Request` in, `Response` out), for MSW, the in-process control
// client and fetch-based hosts. `target` replaces the request's path and query (an adapter serving
// the API under another base path).
import type { MockConfig } from './config.js';
import type { CoreReply, CoreRequest } from './reply.js';

export function fetchAdapter(
  config: MockConfig,
  answer: (request: CoreRequest) => Promise<CoreReply>,
  tooLarge: () => CoreReply,
): (request: Request, target?: string) => Promise<Response> {
  return async (request, target) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    // Lower-cased here: the core reads lower-case names, and not every Headers does it (happy-dom's keeps the case sent).
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const length = Number(headers['content-length'] ?? 0);
    let reply: CoreReply;
    if (length > config.maxBodyBytes) reply = tooLarge();
    else {
      const body = request.body ? new Uint8Array(await request.arrayBuffer()) : '';
      reply =
        body.length > config.maxBodyBytes
          ? tooLarge()
          : await answer({
              method: request.method,
              url: target ?? `${url.pathname}${url.search}`,
              headers,
              body,
              // The address the handlers serve (MSW's baseUrl origin): what links in answers point at.
              baseUrl: `${url.origin}${config.basePath}`,
            });
    }
    // A Response may not carry a body with 204/304 (or for HEAD).
    const empty = reply.status === 204 || reply.status === 304 || request.method === 'HEAD' || reply.body === '';
    return new Response(empty ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
}
