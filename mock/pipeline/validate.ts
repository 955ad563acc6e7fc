// The request's own faults: after the gate (an unauthorised caller learns nothing about its body)
// and before the controls and the state, which may assume a valid request.
import type { Contract, Operation } from '../contract.js';
import type { Answer } from '../errors.js';
import { acceptsEmpty } from '../request-body.js';
import { need, type Stage, type StageDeps } from './exchange.js';

/**
 * Malformed body: 400 GEN-WRONG-ARGS (the source's error table). A Prefer/Accept that cannot be
 * honoured: 422 where the operation documents it, else ignored (said in a header, so the answer
 * still conforms). Prism's violations, a JSON null for an object body, empty query parameters: 422 (or 400).
 */
export function validate({ contract, errors }: StageDeps): Stage {
  return (x) => {
    const { parsed, prefs, unservable, input } = need(x.routing, 'the route');
    const { op, result } = need(x.matched, 'the operation');
    if (parsed.malformed) return withErrors(errors.wrongArgs(parsed.malformed), { body: [parsed.malformed] });
    if (result.bodyError)
      return withErrors(errors.wrongArgs('The request body could not be parsed.'), {
        body: [`The request body could not be parsed: ${result.bodyError}`],
      });
    const refusal = unservable ?? (prefs.ok ? undefined : { Prefer: [prefs.detail] });
    if (refusal) {
      if (op.raw.responses['422']) return errors.validation(refusal);
      x.ignored = Object.values(refusal)
        .flat()
        .join('; ')
        .replace(/[^\x20-\x7e]+/g, ' ')
        .trim();
    }
    const problems = result.violations.filter((v) => v.severity === 0);
    if (problems.length) return errors.fromViolations(problems);
    // Prism reads a JSON `null` body as no body; an object schema does not accept it.
    if (parsed.forPrism === null && contract.requestSchema(op)?.type === 'object')
      return errors.validation({ body: ['The request body must be a JSON object, not null.'] });
    const empty = emptyParameters(contract, op, input.url.query ?? {});
    if (empty.length && (op.raw.responses['422'] || op.raw.responses['400'])) {
      const map = Object.fromEntries(empty.map((name) => [name, [`The ${name} parameter must not be empty.`]]));
      if (op.raw.responses['422']) return errors.validation(map);
      return withErrors(errors.wrongArgs(`Empty parameter: ${empty.join(', ')}.`), map);
    }
    return undefined;
  };
}

/** Query parameters sent empty (`page=`, `order=`) that their schema does not accept. */
function emptyParameters(contract: Contract, op: Operation, query: Record<string, string | string[]>): string[] {
  return contract
    .parameters(op)
    .filter((p) => p.in === 'query' && !p.allowEmptyValue && query[p.name] === '' && !acceptsEmpty(contract.deref(p.schema)))
    .map((p) => p.name);
}

/** A 400 GEN-WRONG-ARGS answer with an `errors` map saying which argument was wrong. */
function withErrors(answer: Answer, map: Record<string, string[]>): Answer {
  return { ...answer, body: { ...(answer.body as object), errors: map } };
}
