// The stateful API (mock/state/api.ts): last, as only a routed, admitted, valid call without a
// control reaches stored resources, the credit ledger and the state machines.
import { need, type Stage, type StageDeps } from './exchange.js';

/** Answers from the account's state, starting from Prism's example for the operation. */
export function state({ api, clock, config }: StageDeps): Stage {
  return (x) => {
    const { path, input, parsed } = need(x.routing, 'the route');
    const { op, result } = need(x.matched, 'the operation');
    const answer = api.handle({
      op,
      account: need(x.account, 'the account'),
      path,
      query: input.url.query ?? {},
      body: parsed.forHandlers,
      prism: { status: result.output.statusCode, body: result.output.body },
      now: clock.now(),
      baseUrl: `http://${x.headers.host ?? `${config.host}:${config.port}`}${config.basePath}`,
    });
    return x.ignored ? { ...answer, headers: { ...answer.headers, 'X-Mock-Prefer-Ignored': x.ignored } } : answer;
  };
}
