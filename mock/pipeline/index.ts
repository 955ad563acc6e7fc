// The mock's request pipeline, in the manner of Prism's HTTP engine: small named stages run in
// order; the first that answers ends the call. The contract's router (lib/contract/request.ts) has
// read the request before the pipeline starts; each stage asks Prism only what it needs (the
// security check, the mocker last, and only for an answer that uses an example).
// Behaviour for a new operation belongs in the state stage's handler maps (mock/state/api.ts).
import { Validators } from '../../lib/contract/index.js';
import type { Answer } from '../errors.js';
import { controlAnswer } from './controls.js';
import { type Exchange, isAnswer, type PipelineParts, type Received, type StageDeps } from './exchange.js';
import { injectedFault } from './faults.js';
import { gate } from './gate.js';
import { receive, refuseUnrouted } from './receive.js';
import { stateAnswer } from './state.js';
import { validate } from './validate.js';

export type { Exchange, Matched, PipelineParts, Received, StageDeps, Trace, Validated } from './exchange.js';

/**
 * The stages of an API call, in order (each file says why its stage stands where it does); each
 * hands what it decided to the stages after it. A stage that answers at once is not awaited: only
 * reading a multipart body and a fault's delay cost the call a hop through the microtask queue.
 */
export class Pipeline {
  readonly #deps: StageDeps;

  constructor(parts: PipelineParts) {
    // Made when the mock starts (Ajv holding the contract); each operation's check is compiled on its first call.
    this.#deps = { ...parts, validators: Validators.of(parts.contract), authorization: new Map(), fileFields: new Map() };
  }

  /** The body read (or 404 outside the base path), then the injected faults, then the call admitted. */
  answer(x: Exchange): Answer | Promise<Answer> {
    const received = receive(this.#deps, x);
    if (received instanceof Promise) return received.then((r) => this.#afterReceive(x, r));
    return isAnswer(received) ? received : this.#afterReceive(x, received);
  }

  #afterReceive(x: Exchange, received: Received): Answer | Promise<Answer> {
    const fault = injectedFault(this.#deps, x);
    if (fault instanceof Promise) return fault.then((answer) => answer ?? this.#admit(x, received));
    return fault ?? this.#admit(x, received);
  }

  /** What follows the injected faults: the operation, the caller, the request, the controls, the state. */
  #admit(x: Exchange, received: Received): Answer {
    const deps = this.#deps;
    const matched = refuseUnrouted(deps, x, received);
    if (isAnswer(matched)) return matched;
    const account = gate(deps, x, matched);
    if (isAnswer(account)) return account;
    const validated = validate(deps, x, received, matched);
    if (isAnswer(validated)) return validated;
    return controlAnswer(validated) ?? stateAnswer(deps, x, { received, matched, account, validated });
  }
}
