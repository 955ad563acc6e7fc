// What a call or a handler set needs beyond the engine's core, made ready first. In Node everything
// is part of the engine and always there. The browser build replaces this module with
// mock/on-demand.browser.ts, which loads parts kept out of the page's start (the generator of
// dynamic examples, the YAML reader) when a call or the options may need them.

/** Resolves once what this call may need is loaded. */
export async function readyFor(_request: Request): Promise<void> {}

/** Resolves once what the handler options need at start is loaded (a scenario is read as YAML). */
export async function readyToStart(_options: { scenario?: unknown }): Promise<void> {}
