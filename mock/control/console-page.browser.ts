// The browser build's mock/control/console-page.ts (scripts/pack/bundle.ts swaps it in): the console
// page is a chunk of its own (console-text.ts), loaded before a GET of /__mock/ reaches the
// control plane (mock/on-demand.browser.ts sees to that); a page that never opens it never loads it.

let page: string | undefined;
let loading: Promise<void> | undefined;

export function loadConsolePage(): Promise<void> {
  loading ??= import('./console-text.js').then((loaded) => {
    page = loaded.default;
  });
  return loading;
}

export function consolePage(): string {
  if (page === undefined) throw new Error('mock: the console page is not loaded yet');
  return page;
}
