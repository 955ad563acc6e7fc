// In the browser build only (scripts/pack/bundle.ts), Prism's example generator module imports this
// file in place of json-schema-faker and faker, needed only for `Prefer: dynamic=true`. Faker is left
// out, as everywhere in the mock (mock/prism-trims.ts says why): Prism's module gets the stand-in of
// mock/left-out.ts. Prism's module configures the generator when it loads (`extend`, `option`);
// those calls are kept and replayed in order on the real generator once loadGenerator() has brought
// it in (a separate chunk, mock/browser/generator.ts). generate() is only reached by a dynamic
// example, and the MSW adapter loads the generator first (mock/on-demand.browser.ts).

import { leftOut } from '../left-out.js';

type Call = { method: 'extend' | 'option'; args: unknown[] };

interface Generator {
  extend(...args: unknown[]): unknown;
  option(...args: unknown[]): unknown;
  generate(schema: unknown): unknown;
}

let real: Generator | undefined;
let loading: Promise<void> | undefined;
const pending: Call[] = [];

/** What Prism's module hands json-schema-faker as faker: the stand-in whose every use throws. */
const faker = leftOut('@faker-js/faker');

/** seedrandom, once loaded: Prism seeds the generator with it for `Prefer: seed=…`, a dynamic call only. */
let seeded: ((seed: string) => () => number) | undefined;

/** What Prism's module calls as seedrandom (scripts/pack/bundle.ts hands it this function). */
export function seedrandom(seed: string): () => number {
  if (!seeded) throw new Error('mock: the dynamic-example generator is not loaded yet');
  return seeded(seed);
}

function record(method: Call['method'], args: unknown[]): unknown {
  if (real) return real[method](...args);
  pending.push({ method, args });
  return undefined;
}

/** What Prism's module uses of json-schema-faker's `JSONSchemaFaker`. */
export const JSONSchemaFaker = {
  extend: (...args: unknown[]) => record('extend', args),
  option: (...args: unknown[]) => record('option', args),
  generate(schema: unknown): unknown {
    if (!real) throw new Error('mock: the dynamic-example generator is not loaded yet');
    return real.generate(schema);
  },
};

/** Brings in the generator chunk once and replays Prism's set-up on it. */
export function loadGenerator(): Promise<void> {
  loading ??= import('./generator.js').then((loaded) => {
    seeded = loaded.seedrandom as (seed: string) => () => number;
    const generator = loaded.JSONSchemaFaker as unknown as Generator;
    for (const call of pending.splice(0)) generator[call.method](...call.args);
    real = generator;
  });
  return loading;
}

export { faker as default, faker };
