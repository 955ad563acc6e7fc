// The browser build's mock/on-demand.ts (scripts/pack/bundle.ts swaps it in). A call that may ask
// for a dynamic example (a Prefer header or a `__dynamic` query naming it; Prism's own reading of
// them decides later) waits for the generator chunk; a YAML body (a scenario sent to /__mock) and a
// scenario option wait for the YAML reader; a GET of the console (/__mock/) waits for its page. A
// false alarm only loads a part early.
import { loadGenerator } from './browser/generator-slot.js';
import { loadYaml } from './browser/yaml-slot.js';
import { CONTROL_PREFIX } from './control/plane.js';
import { loadConsolePage } from './control/console-page.browser.js';

const MAY_ASK = /dynamic/i;

export async function readyFor(request: Request): Promise<void> {
  const prefer = request.headers.get('prefer') ?? '';
  if (MAY_ASK.test(prefer) || new URL(request.url).searchParams.has('__dynamic')) await loadGenerator();
  if (/yaml/i.test(request.headers.get('content-type') ?? '')) await loadYaml();
  const { pathname } = new URL(request.url);
  if (request.method === 'GET' && (pathname === CONTROL_PREFIX || pathname === `${CONTROL_PREFIX}/`)) await loadConsolePage();
}

export async function readyToStart(options: { scenario?: unknown }): Promise<void> {
  if (options.scenario !== undefined) await loadYaml();
}
