// Routing: the contract model's one path matcher names the operation (Prism's model of it). Nothing
// is validated or generated here: the faults, the gate and the validator come first, and Prism's
// mocker runs only when an answer needs an example.
import type { IHttpRequest } from '@stoplight/prism-http';
import type { Routed } from '../prism.js';
import { type ParsedBody, parseBody } from '../request-body.js';
import { headersForPrism, oversizeHeader } from '../request-headers.js';
import type { Answer } from '../errors.js';
import { operationFromContract } from '../contract.js';
import type { Exchange, Matched, Routing, StageDeps } from './exchange.js';

/** Finds the operation; answers only for paths outside the base path (no API there, no fault). */
export function route({ config, contract, errors, prism }: StageDeps): (x: Exchange) => Answer | Routing | Promise<Routing> {
  // One reader per operation, made on first use (read only for a multipart body).
  const readers = new Map<string, () => Set<string>>();
  const fileFieldsOf = (operationId: string) => {
    let read = readers.get(operationId);
    if (!read) {
      read = () => contract.fileFields(operationFromContract(contract, operationId));
      readers.set(operationId, read);
    }
    return read;
  };
  const prefix = `${config.basePath}/`;
  return (x) => {
    if (!x.url.pathname.startsWith(prefix)) {
      const base = `http://${x.headers.host ?? `${config.host}:${config.port}`}${config.basePath}`;
      return errors.outsideBasePath(base, x.url.pathname);
    }
    const path = x.url.pathname.slice(config.basePath.length);
    const routed = prism.route(x.method, path);
    // `iid` is the contract's operationId in Prism's operation model.
    const operationId = routed.kind === 'ok' ? (routed.resource.iid as string) : undefined;
    x.trace.operationId = operationId;
    // An oversize Content-Type, Accept or Prefer is refused like a malformed body, unread.
    const oversize = oversizeHeader(x.headers);
    // Read before anything can refuse the call, so the journal lists what was uploaded either way.
    const parsed = oversize
      ? { forPrism: undefined, forHandlers: undefined, malformed: oversize }
      : parseBody(x.raw, x.headers['content-type'] ?? '', {
          invalidUtf8: x.invalidUtf8,
          bytes: x.bytes,
          limits: config.jsonLimits,
          // Which multipart fields carry files (what Prism is shown for an empty file).
          fileFields: operationId ? fileFieldsOf(operationId) : undefined,
        });
    // Only a multipart body is read asynchronously; any other call goes on at once.
    if (parsed instanceof Promise) return parsed.then((body) => routing(x, path, routed, body));
    return routing(x, path, routed, parsed);
  };
}

/** The route and the request as Prism's parts read it; never answers. */
function routing(x: Exchange, path: string, routed: Routed, parsed: ParsedBody): Routing {
  if (parsed.uploads) x.trace.uploads = parsed.uploads;
  const input: IHttpRequest = {
    method: x.method.toLowerCase() as IHttpRequest['method'],
    url: { path, query: queryOf(x.url) },
    headers: headersForPrism(x.headers),
    body: parsed.forPrism,
  };
  return { path, parsed, input, routed };
}

/**
 * The refusals of a call that names no operation: 404, or 405 with Allow (the methods the contract
 * declares on that path). After the faults stage, so a fault for every operation ("*") also
 * reaches unknown paths.
 */
export function routed({ contract, errors }: StageDeps): (routing: Routing) => Answer | Matched {
  return ({ routed: found }) => {
    if (found.kind === 'ok') return { op: operationFromContract(contract, found.resource.iid as string), resource: found.resource };
    if (found.kind === 'not-found') return errors.notFound();
    return { ...errors.methodNotAllowed(), headers: { Allow: found.allow.join(', ') } };
  };
}

function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  // No query string (the usual call): nothing to read, and no URLSearchParams made.
  if (url.search === '') return query;
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}
