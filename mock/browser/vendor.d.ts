// Modules the generator chunk passes on to Prism without reading them, which ship no types it can use.
// The faker Prism pins (6.x) names no types in its package exports.
declare module '@faker-js/faker' {
  export const faker: unknown;
}

// seedrandom ships no types either; the chunk passes it on to Prism's generator.
declare module 'seedrandom' {
  const seedrandom: (seed: string) => () => number;
  export default seedrandom;
}

// The browser build imports the console page as text (esbuild's text loader, scripts/pack/bundle.ts).
declare module '*.html' {
  const text: string;
  export default text;
}
