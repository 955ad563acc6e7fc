// The chunk loadConsolePage() (mock/control/console-page.browser.ts) imports: the console page as text.
export { default } from '../control/console.html';
