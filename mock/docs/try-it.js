// "Try it" panels for the reference docs the mock serves (mock/docs/route.ts injects this file).
// Every fact about the API comes from the JSON in #try-it-facts, made from the contract; requests
// go to this same origin only. Redoc renders the page with React, so panels are added by watching
// the DOM and re-added (with what the reader typed) if a re-render drops them.
// A module script (mock/docs/route.ts injects it with type="module"): its names stay its own
// without a wrapper function.
const facts = JSON.parse(document.getElementById('try-it-facts').textContent);
const byId = new Map(facts.operations.map((o) => [o.id.toLowerCase(), o]));
/** operationId -> param -> the calls whose answer fills it (OpenAPI links), for the placeholder. */
const fillers = new Map();
for (const o of facts.operations) {
  for (const l of o.links) {
    const key = `${l.operationId} ${l.param}`;
    const from = `${o.method} ${o.path}`;
    if (!(fillers.get(key) ?? []).includes(from)) fillers.set(key, [...(fillers.get(key) ?? []), from]);
  }
}
// One token per page: a fresh account with the mock's starting balance.
const shared = { token: `${facts.token}-${Math.random().toString(36).slice(2, 8)}` };
const panels = new Map();
/** Values carried by OpenAPI links: operationId -> param -> { value, from }. */
const linked = new Map();

const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
};

