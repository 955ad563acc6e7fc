// The browser build's mock/prism-trims.ts: scripts/pack/bundle.ts leaves those dependencies out at build time.
export {};
