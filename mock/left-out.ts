// The stand-in for a dependency the mock leaves out (mock/prism-trims.ts in Node, the packed builds in
// scripts/pack/bundle.ts, the browser's generator slot): loading it costs nothing, and using it says
// what was left out rather than failing somewhere inside the library that asked for it.

/**
 * A stand-in for `name`: its `default` is itself (what a CommonJS caller takes of an ES module, as
 * Prism takes faker's); any other property read (a call, a field) throws, naming it.
 */
export function leftOut(name: string): object {
  const refuse = (property: string | symbol): never => {
    throw new Error(`mock: ${name} (${String(property)}) is left out of the mock: no part of the contract needs it`);
  };
  const stand: object = new Proxy(
    {},
    {
      get: (_target, property) => {
        if (property === 'default') return stand;
        return property === '__esModule' || property === 'then' ? undefined : refuse(property);
      },
    },
  );
  return stand;
}
