// Whether a call can be answered now: in Node, Prism's generator of dynamic examples is part of
// the engine and always there. The browser build replaces this module with
// mock/dynamic-examples.browser.ts, which loads the generator on the first call that may ask for it.

export async function dynamicExamplesReady(_request: Request): Promise<void> {}
