// The browser build's mock/prism-load.ts (scripts/pack/bundle.ts swaps it in): Prism's engine (its
// operation model, mocker and the libraries under them, about half of the handlers' code) is a
// separate chunk, fetched and made on the first API call (mock/core.ts waits for it there), so a page
// that starts the worker loads neither it nor the time to build Prism's operation model.
import type { Prism } from './prism.js';

export const loadsWithTheWorld = false;

export async function loadPrism(doc: unknown): Promise<Prism> {
  const { createPrism } = await import('./prism.js');
  return createPrism(doc);
}
