// The request's own faults: after the gate (an unauthorised caller learns nothing about its body)
// and before the controls and the state, which may assume a valid request. The contract's compiled
// request check runs here (the one the proxy's checker runs), and Prism's mocker only when the call
// asks for a particular answer (Prefer, or an Accept other than JSON), to learn whether that answer
// can be given.
import { type RequestCheck, requestErrorsMap } from '../../lib/contract/index.js';
import type { Answer } from '../errors.js';
import type { RequestViolation } from '../../lib/contract/index.js';
import { asksForParticular } from '../preferences.js';
import type { Exchange, Matched, Received, StageDeps, Validated } from './exchange.js';
import type { Example } from '../preferences.js';
import type { IHttpRequest } from '@stoplight/prism-http';

/**
 * Malformed body: 400 GEN-WRONG-ARGS (the source's error table). A Prefer/Accept that cannot be
 * honoured: 422 where the operation documents it, else ignored (said in a header, so the answer
 * still conforms). The contract's violations, a JSON null for an object body, empty query parameters: 422 (or 400).
 */
export function validate(deps: StageDeps, x: Exchange, { parsed }: Received, { op, input }: Matched): Answer | Validated {
  const { contract, errors, prism, validators } = deps;
  const { request } = x;
  if (parsed.malformed) return withErrors(errors.wrongArgs(parsed.malformed), { body: [parsed.malformed] });
  const check = validators.request(op.id);
  const { violations, bodyError } = checkRequest(check, x, input);
  if (bodyError)
    return withErrors(errors.wrongArgs('The request body could not be parsed.'), {
      body: [`The request body could not be parsed: ${bodyError}`],
    });
  const prefs = prism.preferences(request);
  let refusal: Record<string, string[]> | undefined = prefs.ok ? undefined : { Prefer: [prefs.detail] };
  let example: Example | undefined;
  let ignored: string | undefined;
  // The Accept Prism reads (one that does not parse is left out of its view of the request).
  if (prefs.ok && asksForParticular(prefs.value, input.headers?.accept)) {
    // A Prefer code or example, or an Accept, Prism cannot serve from the contract.
    example = prism.example(op.id, input, violations, prefs.value, true);
    if (!example.ok) refusal = { [/NOT_ACCEPTABLE/.test(example.name) ? 'Accept' : 'Prefer']: [example.detail] };
  }
  if (refusal) {
    if (op.operation.responses['422']) return errors.validation(refusal);
    example = undefined;
    ignored = Object.values(refusal)
      .flat()
      .join('; ')
      .replace(/[^\x20-\x7e]+/g, ' ')
      .trim();
  }
  const problems = violations.filter((v) => v.severity === 0);
  if (problems.length) return errors.validation(requestErrorsMap(problems));
  const validated: Validated = { violations, prefs: prefs.ok && !ignored ? prefs.value : {}, example, ignored };
  // The request check reads a JSON `null` body as no body (as Prism's validator did); an object schema does not accept it.
  if (parsed.forPrism === null && contract.requestSchema(op)?.type === 'object')
    return errors.validation({ body: ['The request body must be a JSON object, not null.'] });
  const empty = check.emptyQueryParameters(request.query);
  if (empty.length && (op.operation.responses['422'] || op.operation.responses['400'])) {
    const map = Object.fromEntries(empty.map((name) => [name, [`The ${name} parameter must not be empty.`]]));
    if (op.operation.responses['422']) return errors.validation(map);
    return withErrors(errors.wrongArgs(`Empty parameter: ${empty.join(', ')}.`), map);
  }
  return validated;
}

/** The compiled request check over the call; a Content-Type that is no media type at all means an unreadable body. */
function checkRequest(
  check: RequestCheck,
  { request }: Exchange,
  input: IHttpRequest,
): { violations: RequestViolation[]; bodyError?: string } {
  try {
    return { violations: check.check({ params: request.params, query: request.query, headers: input.headers ?? {}, body: input.body }) };
  } catch (error) {
    return { violations: [], bodyError: (error as Error).message };
  }
}

/** A 400 GEN-WRONG-ARGS answer with an `errors` map saying which argument was wrong. */
function withErrors(answer: Answer, map: Record<string, string[]>): Answer {
  return { ...answer, body: { ...(answer.body as object), errors: map } };
}
