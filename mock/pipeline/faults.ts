// The control plane's injected faults (POST /__mock/faults). Right after the body is read (the
// router has named the operation a fault is for) and before anything else, so a fault replaces the
// whole answer, whatever the token, body or state would have produced.
import type { Fault } from '../control/faults.js';
import type { Answer, Errors } from '../errors.js';
import type { Exchange, StageDeps } from './exchange.js';

/** Delays the call and/or answers with the injected status, marked X-Mock-Fault. */
export function injectedFault({ errors, faults }: StageDeps, x: Exchange): Answer | undefined | Promise<Answer | undefined> {
  const fault = faults.take(x.trace.operationId, x.token);
  if (!fault) return undefined;
  x.trace.fault = fault.id;
  // Only a delayed fault waits (the call without a fault goes on at once).
  if (!fault.delayMs) return faultAnswer(errors, fault);
  return new Promise((resolve) => setTimeout(resolve, fault.delayMs)).then(() => faultAnswer(errors, fault));
}

/** The injected status's answer (none for a delay alone). */
function faultAnswer(errors: Errors, fault: Fault): Answer | undefined {
  if (fault.status === undefined) return undefined;
  const answer = errors.forStatus(fault.status);
  return { ...answer, headers: { ...answer.headers, 'X-Mock-Fault': String(fault.id) } };
}
