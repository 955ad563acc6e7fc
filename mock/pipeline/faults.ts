// The control plane's injected faults (POST /__mock/faults). Right after routing, which names the
// operation a fault is for, and before anything else, so a fault replaces the whole answer,
// whatever the token, body or state would have produced.
import type { Stage, StageDeps } from './exchange.js';

/** Delays the call and/or answers with the injected status, marked X-Mock-Fault. */
export function faults({ errors, faults: injected }: StageDeps): Stage {
  return async (x) => {
    const fault = injected.take(x.trace.operationId, x.token);
    if (!fault) return undefined;
    x.trace.fault = fault.id;
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.status === undefined) return undefined;
    const answer = errors.forStatus(fault.status);
    return { ...answer, headers: { ...answer.headers, 'X-Mock-Fault': String(fault.id) } };
  };
}
