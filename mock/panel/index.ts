// mountMockPanel: a small control panel for the mock, inside the app's own page, for apps that run
// the MSW handlers in the browser (where the command's console at /__mock/ does not exist). The panel
// is a chunk of its own (panel.ts), loaded when a page mounts one, as the example generator is: a page
// that runs the handlers without it loads only this file more.
import { readFileSync } from 'node:fs';
import { createMockControl } from '../../client/mock-control.js';
import { ContractModel } from '../../lib/contract/index.js';
import { CONTROL_DOC_PATH } from '../control/document.js';
import type { MockPanelOptions, PanelEngine } from './panel.js';

export type { MockPanelOptions };

const engine: PanelEngine = {
  createMockControl,
  machines: () => ContractModel.load().stateMachines(),
  controlDocument: () => JSON.parse(readFileSync(CONTROL_DOC_PATH, 'utf8')),
};

/**
 * Adds the panel to the page (once its code has loaded); returns the function that removes it and
 * stops its refreshes, or keeps it from being added when called before.
 */
export function mountMockPanel(options: MockPanelOptions = {}): () => void {
  let unmount: (() => void) | undefined;
  let removed = false;
  void import('./panel.js').then(({ mountPanel }) => {
    if (!removed) unmount = mountPanel(options, engine);
  });
  return () => {
    removed = true;
    unmount?.();
  };
}
