// The stateful API (mock/state/api.ts): last, as only a routed, admitted, valid call without a
// control reaches stored resources, the credit ledger and the state machines.
import type { Example } from '../prism.js';
import { need, type Exchange, type Stage, type StageDeps } from './exchange.js';

/** Answers from the account's state, starting from Prism's example for the operation when the answer needs one. */
export function state({ api, clock, prism }: StageDeps): Stage {
  return (x) => {
    const { path, input, parsed } = need(x.routing, 'the route');
    const { op } = need(x.matched, 'the operation');
    // Prism's mocker runs on first use: a 404 for an unknown id, a 402 or a refused precondition
    // never pays for an example.
    const example = () => {
      if (!x.example) x.example = exampleFor(x, prism);
      return output(x, x.example);
    };
    const answer = api.handle({
      op,
      account: need(x.account, 'the account'),
      path,
      query: input.url.query ?? {},
      body: parsed.forHandlers,
      prism: {
        get status() {
          return example().statusCode;
        },
        get body() {
          return example().body;
        },
      },
      now: clock.now(),
      baseUrl: x.baseUrl,
    });
    return x.ignored ? { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': x.ignored } } : answer;
  };
}

/** The plain example: no preferences, and JSON when the call's own Prefer/Accept was ignored. */
function exampleFor(x: Exchange, prism: StageDeps['prism']): Example {
  const { input } = need(x.routing, 'the route');
  const { resource } = need(x.matched, 'the operation');
  const { violations } = need(x.checked, 'the validation');
  const plain = x.ignored ? { ...input, headers: { ...input.headers, accept: 'application/json' } } : input;
  return prism.example(resource, plain, violations, {});
}

function output(x: Exchange, example: Example) {
  if (!example.ok) throw new Error(`mock: Prism's mocker has no answer for ${x.method} ${x.url.pathname}: ${example.detail}`);
  return example.output;
}
