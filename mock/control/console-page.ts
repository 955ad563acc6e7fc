// The console page (console.html) the control plane serves at GET /__mock/. The browser build takes
// console-page.browser.ts instead: there the page is a chunk, loaded when it is asked for.
import { readFileSync } from 'node:fs';

const PAGE = readFileSync(new URL('./console.html', import.meta.url), 'utf8');

export function consolePage(): string {
  return PAGE;
}
