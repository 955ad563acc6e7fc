// How Prism's engine is brought in: in Node, with the rest of the mock (a static import), and made as
// the world starts. The browser build takes mock/prism-load.browser.ts instead (scripts/pack/bundle.ts).
import { createPrism, type Prism } from './prism.js';

export const loadsWithTheWorld = true;

export function loadPrism(doc: unknown): Promise<Prism> {
  return createPrism(doc);
}
