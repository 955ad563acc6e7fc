// The panel's sections, each a node and an update from the latest view of the mock: the token,
// the account's facts, its jobs (forced to any state of their contract machine), the clock and
// the journal. Inputs are made once and only refreshed while the user is not in them.
import type { MockControl } from '../../client/mock-control.js';
import type { components } from '../../generated/mock-control.js';
import { type Child, editing, h, options } from './dom.js';

type Schemas = components['schemas'];

/** What one refresh read from the control API. */
export interface PanelView {
  token: string;
  account?: Schemas['Account'];
  accounts: Schemas['Account'][];
  clock: Schemas['Clock'];
  journal: Schemas['JournalEntry'][];
}

/** What every section is made with. */
export interface PanelContext {
  doc: Document;
  root: ShadowRoot;
  control: MockControl;
  /** The token (or account ref) the panel acts on. */
  token(): string;
  /** A listener that runs `action`, shows its problem if it fails, and reads the mock again. */
  act(action: () => Promise<unknown>): () => void;
  /** Values the control document and the contract enumerate. */
  lists: { subscriptions: string[]; clockModes: string[]; states: ReadonlyMap<string, readonly string[]> };
}

export interface Section {
  node: HTMLElement;
  update(view: PanelView): void;
}

const section = (ctx: PanelContext, name: string, title: string, ...children: Child[]) =>
  h(ctx.doc, 'section', { attrs: { 'data-section': name } }, h(ctx.doc, 'h2', { text: title }), ...children);

/** The token: typed, or picked among the accounts the mock has seen (masked, acted on by ref). */
export function tokenSection(ctx: PanelContext, input: HTMLInputElement, onPick: () => void): Section {
  const { doc } = ctx;
  const seen = h(doc, 'select', { attrs: { 'data-field': 'seen', 'aria-label': 'accounts seen' }, on: { change: () => pick() } });
  const pick = () => {
    if (seen.value) input.value = seen.value;
    onPick();
  };
  const node = section(ctx, 'token', 'Token', h(doc, 'div', { attrs: { class: 'row' } }, input, seen));
  let last = '';
  return {
    node,
    update(view) {
      const labels = view.accounts.map((a) => `${a.ref}\u0000${a.token}`).join('\n');
      if (labels === last || editing(ctx.root, seen)) return;
      last = labels;
      const label = (ref: string) => (ref ? `${view.accounts.find((a) => a.ref === ref)?.token} (${ref})` : 'accounts seen…');
      seen.replaceChildren(...options(doc, ['', ...view.accounts.map((a) => a.ref)], '', label));
    },
  };
}

/** Credits, subscription and verified email of the token's account. */
export function accountSection(ctx: PanelContext): Section {
  const { doc, control } = ctx;
  const patch = (body: Schemas['AccountPatch']) => ctx.act(() => control.updateAccount(ctx.token(), body));
  const facts = h(doc, 'div', { attrs: { class: 'row', 'data-field': 'facts' } });
  const credits = h(doc, 'input', { attrs: { type: 'number', min: '0', 'data-field': 'credits', 'aria-label': 'credits' } });
  // valueAsNumber: an empty field is NaN, which the control API refuses (a 422 shown), never 0.
  const setCredits = () => patch({ credits: credits.valueAsNumber })();
  const subscription = h(
    doc,
    'select',
    { attrs: { 'data-field': 'subscription', 'aria-label': 'subscription' }, on: { change: () => setSubscription() } },
    ...options(doc, ctx.lists.subscriptions),
  );
  const setSubscription = () => patch({ subscription: subscription.value as Schemas['Subscription'] })();
  const verified = h(doc, 'input', { attrs: { type: 'checkbox', 'data-field': 'email_verified' } });
  verified.addEventListener('change', () => patch({ email_verified: verified.checked })());
  const controls = h(
    doc,
    'div',
    { attrs: { class: 'row' } },
    h(doc, 'label', { text: 'credits ' }, credits),
    h(doc, 'button', { text: 'Set', attrs: { type: 'button', 'data-action': 'set-credits' }, on: { click: setCredits } }),
    h(doc, 'button', { text: 'Zero', attrs: { type: 'button', 'data-action': 'zero-credits' }, on: { click: patch({ credits: 0 }) } }),
    subscription,
    h(doc, 'label', { text: 'email verified ' }, verified),
  );
  return {
    node: section(ctx, 'account', 'Account', facts, controls),
    update({ account }) {
      const badge = (text: string, field: string) => h(doc, 'span', { text, attrs: { class: 'badge', 'data-field': field } });
      const muted = (text: string) => h(doc, 'span', { text, attrs: { class: 'muted' } });
      facts.replaceChildren(
        ...(account
          ? [badge(`${account.credits} credits`, 'credits-shown'), badge(account.subscription, 'subscription-shown')]
          : [muted('Type a token, or pick an account.')]),
        ...(account && !account.seen ? [muted('not seen yet')] : []),
      );
      if (!account || editing(ctx.root, controls)) return;
      credits.value = String(account.credits);
      subscription.value = account.subscription;
      verified.checked = account.email_verified;
    },
  };
}

/** The account's resources, each with its state and a menu of its contract machine's states to force. */
export function jobsSection(ctx: PanelContext): Section {
  const { doc, control } = ctx;
  const body = h(doc, 'tbody');
  const empty = h(doc, 'p', { text: 'No resources yet.', attrs: { class: 'muted' } });
  let last = '';
  const row = (resource: Schemas['ResourceSummary']) => {
    const states = ctx.lists.states.get(resource.family) ?? [];
    const choice = h(doc, 'select', { attrs: { 'data-field': 'force-state', 'aria-label': `state of ${resource.path}` } });
    choice.append(...options(doc, states, resource.state ?? undefined));
    const force = () => control.force(ctx.token(), resource.path, choice.value);
    return h(
      doc,
      'tr',
      { attrs: { 'data-path': resource.path } },
      h(doc, 'td', { text: resource.path, attrs: { class: 'mono path' } }),
      h(
        doc,
        'td',
        {},
        h(doc, 'span', { text: resource.state ?? 'not started', attrs: { class: 'badge', 'data-state': resource.state ?? '' } }),
      ),
      h(
        doc,
        'td',
        {},
        choice,
        ' ',
        h(doc, 'button', { text: 'Force', attrs: { type: 'button', 'data-action': 'force' }, on: { click: ctx.act(force) } }),
      ),
    );
  };
  const table = h(doc, 'table', {}, body);
  return {
    node: section(ctx, 'jobs', 'Jobs', table, empty),
    update({ account }) {
      const resources = account?.resources ?? [];
      const now = JSON.stringify(resources.map((r) => [r.path, r.state]));
      if (now === last || editing(ctx.root, body)) return;
      last = now;
      body.replaceChildren(...resources.map(row));
      empty.hidden = resources.length > 0;
    },
  };
}
