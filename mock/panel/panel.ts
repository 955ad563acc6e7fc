// The panel itself (mountMockPanel in index.ts loads this file when a page mounts one): it calls the
// control API (/__mock) with fetch, which MSW's worker hands to the handlers on the page's own origin
// (or a running `video-api-mock`, given its URL). It lives in a shadow root, so the page's CSS does not
// reach it, and builds every node with createElement and textContent.
import type { MockControl, MockControlOptions } from '../../client/mock-control.js';
import type { StateMachine } from '../../lib/contract/index.js';
import { clockSection } from './clock.js';
import { h } from './dom.js';
import { journalSection } from './journal.js';
import { accountSection, jobsSection, type PanelContext, type PanelView, type Section, tokenSection } from './sections.js';
import { PANEL_CSS } from './style.js';

export interface MockPanelOptions {
  /** The bearer token your app sends: the account the panel shows first (any other can be typed or picked). */
  token?: string;
  /** Where the control API answers: the page's own origin by default (where MSW's handlers answer `/__mock`). */
  baseUrl?: string;
  /** The value of MOCK_CONTROL_TOKEN, when the mock requires one. */
  controlToken?: string;
  /** The element the panel is added to (default: document.body); it floats at the bottom right. */
  container?: HTMLElement;
  /** How often the panel reads the mock again, in ms (default 1000; 0: only after its own actions and ↻). */
  refreshMs?: number;
  /** How many journal entries it shows (default 20). */
  journalLimit?: number;
  /** Starts folded to its title bar. */
  collapsed?: boolean;
}

/**
 * What the panel takes from the handlers' build, which the page has loaded already: passed in, not
 * imported, so the panel's chunk holds the panel alone and the handlers' entry stays as it was.
 */
export interface PanelEngine {
  createMockControl(options: MockControlOptions): MockControl;
  /** The contract's state machines (lib/contract). */
  machines(): readonly StateMachine[];
  /** The control API's document (generated/mock-control.json). */
  controlDocument(): { components?: { schemas?: Record<string, { enum?: unknown[] }> } };
}

/** The values lists the panel offers: the control document's enums, and each machine's states by name (a resource's `family`). */
function panelLists(engine: PanelEngine): PanelContext['lists'] {
  const schemas = engine.controlDocument().components?.schemas ?? {};
  const enumOf = (name: string) => (schemas[name]?.enum ?? []).map(String);
  return {
    subscriptions: enumOf('Subscription'),
    clockModes: enumOf('ClockMode'),
    states: new Map(engine.machines().map((machine) => [machine.name, machine.states])),
  };
}

/** Adds the panel to the page; returns the function that removes it (and stops its refreshes). */
export function mountPanel(options: MockPanelOptions, engine: PanelEngine): () => void {
  const doc = (options.container ?? document.body).ownerDocument;
  const host = h(doc, 'div', { attrs: { 'data-mock-panel': '' } });
  const root = host.attachShadow({ mode: 'open' });
  const baseUrl = new URL(options.baseUrl ?? '/', doc.location.href).href;
  const control = engine.createMockControl({ baseUrl, controlToken: options.controlToken });
  const problem = h(doc, 'div', { attrs: { class: 'problem', role: 'status', 'data-field': 'problem' } });
  const tokenInput = h(doc, 'input', {
    attrs: { type: 'text', value: options.token ?? '', placeholder: 'token', 'data-field': 'token', 'aria-label': 'token' },
  });
  let refresh: (after?: boolean) => Promise<void> = async () => {};
  const ctx: PanelContext = {
    doc,
    root,
    control,
    token: () => tokenInput.value.trim(),
    act: (action) => () => {
      void action()
        .then(() => (problem.textContent = ''))
        .catch((error: Error) => (problem.textContent = error.message))
        .then(() => refresh(true));
    },
    lists: panelLists(engine),
  };
  tokenInput.addEventListener('change', () => void refresh(true));
  const sections = [
    tokenSection(ctx, tokenInput, () => void refresh(true)),
    accountSection(ctx),
    jobsSection(ctx),
    clockSection(ctx),
    journalSection(ctx),
  ];
  const panel = frame(ctx, sections, problem, options.collapsed ?? false, () => void refresh(true));
  root.append(h(doc, 'style', { text: PANEL_CSS }), panel);
  (options.container ?? doc.body).append(host);
  refresh = refresher(ctx, sections, problem, options.journalLimit ?? 20);
  void refresh(true);
  const every = options.refreshMs ?? 1000;
  const timer = every > 0 ? setInterval(() => void refresh(), every) : undefined;
  return () => {
    if (timer !== undefined) clearInterval(timer);
    refresh = async () => {};
    host.remove();
  };
}

/** The panel's frame: a title bar (fold, read again) over its sections and the last problem. */
function frame(ctx: PanelContext, sections: Section[], problem: HTMLElement, collapsed: boolean, reload: () => void): HTMLElement {
  const { doc } = ctx;
  const panel = h(doc, 'div', { attrs: { class: collapsed ? 'panel closed' : 'panel', part: 'panel' } });
  const fold = h(doc, 'button', {
    text: collapsed ? 'Open' : 'Fold',
    attrs: { type: 'button', 'data-action': 'fold', 'aria-expanded': String(!collapsed) },
    on: {
      click: () => {
        const closed = panel.classList.toggle('closed');
        fold.textContent = closed ? 'Open' : 'Fold';
        fold.setAttribute('aria-expanded', String(!closed));
      },
    },
  });
  const again = h(doc, 'button', {
    text: '↻',
    attrs: { type: 'button', 'data-action': 'refresh', title: 'Read the mock again' },
    on: { click: reload },
  });
  const header = h(doc, 'header', {}, h(doc, 'strong', { text: 'Mock' }), again, fold);
  panel.append(header, h(doc, 'div', { attrs: { class: 'body' } }, problem, ...sections.map((s) => s.node)));
  return panel;
}

/** Reads the mock (clock, accounts, the token's account, the journal) and updates every section; one read at a time. */
function refresher(ctx: PanelContext, sections: Section[], problem: HTMLElement, journalLimit: number) {
  let running: Promise<void> | undefined;
  let again = false;
  let reads = 0;
  const read = async (): Promise<PanelView> => {
    const token = ctx.token();
    const [clock, accounts, journal, account] = await Promise.all([
      ctx.control.clock(),
      ctx.control.accounts(),
      ctx.control.requests({ limit: journalLimit }),
      token ? ctx.control.account(token) : Promise.resolve(undefined),
    ]);
    return { token, clock, accounts, journal, account };
  };
  // A failed read's message stays until a read succeeds; an action's stays until the next action.
  let readFailed = false;
  const once = async () => {
    try {
      const view = await read();
      for (const section of sections) section.update(view);
      reads += 1;
      ctx.root.host.setAttribute('data-reads', String(reads));
      if (readFailed) problem.textContent = '';
      readFailed = false;
    } catch (error) {
      problem.textContent = (error as Error).message;
      readFailed = true;
    }
  };
  const start = () => {
    running = once().finally(() => {
      running = undefined;
    });
    return running;
  };
  return async (after = false): Promise<void> => {
    // A read asked for after an action waits for the one under way and reads again.
    if (running) {
      again ||= after;
      return running;
    }
    await start();
    if (again) {
      again = false;
      await start();
    }
  };
}