const readPointer = (body, pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((at, k) => (at !== null && typeof at === 'object' ? at[k] : undefined), body);

function stateName(poll, raw) {
  if (poll.values) {
    const hit = Object.entries(poll.values).find(([, v]) => v === raw);
    return hit ? hit[0] : undefined;
  }
  return typeof raw === 'string' ? raw : undefined;
}

/** The token field, shared by every panel of the page: typing in one changes them all. */
function tokenField() {
  const tokenInput = el('input', { type: 'text', value: shared.token, 'aria-label': 'Bearer token', spellcheck: 'false' });
  tokenInput.addEventListener('input', () => {
    shared.token = tokenInput.value;
    for (const p of panels.values()) if (p.token !== tokenInput) p.token.value = shared.token;
  });
  return tokenInput;
}

/** One row per parameter, its input kept in `fields` by name; the placeholder says what fills it. */
function paramRows(op, fields) {
  return op.params.map((p) => {
    const input = el('input', {
      type: 'text',
      value: p.value,
      placeholder: fillers.has(`${op.id} ${p.name}`)
        ? `filled by ${fillers.get(`${op.id} ${p.name}`).slice(0, 2).join(' or ')}`
        : p.required
          ? 'required'
          : 'optional',
      'data-param': p.name,
      'aria-label': `${p.name} (${p.in})`,
      spellcheck: 'false',
    });
    fields[p.name] = input;
    return el('label', { class: 'try-it-row' }, el('span', { text: `${p.name} (${p.in})` }), input);
  });
}

/** One row per part of a multipart body: a file input for a file part, a text input for the others. */
function partRows(op, rows) {
  const inputs = {};
  for (const part of op.multipart) {
    const input = part.file
      ? el('input', { type: 'file', ...(part.accept ? { accept: part.accept } : {}), ...(part.multiple ? { multiple: '' } : {}) })
      : el('input', { type: 'text', value: part.value, placeholder: part.required ? 'required' : 'optional', spellcheck: 'false' });
    const what = `${part.name} (${part.file ? (part.multiple ? 'files' : 'file') : 'form'}${part.required ? ', required' : ''})`;
    input.setAttribute('data-part', part.name);
    input.setAttribute('aria-label', what);
    inputs[part.name] = input;
    rows.push(el('label', { class: 'try-it-row' }, el('span', { text: what }), input));
  }
  if (op.multipart.some((p) => p.guessed)) {
    rows.push(el('p', { class: 'try-it-note', text: 'The contract does not name the parts of this body (x-unspecified): the file goes as the part named above.' }));
  }
  rows.push(el('p', { class: 'try-it-note', text: 'Sent as multipart/form-data.' }));
  return inputs;
}

/**
 * The body's rows (the multipart parts; a note for another body that is not JSON; the example
 * picker and the JSON body): returns the JSON body's textarea or the multipart inputs by part name.
 */
function bodyRows(op, rows) {
  if (op.multipart) return { formParts: partRows(op, rows) };
  if (op.nonJsonBody) {
    rows.push(el('p', { class: 'try-it-note', text: `The body is ${op.nonJsonBody}: send it with curl or the typed client.` }));
    return {};
  }
  if (op.body === '' && !['POST', 'PUT', 'PATCH'].includes(op.method)) return {};
  const body = el('textarea', { rows: String(Math.min(12, Math.max(3, op.body.split('\n').length + 1))), 'aria-label': 'Request body (JSON)', spellcheck: 'false' });
  body.value = op.body;
  if (op.examples.length > 1) {
    // The contract's named request examples: picking one replaces the body.
    const pick = el('select', { 'aria-label': 'Request example' });
    for (const [i, x] of op.examples.entries()) pick.append(el('option', { value: String(i), text: `${x.name}: ${x.summary}` }));
    pick.addEventListener('change', () => {
      body.value = op.examples[Number(pick.value)].body;
    });
    rows.push(el('label', { class: 'try-it-row' }, el('span', { text: 'Example' }), pick));
  }
  rows.push(el('label', { class: 'try-it-row try-it-body' }, el('span', { text: 'Body (JSON)' }), body));
  return { body };
}

/** What shows an answer (status line, states, headers, body), and the send and poll buttons. */
function resultParts(op) {
  const out = {
    status: el('div', { class: 'try-it-status', role: 'status', 'aria-live': 'polite' }),
    headers: el('pre', { class: 'try-it-headers' }),
    output: el('pre', { class: 'try-it-output', 'aria-label': 'Response body' }),
    states: el('div', { class: 'try-it-states' }),
    send: el('button', { type: 'button', class: 'try-it-send', text: `Send ${op.method}` }),
    poll: op.poll
      ? el('button', {
          type: 'button',
          class: 'try-it-poll',
          text: 'Poll until done',
        })
      : undefined,
  };
  const pollNote = op.poll
    ? el('span', {
        class: 'try-it-poll-note',
        text: `Polls once a second; stops at ${op.poll.terminal.join(' or ')}, on an error answer, at a state only a call moves on, or after ${op.poll.limitSeconds} s.`,
      })
    : undefined;
  out.buttons = el('div', { class: 'try-it-buttons' }, out.send, out.poll, pollNote);
  out.result = el(
    'div',
    { class: 'try-it-result', hidden: '' },
    out.status,
    out.states,
    el('details', {}, el('summary', { text: 'Response headers' }), out.headers),
    out.output,
  );
  return out;
}

/** The multipart body of the panel's parts; throws on a required part left empty. */
function formBody(op, formParts) {
  const form = new FormData();
  const missing = [];
  for (const part of op.multipart) {
    const input = formParts[part.name];
    if (part.file) for (const file of input.files) form.append(part.name, file, file.name);
    else if (input.value.trim()) form.append(part.name, input.value.trim());
    if (part.required && (part.file ? !input.files.length : !input.value.trim())) missing.push(part.name);
  }
  if (missing.length) throw new Error(`fill in ${missing.join(', ')} first (a file part takes a file from the picker)`);
  return form;
}

/** The request the panel's inputs describe: its URL and fetch options; throws on a missing path parameter, part or bad JSON. */
function requestOf(op, panel) {
  const { fields, token, body, formParts } = panel;
  const missing = op.params.filter((p) => p.in === 'path' && !fields[p.name].value.trim()).map((p) => p.name);
  if (missing.length) throw new Error(`fill in ${missing.map((n) => `{${n}}`).join(', ')} first`);
  let url = `${facts.basePath}${op.path.replace(/\{([^}]+)\}/g, (_, n) => encodeURIComponent(fields[n].value.trim()))}`;
  const query = new URLSearchParams();
  const extra = {};
  for (const p of op.params) {
    const v = fields[p.name].value.trim();
    if (!v || p.in === 'path') continue;
    if (p.in === 'query') query.append(p.name, v);
    else extra[p.name] = v;
  }
  if ([...query].length) url += `?${query}`;
  const init = { method: op.method, headers: { Accept: 'application/json', Authorization: `Bearer ${token.value.trim()}`, ...extra } };
  if (formParts) {
    // The browser writes the Content-Type with the multipart boundary itself.
    init.body = formBody(op, formParts);
  } else if (body && body.value.trim()) {
    JSON.parse(body.value); // a clear message here beats the mock's 400
    init.headers['Content-Type'] = 'application/json';
    init.body = body.value;
  }
  return { url, init };
}

/** Sends the panel's request and shows the answer; a 2xx fills the linked parameters of the next operations. */
async function call(op, panel) {
  const { url, init } = requestOf(op, panel);
  const { status, headers, output, result } = panel.parts;
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  result.hidden = false;
  status.textContent = `${res.status} ${res.statusText} · ${ms} ms · ${op.method} ${url}`;
  status.className = `try-it-status ${res.ok ? 'ok' : 'bad'}`;
  headers.textContent = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  output.textContent = parsed === undefined ? text : JSON.stringify(parsed, null, 2);
  if (res.ok && parsed !== undefined) carry(op, parsed);
  return { res, body: parsed };
}

function fail(panel, error) {
  const { status, result } = panel.parts;
  result.hidden = false;
  status.textContent = `Not sent: ${error.message}`;
  status.className = 'try-it-status bad';
}

/** Shows the states polling saw and how it ended (`outcome`: done, waiting, error, limit, stopped; none while it goes on). */
function showStates(op, states, seen, outcome, tail = '') {
  const ending = { done: ' (done)', waiting: ' (stopped)', error: ' (stopped on an error answer)', limit: ' (gave up)', stopped: ' (stopped)' };
  states.textContent = `${op.poll.resource} at ${op.poll.pointer}: ${seen.join(' → ')}${outcome ? ending[outcome] : ' …'}${tail ? ` ${tail}` : ''}`;
  if (outcome) states.dataset.outcome = outcome;
  else delete states.dataset.outcome;
}

/** How one poll's answer ends polling: undefined to go on, else the outcome, its class and what to add. */
function pollVerdict(op, state, started) {
  if (state !== undefined && state !== null && op.poll.terminal.includes(state)) {
    return { outcome: 'done', tone: op.poll.success.includes(state) ? 'ok' : 'bad' };
  }
  const waiting = op.poll.waiting.find((w) => w.state === state);
  if (waiting) return { outcome: 'waiting', tone: 'bad', tail: waiting.message };
  if (Date.now() - started >= op.poll.limitSeconds * 1000) {
    return { outcome: 'limit', tone: 'bad', tail: `No terminal state after ${op.poll.limitSeconds} s.` };
  }
  return undefined;
}

/**
 * "Poll until done": calls again once a second until the resource's state is terminal, an answer
 * is an error, the state is one that only a call moves on (a draft never rendered: the panel names
 * the call), or op.poll.limitSeconds have passed; a second click stops.
 */
async function pollUntilDone(op, panel) {
  const { poll, states } = panel.parts;
  if (poll.dataset.running) {
    panel.stop = true;
    return;
  }
  panel.stop = false;
  poll.dataset.running = '1';
  poll.textContent = 'Stop polling';
  const seen = [];
  const started = Date.now();
  try {
    for (;;) {
      const { res, body: answer } = await call(op, panel);
      if (!res.ok) {
        showStates(op, states, seen, 'error');
        states.className = 'try-it-states bad';
        break;
      }
      const raw = readPointer(answer, op.poll.pointer);
      // No status yet (null or absent) is the machine's null: the resource is not in it yet.
      const state = raw === null || raw === undefined ? null : stateName(op.poll, raw);
      const label = state === null ? 'no status yet' : (state ?? String(raw));
      if (seen.at(-1) !== label) seen.push(label);
      states.dataset.state = label;
      const verdict = pollVerdict(op, state, started);
      const outcome = verdict?.outcome ?? (panel.stop ? 'stopped' : undefined);
      showStates(op, states, seen, outcome, verdict?.tail);
      states.className = `try-it-states ${verdict?.tone ?? ''}`;
      if (outcome) break;
      // The mock moves a job one state per MOCK_STEP_MS; once a second sees each state quickly.
      await new Promise((r) => setTimeout(r, 1000));
    }
  } catch (error) {
    fail(panel, error);
  } finally {
    delete poll.dataset.running;
    poll.textContent = 'Poll until done';
  }
}

function buildPanel(op) {
  const fields = {};
  const token = tokenField();
  const rows = [el('label', { class: 'try-it-row' }, el('span', { text: 'Token' }), token), ...paramRows(op, fields)];
  const { body, formParts } = bodyRows(op, rows);
  const parts = resultParts(op);
  const root = el(
    'details',
    { class: 'try-it', 'data-try-it': op.id },
    el(
      'summary',
      {},
      el('span', { class: 'try-it-title', text: 'Try it against this mock' }),
      el('code', { text: `${op.method} ${facts.basePath}${op.path}` }),
      op.charges ? el('span', { class: 'try-it-charges', text: 'charges credits (mock)' }) : null,
    ),
    el('div', { class: 'try-it-form' }, ...rows, parts.buttons),
    parts.result,
  );
  const panel = { root, fields, token, op, body, formParts, parts, stop: false };
  parts.send.addEventListener('click', () => {
    parts.states.textContent = '';
    call(op, panel).catch((error) => fail(panel, error));
  });
  parts.poll?.addEventListener('click', () => pollUntilDone(op, panel));
  return panel;
}

/** After a 2xx, fills the linked parameters of the next operations (the contract's OpenAPI links). */
function carry(op, answer) {
  for (const link of op.links) {
    const value = readPointer(answer, link.pointer);
    if (value === undefined || value === null || typeof value === 'object') continue;
    if (!linked.has(link.operationId)) linked.set(link.operationId, {});
    linked.get(link.operationId)[link.param] = String(value);
    const panel = panels.get(link.operationId.toLowerCase());
    const input = panel?.fields[link.param];
    if (input) {
      input.value = String(value);
      input.title = `from ${op.method} ${op.path}`;
    }
  }
}

/** Redoc's section id of a tag (`URL to Video` -> `/url-to-video`). */
const tagSection = (tag) =>
  `/${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * Redoc 3 renders a tag's operations only once the tag is opened, so a reader who has not opened
 * one would see no panel. Until then each operation's panel waits, built, under its tag's heading
 * (one list per tag); when Redoc renders the operation, mount() moves the same panel into it.
 */
function waitUnderTags() {
  for (const op of facts.operations) {
    const key = op.id.toLowerCase();
    let panel = panels.get(key);
    if (panel?.root.isConnected && !panel.root.parentElement?.hasAttribute('data-try-it-waiting')) continue;
    const group = document.querySelector(`[data-section-id="${tagSection(op.tag)}"]`);
    if (!group) continue;
    let list = group.querySelector(':scope > [data-try-it-waiting]');
    if (!list) {
      list = el(
        'div',
        { class: 'try-it-waiting', 'data-try-it-waiting': '' },
        el('p', { class: 'try-it-waiting-title', text: `Try it: ${op.tag} (each panel moves under its operation once you open it)` }),
      );
      group.append(list);
    }
    // Redoc fills a tag's section when it scrolls into view: the list goes after the tag's heading
    // and description (the section's first child), moved only when it is not there already.
    const header = [...group.children].find((child) => child !== list);
    if (header && list.previousElementSibling !== header) header.after(list);
    if (!panel) {
      panel = buildPanel(op);
      for (const [param, value] of Object.entries(linked.get(op.id) ?? {})) if (panel.fields[param]) panel.fields[param].value = value;
      panels.set(key, panel);
    }
    if (panel.root.parentElement !== list) list.append(panel.root);
  }
}

function mount() {
  // Redoc 3 names an operation's section `/<tag>/<operationid lower-cased>` and renders a tag's
  // operations once the tag is opened.
  for (const section of document.querySelectorAll('[data-section-id]')) {
    const key = section.getAttribute('data-section-id').split('/').pop().toLowerCase();
    const op = byId.get(key);
    if (!op || section.querySelector(':scope [data-try-it]')) continue;
    let panel = panels.get(key);
    if (!panel) {
      panel = buildPanel(op);
      for (const [param, value] of Object.entries(linked.get(op.id) ?? {})) if (panel.fields[param]) panel.fields[param].value = value;
      panels.set(key, panel);
    }
    // The middle column of the section's first row, under the operation's description.
    const column = section.firstElementChild?.firstElementChild ?? section;
    column.append(panel.root);
  }
  waitUnderTags();
}

let queued = false;
new MutationObserver(() => {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    mount();
  });
}).observe(document.body, { childList: true, subtree: true });
mount();
