// The mock's request pipeline, in the manner of Prism's HTTP engine: small named stages run in
// order; the first that answers ends the call. Routing is the contract model's path matcher; each later
// stage asks Prism only what it needs (the security check, the validator; the mocker last, and
// only for an answer that uses an example).
// Behaviour for a new operation belongs in the state stage's handler maps (mock/state/api.ts).
import type { Answer } from '../errors.js';
import { controls } from './controls.js';
import { type Exchange, isAnswer, type Routing, type StageDeps } from './exchange.js';
import { faults } from './faults.js';
import { gate } from './gate.js';
import { route, routed } from './route.js';
import { state } from './state.js';
import { validate } from './validate.js';

export type { Checked, Exchange, Matched, Routing, StageDeps, Trace } from './exchange.js';

/**
 * The stages of an API call, in order (each file says why its stage stands where it does); each
 * hands what it decided to the stages after it. A stage that answers at once is not awaited: only
 * routing a multipart body and a fault's delay cost the call a hop through the microtask queue.
 */
export function pipeline(deps: StageDeps): (exchange: Exchange) => Answer | Promise<Answer> {
  const stage = {
    route: route(deps),
    faults: faults(deps),
    routed: routed(deps),
    gate: gate(deps),
    validate: validate(deps),
    controls: controls(deps),
    state: state(deps),
  };
  /** What follows the injected faults: the operation, the caller, the request, the controls, the state. */
  const admit = (x: Exchange, routing: Routing): Answer => {
    const matched = stage.routed(routing);
    if (isAnswer(matched)) return matched;
    const account = stage.gate(x, routing, matched);
    if (isAnswer(account)) return account;
    const checked = stage.validate(routing, matched);
    if (isAnswer(checked)) return checked;
    return stage.controls(checked) ?? stage.state(x, { routing, matched, account, checked });
  };
  const afterRoute = (x: Exchange, routing: Routing): Answer | Promise<Answer> => {
    const fault = stage.faults(x);
    if (fault instanceof Promise) return fault.then((answer) => answer ?? admit(x, routing));
    return fault ?? admit(x, routing);
  };
  return (x) => {
    const routing = stage.route(x);
    if (routing instanceof Promise) return routing.then((r) => afterRoute(x, r));
    return isAnswer(routing) ? routing : afterRoute(x, routing);
  };
}
