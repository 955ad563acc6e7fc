// Prism's own controls: after validation (a control never excuses a bad request) and before the
// state, which a control answer never touches (no stored change, no credits).
import { need, type Stage, type StageDeps } from './exchange.js';

/** An explicit Prefer code/example/dynamic answers exactly what Prism chose from the contract. */
export function controls(_deps: StageDeps): Stage {
  return (x) => {
    // A control the mock could not honour is ignored: the state answers, saying so in a header.
    if (x.ignored) return undefined;
    const { prefs } = need(x.checked, 'the validation');
    if (prefs.code === undefined && prefs.exampleKey === undefined && prefs.dynamic === undefined) return undefined;
    // The validate stage asked Prism's mocker for this answer (it could be served, or it was refused there).
    const example = need(x.example, 'the example');
    if (!example.ok) throw new Error(`mock pipeline: an unservable Prefer reached the controls (${example.detail})`);
    const { output } = example;
    return {
      status: output.statusCode,
      body: output.body,
      headers: { 'Content-Type': String(output.headers?.['Content-type'] ?? 'application/json') },
    };
  };
}
