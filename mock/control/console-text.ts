// The chunk loadConsolePage() (console-page.browser.ts) imports in the browser build: the console
// page as text (esbuild's text loader, scripts/pack/bundle.ts).
export { default } from './console.html';
