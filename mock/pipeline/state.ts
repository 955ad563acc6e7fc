// The stateful API (mock/state/api.ts): last, as only a routed, admitted, valid call without a
// control reaches stored resources, the credit ledger and the state machines.
import type { Answer } from '../errors.js';
import type { PrismEngine } from '../engine.js';
import type { Example } from '../preferences.js';
import type { Account } from '../state/store.js';
import type { Exchange, Matched, Received, StageDeps, Validated } from './exchange.js';

/** Everything the earlier stages decided about a call that reached the state. */
export interface Admitted {
  received: Received;
  matched: Matched;
  account: Account;
  validated: Validated;
}

/** Answers from the account's state, starting from Prism's example for the operation when the answer needs one. */
export function stateAnswer({ api, clock, prism }: StageDeps, x: Exchange, call: Admitted): Answer {
  const { ignored } = call.validated;
  const answer = api.handle({
    op: call.matched.op,
    account: call.account,
    params: x.request.params,
    query: x.request.query,
    body: call.received.parsed.forHandlers,
    prism: new LazyExample(x, call, prism),
    now: clock.now(),
    baseUrl: x.baseUrl,
  });
  return ignored ? { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': ignored } } : answer;
}

/**
 * Prism's answer for the call, made on first read: a 404 for an unknown id, a 402 or a refused
 * precondition never pays for an example. (A class rather than an object of getters made per call.)
 */
class LazyExample {
  constructor(
    private readonly x: Exchange,
    private readonly call: Admitted,
    private readonly prism: PrismEngine,
  ) {}

  get status(): number {
    return this.output().statusCode;
  }

  get body(): any {
    return this.output().body;
  }

  private output() {
    const { x, call } = this;
    call.validated.example ??= exampleFor(call, this.prism);
    const example = call.validated.example;
    if (!example.ok)
      throw new Error(`mock: Prism's mocker has no answer for ${x.request.method} ${x.request.url.pathname}: ${example.detail}`);
    return example.output;
  }
}

/** The plain example: no preferences, and JSON when the call's own Prefer/Accept was ignored. */
function exampleFor({ matched, validated }: Admitted, prism: PrismEngine): Example {
  const { input } = matched;
  const plain = validated.ignored ? { ...input, headers: { ...input.headers, accept: 'application/json' } } : input;
  return prism.example(matched.op.id, plain, validated.violations, {}, false);
}
