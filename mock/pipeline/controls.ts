// Prism's own controls: after validation (a control never excuses a bad request) and before the
// state, which a control answer never touches (no stored change, no credits).
import type { Answer } from '../errors.js';
import type { Validated } from './exchange.js';

/** An explicit Prefer code/example/dynamic answers exactly what Prism chose from the contract. */
export function controlAnswer({ ignored, prefs, example }: Validated): Answer | undefined {
  // A control the mock could not honour is ignored: the state answers, saying so in a header.
  if (ignored) return undefined;
  if (prefs.code === undefined && prefs.exampleKey === undefined && prefs.dynamic === undefined) return undefined;
  // The validate stage asked Prism's mocker for this answer (it could be served, or it was refused there).
  if (!example) throw new Error('mock pipeline: a Prefer control reached the controls without its example');
  if (!example.ok) throw new Error(`mock pipeline: an unservable Prefer reached the controls (${example.detail})`);
  const { output } = example;
  return {
    status: output.statusCode,
    body: output.body,
    headers: { 'Content-Type': String(output.headers?.['Content-type'] ?? 'application/json') },
  };
}
