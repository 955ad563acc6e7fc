// The stateful API (mock/state/api.ts): last, as only a routed, admitted, valid call without a
// control reaches stored resources, the credit ledger and the state machines.
import type { Example, Prism } from '../prism.js';
import { type Exchange, need, type Stage, type StageDeps } from './exchange.js';

/** Answers from the account's state, starting from Prism's example for the operation when the answer needs one. */
export function state({ api, clock, prism }: StageDeps): Stage {
  return (x) => {
    const { path, input, parsed } = need(x.routing, 'the route');
    const { op } = need(x.matched, 'the operation');
    const answer = api.handle({
      op,
      account: need(x.account, 'the account'),
      path,
      query: input.url.query ?? {},
      body: parsed.forHandlers,
      prism: new LazyExample(x, prism),
      now: clock.now(),
      baseUrl: x.baseUrl,
    });
    return x.ignored ? { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': x.ignored } } : answer;
  };
}

/**
 * Prism's answer for the call, made on first read: a 404 for an unknown id, a 402 or a refused
 * precondition never pays for an example. (A class rather than an object of getters made per call.)
 */
class LazyExample {
  constructor(
    private readonly x: Exchange,
    private readonly prism: Prism,
  ) {}

  get status(): number {
    return this.output().statusCode;
  }

  get body(): any {
    return this.output().body;
  }

  private output() {
    const { x } = this;
    if (!x.example) x.example = exampleFor(x, this.prism);
    const example = x.example;
    if (!example.ok) throw new Error(`mock: Prism's mocker has no answer for ${x.method} ${x.url.pathname}: ${example.detail}`);
    return example.output;
  }
}

/** The plain example: no preferences, and JSON when the call's own Prefer/Accept was ignored. */
function exampleFor(x: Exchange, prism: Prism): Example {
  const { input } = need(x.routing, 'the route');
  const { resource } = need(x.matched, 'the operation');
  const { violations } = need(x.checked, 'the validation');
  const plain = x.ignored ? { ...input, headers: { ...input.headers, accept: 'application/json' } } : input;
  return prism.example(resource, plain, violations, {});
}
