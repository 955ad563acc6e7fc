// Prism's own controls: after validation (a control never excuses a bad request) and before the
// state, which a control answer never touches (no stored change, no credits).
import { need, type Stage, type StageDeps } from './exchange.js';

/** An explicit Prefer code/example/dynamic answers exactly what Prism chose from the contract. */
export function controls(_deps: StageDeps): Stage {
  return (x) => {
    // A control the mock could not honour is ignored: the state answers, saying so in a header.
    if (x.ignored) return undefined;
    const { prefs } = need(x.routing, 'the route');
    const { output } = need(x.matched, 'the operation').result;
    if (prefs.ok && (prefs.value.code !== undefined || prefs.value.exampleKey !== undefined || prefs.value.dynamic !== undefined)) {
      return {
        status: output.statusCode,
        body: output.body,
        headers: { 'Content-Type': String(output.headers?.['Content-type'] ?? 'application/json') },
      };
    }
    // Prism picked an error example for a valid request (it never should); say so honestly.
    if (output.statusCode >= 300) return { status: output.statusCode, body: output.body };
    return undefined;
  };
}
