// What the mock serves outside the API on the same port: the control plane (/__mock) and the
// reference docs. Both answer only to the developer's own names (loopback Host names and
// MOCK_ALLOWED_HOSTS, against DNS rebinding) and never in another site's frame; the control plane
// grants CORS only to trusted origins and takes writes in JSON (or YAML for scenarios) only.
import type { MockConfig } from './config.js';
import type { Answer } from './errors.js';
import { FRAME_HEADERS, hostAllowed } from './control/host.js';
import { controlOriginAllowed, controlWriteTypeAllowed } from './control/origin.js';
import { type CoreReply, type CoreRequest, preflightReply, toReply } from './reply.js';
import type { ApiRequest } from '../lib/contract/index.js';
import type { World } from './world.js';

export class OutsideApi {
  constructor(
    private readonly config: MockConfig,
    private readonly world: World,
    private readonly log: (line: string) => void,
    /** The answer for an error thrown while handling (an ApiError's own, else a 500). */
    private readonly fail: (error: unknown, request: CoreRequest) => Answer,
  ) {}

  /** The control plane's reply (/__mock). Outside the API: no rate limit, no journal entry, no fault. */
  control(request: CoreRequest, call: ApiRequest, body: string): CoreReply {
    const { method, url } = call;
    const origin = request.headers.origin;
    // Only the developer's own pages (loopback origins, MOCK_CONTROL_ORIGINS) get CORS grants.
    const trusted = origin === undefined || controlOriginAllowed(origin, this.config.controlOrigins);
    if (this.hostTrusted(request) && trusted && call.preflight) {
      this.log(`OPTIONS ${url.pathname} -> 204 (CORS preflight, control)`);
      return preflightReply(call);
    }
    const reply = this.controlAnswer(request, method, url, body, trusted);
    this.log(`${method} ${url.pathname} -> ${reply.status} (control)`);
    const done = toReply(call, reply, {}, trusted && reply.status !== 403);
    return { ...done, headers: { ...done.headers, ...FRAME_HEADERS } };
  }

  private controlAnswer(request: CoreRequest, method: string, url: URL, body: string, trusted: boolean): Answer {
    const { errors, plane, store } = this.world;
    if (!this.hostTrusted(request)) return this.hostForbidden(request);
    if (!trusted) {
      const message = `Pages on ${request.headers.origin} may not use the mock control API (allow it with MOCK_CONTROL_ORIGINS).`;
      return errors.plain(403, message, 'MOCK-ORIGIN-FORBIDDEN');
    }
    const typed = body !== '' || request.headers['content-type'] !== undefined;
    if (isWrite(method) && typed && !controlWriteTypeAllowed(request.headers['content-type'])) {
      const message = 'Control writes take Content-Type: application/json (or a YAML type for scenarios).';
      return errors.plain(415, message, 'MOCK-UNSUPPORTED-MEDIA-TYPE');
    }
    let reply: Answer;
    try {
      reply = plane.handle(method, request.headers, url, body);
    } catch (error) {
      reply = this.fail(error, request);
    }
    store.settle();
    return reply;
  }

  /** The docs page and its files. */
  docs(request: CoreRequest, call: ApiRequest): CoreReply {
    const { method, url } = call;
    if (!this.hostTrusted(request)) {
      this.log(`${method} ${url.pathname} -> 403 (docs, foreign Host)`);
      const refused = toReply(call, this.hostForbidden(request), {}, false);
      return { ...refused, headers: { ...refused.headers, ...FRAME_HEADERS } };
    }
    const page = this.world.docs.serve(url, { host: request.headers.host, accept: request.headers.accept });
    this.log(`${method} ${url.pathname} -> ${page.status} (docs)`);
    const vary = page.headers.Vary ? `Origin, ${page.headers.Vary}` : 'Origin';
    return { ...page, headers: { ...page.headers, Vary: vary, ...FRAME_HEADERS } };
  }

  /** Over a socket, the Host header must be a loopback name or one of config.allowedHosts (DNS rebinding). */
  private hostTrusted(request: CoreRequest): boolean {
    return !request.socket || hostAllowed(request.headers.host, this.config.allowedHosts);
  }

  private hostForbidden(request: CoreRequest): Answer {
    const shown = JSON.stringify((request.headers.host ?? '').slice(0, 100));
    return this.world.errors.plain(
      403,
      `The mock control API, console and docs answer only to loopback names and MOCK_ALLOWED_HOSTS, not to Host ${shown}.`,
      'MOCK-HOST-FORBIDDEN',
    );
  }
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
