// Prism's engine (mock/prism.ts) as the pipeline's stages ask it: the security check, the Prefer
// reader and the mocker. It is made from the contract when first needed (load()): in Node with the
// world, before the first request (mock/prism-load.ts); in the browser build on the first API call,
// from a chunk of its own (mock/prism-load.browser.ts), so a page does not load it at start.
import { loadPrism, loadsWithTheWorld } from './prism-load.js';
import type { Prism } from './prism.js';

export class PrismEngine implements Prism {
  #prism: Prism | undefined;
  #loading: Promise<void> | undefined;

  /** `doc`: the contract's document. Prism resolves references in place, so it is given a copy. */
  constructor(private readonly doc: unknown) {}

  /** Whether the engine can answer now (load() has finished). */
  get loaded(): boolean {
    return this.#prism !== undefined;
  }

  /** Makes the engine once; later calls share the first. A load that failed (a chunk not fetched) is tried again by the next call. */
  load(): Promise<void> {
    this.#loading ??= loadPrism(structuredClone(this.doc)).then(
      (prism) => {
        this.#prism = prism;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  /** Whether the world makes the engine as it starts (Node) rather than on the first API call (the browser build). */
  static readonly loadsWithTheWorld: boolean = loadsWithTheWorld;

  #made(): Prism {
    if (!this.#prism) throw new Error("mock: Prism's engine is not loaded yet");
    return this.#prism;
  }

  security: Prism['security'] = (...args) => this.#made().security(...args);
  example: Prism['example'] = (...args) => this.#made().example(...args);
  preferences: Prism['preferences'] = (...args) => this.#made().preferences(...args);
}
