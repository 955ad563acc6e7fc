// The stateful API (mock/state/api.ts): last, as only a routed, admitted, valid call without a
// control reaches stored resources, the credit ledger and the state machines.
import type { Answer } from '../errors.js';
import type { Example, Prism } from '../prism.js';
import type { Account } from '../state/store.js';
import type { Checked, Exchange, Matched, Routing, StageDeps } from './exchange.js';

/** Everything the earlier stages decided about a call that reached the state. */
export interface Admitted {
  routing: Routing;
  matched: Matched;
  account: Account;
  checked: Checked;
}

/** Answers from the account's state, starting from Prism's example for the operation when the answer needs one. */
export function state({ api, clock, prism }: StageDeps): (x: Exchange, call: Admitted) => Answer {
  return (x, call) => {
    const { path, input, parsed } = call.routing;
    const { ignored } = call.checked;
    const answer = api.handle({
      op: call.matched.op,
      account: call.account,
      path,
      query: input.url.query ?? {},
      body: parsed.forHandlers,
      prism: new LazyExample(x, call, prism),
      now: clock.now(),
      baseUrl: x.baseUrl,
    });
    return ignored ? { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': ignored } } : answer;
  };
}

/**
 * Prism's answer for the call, made on first read: a 404 for an unknown id, a 402 or a refused
 * precondition never pays for an example. (A class rather than an object of getters made per call.)
 */
class LazyExample {
  constructor(
    private readonly x: Exchange,
    private readonly call: Admitted,
    private readonly prism: Prism,
  ) {}

  get status(): number {
    return this.output().statusCode;
  }

  get body(): any {
    return this.output().body;
  }

  private output() {
    const { x, call } = this;
    call.checked.example ??= exampleFor(call, this.prism);
    const example = call.checked.example;
    if (!example.ok) throw new Error(`mock: Prism's mocker has no answer for ${x.method} ${x.url.pathname}: ${example.detail}`);
    return example.output;
  }
}

/** The plain example: no preferences, and JSON when the call's own Prefer/Accept was ignored. */
function exampleFor({ routing, matched, checked }: Admitted, prism: Prism): Example {
  const { input } = routing;
  const plain = checked.ignored ? { ...input, headers: { ...input.headers, accept: 'application/json' } } : input;
  return prism.example(matched.resource, plain, checked.violations, {});
}
