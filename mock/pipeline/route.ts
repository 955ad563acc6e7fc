// Routing, the way Prism's HTTP engine does it: Prism matches the path and method, checks security
// and validates the request against the operation, and picks the contract's example.
import type { IHttpRequest } from '@stoplight/prism-http';
import { PathMatcher } from '../../lib/contract/index.js';
import { parseBody } from '../request-body.js';
import { need, type Stage, type StageDeps } from './exchange.js';

/** Asks Prism about the call; answers only for paths outside the base path (no API there, no fault). */
export function route({ config, contract, errors, prism }: StageDeps): Stage {
  // Which multipart fields carry files, per operation (what Prism is shown for an empty file).
  const matcher = new PathMatcher(contract.operations.values());
  const fileFields = (method: string, path: string) => {
    const m = matcher.match(method.toLowerCase(), path);
    return m.kind === 'operation' ? contract.fileFields(m.op) : undefined;
  };
  return async (x) => {
    if (!x.url.pathname.startsWith(`${config.basePath}/`)) return errors.notFound();
    const path = x.url.pathname.slice(config.basePath.length);
    const parsed = await parseBody(x.raw, x.headers['content-type'] ?? '', {
      invalidUtf8: x.invalidUtf8,
      bytes: x.bytes,
      fileFields: () => fileFields(x.method, path),
    });
    if (parsed.uploads) x.trace.uploads = parsed.uploads;
    const input: IHttpRequest = {
      method: x.method.toLowerCase() as IHttpRequest['method'],
      url: { path, query: queryOf(x.url) },
      headers: x.headers as Record<string, string>,
      body: parsed.forPrism,
    };
    const prefs = prism.preferences(input);
    let result = await prism.request(input, prefs.ok ? prefs.value : {});
    let unservable: Record<string, string[]> | undefined;
    if (result.kind === 'error' && !/NO_(PATH|METHOD)_MATCHED/.test(result.name)) {
      // Prism matched the route but cannot produce what was asked (a Prefer code or example the
      // contract lacks, an Accept it cannot serve). Ask again plainly, so the gate still answers
      // first; the validate stage then reports the request as unprocessable.
      unservable = { [/NOT_ACCEPTABLE/.test(result.name) ? 'Accept' : 'Prefer']: [result.detail] };
      result = await prism.request({ ...input, headers: { ...input.headers, accept: 'application/json' } }, {});
    }
    x.trace.operationId = result.kind === 'ok' ? result.operationId : undefined;
    x.routing = { path, parsed, input, prefs, result, unservable };
    return undefined;
  };
}

/**
 * Prism's refusals of a call it could not route: 404, 405 with Allow (the methods the contract
 * declares on that path), 4xx about the request itself. After the faults stage, so a fault for
 * every operation ("*") also reaches unknown paths.
 */
export function routed({ contract, errors }: StageDeps): Stage {
  // For the Allow header: the methods the contract declares where the path fits (the contract
  // model's one matcher, the same the validating proxy routes with).
  const matcher = new PathMatcher(contract.operations.values());
  const allowed = (method: string, path: string) => {
    const m = matcher.match(method, path);
    return (m.kind === 'method-not-allowed' ? m.allow : []).join(', ');
  };

  return (x) => {
    const { result, path } = need(x.routing, 'the route');
    if (result.kind === 'ok') {
      x.matched = { op: contract.opFromContract(result.operationId), result };
      return undefined;
    }
    if (result.status === 404) return errors.notFound();
    if (result.status === 405) return { ...errors.methodNotAllowed(), headers: { Allow: allowed(x.method, path) } };
    if ([406, 415, 400, 422].includes(result.status)) return errors.validation({ request: [result.detail] });
    console.error(`mock: Prism failed: ${result.status} ${result.detail}`);
    return errors.server();
  };
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}
