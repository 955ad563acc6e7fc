// The browser build's mock/dynamic-examples.ts (scripts/pack/bundle.ts swaps it in): a call that may
// ask for a dynamic example (a Prefer header or a `__dynamic` query naming it; Prism's own reading
// of them decides later) waits until the generator chunk is loaded. A false alarm only loads it early.
import { loadGenerator } from './browser/generator-slot.js';

const MAY_ASK = /dynamic/i;

export async function dynamicExamplesReady(request: Request): Promise<void> {
  const prefer = request.headers.get('prefer') ?? '';
  if (MAY_ASK.test(prefer) || new URL(request.url).searchParams.has('__dynamic')) await loadGenerator();
}
