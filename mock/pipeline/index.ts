// The mock's request pipeline, in the manner of Prism's HTTP engine: small named stages run in
// order; the first that answers ends the call. Routing is the contract model's path matcher; each later
// stage asks Prism only what it needs (the security check, the validator; the mocker last, and
// only for an answer that uses an example).
// Behaviour for a new operation belongs in the state stage's handler maps (mock/state/api.ts).
import type { Answer } from '../errors.js';
import { controls } from './controls.js';
import type { Exchange, Stage, StageDeps } from './exchange.js';
import { faults } from './faults.js';
import { gate } from './gate.js';
import { route, routed } from './route.js';
import { state } from './state.js';
import { validate } from './validate.js';

export type { Exchange, Stage, StageDeps, Trace } from './exchange.js';

/**
 * The stages of an API call, in order (each file says why its stage stands where it does). A stage
 * that answers at once is not awaited: only a stage that has to wait (a fault's delay, a multipart
 * body) costs the call a hop through the microtask queue.
 */
export function pipeline(deps: StageDeps): (exchange: Exchange) => Answer | Promise<Answer> {
  const stages: Stage[] = [route, faults, routed, gate, validate, controls, state].map((stage) => stage(deps));
  const run = (exchange: Exchange, from: number): Answer | Promise<Answer> => {
    for (let i = from; i < stages.length; i++) {
      const answer = stages[i](exchange);
      if (answer instanceof Promise) return answer.then((waited) => waited ?? run(exchange, i + 1));
      if (answer) return answer;
    }
    throw new Error('mock pipeline: no stage answered');
  };
  return (exchange) => run(exchange, 0);
}
