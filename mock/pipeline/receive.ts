// The call's body, and the operation with Prism's view of the request. The contract's router (lib/contract/request.ts) has
// already named the operation; nothing is validated or generated here: the faults, the gate and
// the validator come first, and Prism's mocker runs only when an answer needs an example.
import type { IHttpRequest } from '@stoplight/prism-http';
import { type ParsedBody, parseBody } from '../request-body.js';
import { headersForPrism, oversizeHeader } from '../request-headers.js';
import type { Answer } from '../errors.js';
import { operationFromContract } from '../contract.js';
import type { Exchange, Matched, Received, StageDeps } from './exchange.js';

/** Reads the body of a call inside the base path; answers only for paths outside it (no API there, no fault). */
export function receive(deps: StageDeps, x: Exchange): Answer | Received | Promise<Received> {
  const { config, errors } = deps;
  const { request } = x;
  if (request.path === undefined) {
    const base = `http://${request.headers.host ?? `${config.host}:${config.port}`}${config.basePath}`;
    return errors.outsideBasePath(base, request.url.pathname);
  }
  const operationId = request.operation?.id;
  x.trace.operationId = operationId;
  // An oversize Content-Type, Accept or Prefer is refused like a malformed body, unread.
  const oversize = oversizeHeader(request.headers);
  // Read before anything can refuse the call, so the journal lists what was uploaded either way.
  const parsed = oversize
    ? { forPrism: undefined, forHandlers: undefined, malformed: oversize }
    : parseBody(x.raw, request.headers['content-type'] ?? '', {
        invalidUtf8: x.invalidUtf8,
        bytes: x.bytes,
        limits: config.jsonLimits,
        // Which multipart fields carry files (what Prism is shown for an empty file).
        fileFields: operationId ? fileFieldsOf(deps, operationId) : undefined,
      });
  // Only a multipart body is read asynchronously; any other call goes on at once.
  if (parsed instanceof Promise) return parsed.then((body) => received(x, body));
  return received(x, parsed);
}

/** One reader per operation, made on first use (read only for a multipart body). */
function fileFieldsOf({ contract, fileFields }: StageDeps, operationId: string): () => Set<string> {
  let read = fileFields.get(operationId);
  if (!read) {
    read = () => contract.fileFields(operationFromContract(contract, operationId));
    fileFields.set(operationId, read);
  }
  return read;
}

/** The body as read (its uploads go to the journal); never answers. */
function received(x: Exchange, parsed: ParsedBody): Received {
  if (parsed.uploads) x.trace.uploads = parsed.uploads;
  return { parsed };
}

/**
 * The refusals of a call that names no operation: 404, or 405 with Allow (the methods the contract
 * declares on that path). After the faults stage, so a fault for every operation ("*") also
 * reaches unknown paths.
 */
export function refuseUnrouted({ errors }: StageDeps, { request }: Exchange, { parsed }: Received): Answer | Matched {
  const { match } = request;
  if (match.kind === 'not-found') return errors.notFound();
  if (match.kind === 'method-not-allowed') return { ...errors.methodNotAllowed(), headers: { Allow: match.allow.join(', ') } };
  const op = match.op;
  const input: IHttpRequest = {
    // The contract, like Prism's operation model, spells the method in lower case.
    method: op.method as IHttpRequest['method'],
    url: { path: request.path!, query: request.query },
    headers: headersForPrism(request.headers),
    body: parsed.forPrism,
  };
  return { op, input };
}
