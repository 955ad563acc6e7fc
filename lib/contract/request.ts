// One request, read once: which operation it is, its path parameters, its query, the headers that
// matter and what the caller asked for (Prefer, Accept), as one typed value. The mock's pipeline,
// the validating proxy's checker and block, and the client's validation all start from this value;
// nothing after it reads the path, the query string or the method again.
import { PathMatcher, type PathMatcherOptions, type Routable, type RouteMatch } from './paths.js';
import { queryOf } from './serialisation.js';

/** A request as an adapter has it: any method case, the target as sent (or a URL), header names in lower case. */
export interface RawRequest {
  method: string;
  url: string | URL;
  headers: Record<string, string | undefined>;
}

/** What a request names, read once by routeRequest. */
export interface ApiRequest<T extends Routable = Routable> {
  /** Upper case: the one place the method's case is settled. */
  readonly method: string;
  readonly url: URL;
  /** The path under the base path (`/faceless/5`); undefined when the request is outside it. */
  readonly path: string | undefined;
  /** The operation, or why there is none (404, or 405 with the methods the path allows). */
  readonly match: RouteMatch<T>;
  /** The operation the request is, when the path and method name one. */
  readonly operation: T | undefined;
  /** The path parameters, decoded (empty without an operation). */
  readonly params: Record<string, string>;
  /** The query as the contract's form style reads it: one value, or the list of a repeated name. */
  readonly query: Record<string, string | string[]>;
  /** Header names in lower case. */
  readonly headers: Record<string, string | undefined>;
  /** The caller's Prefer header, as sent. */
  readonly prefer: string | undefined;
  /** The caller's Accept header, as sent. */
  readonly accept: string | undefined;
  /** A browser's CORS preflight: OPTIONS with an Origin and the method it asks for (not an API call). */
  readonly preflight: boolean;
}

/** The operations a router names and the base path they live under. */
export class RequestRouter<T extends Routable = Routable> {
  readonly matcher: PathMatcher<T>;

  constructor(
    operations: Iterable<T>,
    /** The API's base path without a trailing slash (`/v2`); '' when paths are given relative to it. */
    readonly basePath: string,
    options: PathMatcherOptions = {},
  ) {
    this.matcher = new PathMatcher(operations, options);
  }
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Reads a request once: its operation (by the contract's path matcher), parameters, query and preferences. */
export function routeRequest<T extends Routable>(router: RequestRouter<T>, raw: RawRequest): ApiRequest<T> {
  const method = raw.method.toUpperCase();
  const url = typeof raw.url === 'string' ? new URL(raw.url, 'http://api.local') : raw.url;
  const { headers } = raw;
  const path = pathUnder(url.pathname, router.basePath);
  const match: RouteMatch<T> = path === undefined ? { kind: 'not-found' } : router.matcher.match(method, path);
  const found = match.kind === 'operation';
  return {
    method,
    url,
    path,
    match,
    operation: found ? match.op : undefined,
    params: found ? match.params : NO_PARAMS,
    query: queryOf(url.searchParams),
    headers,
    prefer: headers.prefer,
    accept: headers.accept,
    preflight: method === 'OPTIONS' && !!headers.origin && !!headers['access-control-request-method'],
  };
}

/** The path under the base path, or undefined outside it (`/v2` itself is outside `/v2/…`). */
function pathUnder(pathname: string, basePath: string): string | undefined {
  if (!basePath) return pathname;
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
}

/** Header values as one string each (a repeated header's values joined, as HTTP reads them). */
export function singleHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name in headers) {
    const value = headers[name];
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
  }
  return out;
}
