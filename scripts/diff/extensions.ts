// The extension layer: what no general OpenAPI diff knows. Reads both contracts through the contract
// model and classifies changes to billing (x-credits), lifecycles (x-state-machine), guesses
// (x-unspecified) and limits (x-limits, x-rate-limit). Any other extension that changes is reported
// as a behaviour change, except the ones that only feed the docs.
import { type ContractModel, escapeToken, parsePointer, readPointer, toPointer, type StateMachine } from '../../lib/contract/index.js';
import type { RawChange } from './openapi.js';
import { isObject, same } from './types.js';

const br = (pointer: string, message: string): RawChange => ({ class: 'breaking', pointer, message });
const nb = (pointer: string, message: string): RawChange => ({ class: 'non-breaking', pointer, message });
const docs = (pointer: string, message: string): RawChange => ({ class: 'docs', pointer, message });

/** Extensions that only shape the reference docs or the change log itself. */
const DOCS_ONLY = new Set(['x-changelog', 'x-tagGroups', 'x-codeSamples', 'x-badges']);
/** Extensions with rules of their own below. */
const KNOWN = new Set(['x-credits', 'x-state-machine', 'x-unspecified', 'x-limits', 'x-rate-limit']);

function credits(base: ContractModel, head: ContractModel): RawChange[] {
  const out: RawChange[] = [];
  for (const h of head.operations()) {
    const b = base.operations().find((o) => o.label === h.label);
    if (!b) continue;
    const was = b.operation['x-credits'];
    const now = h.operation['x-credits'];
    if (!was || !now) continue;
    const at = `${h.pointer}/x-credits`;
    if (!was.charges && now.charges) out.push(br(`${at}/charges`, `${h.label} starts charging credits.`));
    if (was.charges && !now.charges) out.push(nb(`${at}/charges`, `${h.label} no longer charges credits.`));
    if (was.cost !== now.cost) {
      if (was.cost !== undefined && now.cost !== undefined && now.cost > was.cost)
        out.push(br(`${at}/cost`, `${h.label} costs more: ${was.cost} -> ${now.cost} credits.`));
      else out.push(nb(`${at}/cost`, `${h.label}'s stated cost changes: ${was.cost ?? 'none'} -> ${now.cost ?? 'none'} credits.`));
    }
    if (was.costKey !== now.costKey)
      out.push(nb(`${at}/costKey`, `${h.label}'s cost key changes: ${was.costKey ?? 'none'} -> ${now.costKey ?? 'none'}.`));
    if (was.refund !== undefined && now.refund === undefined)
      out.push(br(`${at}/refund`, `${h.label} loses its refund rule ("${was.refund}").`));
    else if (was.refund !== now.refund) out.push(nb(`${at}/refund`, `${h.label}'s refund rule changes to "${now.refund}".`));
    if (was.note !== now.note) out.push(docs(`${at}/note`, `${h.label}'s billing note changes.`));
  }
  return out;
}

const transitionKey = (t: StateMachine['transitions'][number]) => `${t.from ?? '(new)'} -> ${t.to ?? '(not shown)'}: ${t.trigger}`;

function stateMachines(base: ContractModel, head: ContractModel): RawChange[] {
  const out: RawChange[] = [];
  const heads = new Map(head.stateMachines().map((m) => [m.name, m]));
  for (const b of base.stateMachines()) {
    const at = toPointer(['components', 'schemas', b.name, 'x-state-machine']);
    const h = heads.get(b.name);
    heads.delete(b.name);
    if (!h) {
      out.push(br(at, `The ${b.resource} state machine is removed.`));
      continue;
    }
    const polled = h.pollOperationIds.length > 0;
    for (const s of b.states) if (!h.states.includes(s)) out.push(br(`${at}/states`, `The ${b.resource} state "${s}" is removed.`));
    for (const s of h.states) {
      if (b.states.includes(s)) continue;
      const msg = `The ${h.resource} status gains the state "${s}"`;
      out.push(
        polled
          ? br(`${at}/states`, `${msg}, which pollers (${h.pollOperationIds.join(', ')}) must handle.`)
          : nb(`${at}/states`, `${msg}.`),
      );
    }
    for (const s of h.terminal)
      if (!b.terminal.includes(s)) out.push(br(`${at}/terminal`, `"${s}" becomes a terminal ${h.resource} state: pollers stop there.`));
    for (const s of b.terminal)
      if (!h.terminal.includes(s) && h.states.includes(s))
        out.push(br(`${at}/terminal`, `"${s}" is no longer a terminal ${h.resource} state: pollers that stop there stop too early.`));
    for (const key of ['success', 'failure'] as const)
      if (!same(b[key] ?? [], h[key] ?? []))
        out.push(br(`${at}/${key}`, `The ${h.resource} ${key} states change to ${JSON.stringify(h[key] ?? [])}.`));
    if (b.statusLocation !== h.statusLocation)
      out.push(br(`${at}/statusLocation`, `The ${h.resource} status moves from ${b.statusLocation} to ${h.statusLocation}.`));
    for (const id of b.pollOperationIds)
      if (!h.pollOperationIds.includes(id)) out.push(nb(`${at}/pollOperationIds`, `${id} no longer reports the ${h.resource} status.`));
    if ((b.initial ?? null) !== (h.initial ?? null))
      out.push(nb(`${at}/initial`, `A new ${h.resource} now starts in "${h.initial ?? 'not shown'}" (was "${b.initial ?? 'not shown'}").`));
    const now = new Map(h.transitions.map((t) => [transitionKey(t), t]));
    for (const t of b.transitions) {
      const k = transitionKey(t);
      const n = now.get(k);
      now.delete(k);
      if (!n) out.push(br(`${at}/transitions`, `The ${b.resource} transition ${k} is removed.`));
      else if (t.refund && !n.refund) out.push(br(`${at}/transitions`, `The ${b.resource} transition ${k} no longer refunds the charge.`));
      else if (!same(t, n)) out.push(nb(`${at}/transitions`, `The ${b.resource} transition ${k} changes.`));
    }
    for (const k of now.keys()) out.push(nb(`${at}/transitions`, `The ${h.resource} machine gains the transition ${k}.`));
    if (!same(b.pollIntervalSeconds, h.pollIntervalSeconds))
      out.push(...limitChanges(b.pollIntervalSeconds, h.pollIntervalSeconds, `${at}/pollIntervalSeconds`, 'pollIntervalSeconds'));
  }
  for (const h of heads.values())
    out.push(nb(toPointer(['components', 'schemas', h.name, 'x-state-machine']), `A ${h.resource} state machine is added.`));
  return out;
}

/** Where the x-unspecified markers stand: pointer of the marker -> its text. */
function markers(node: unknown, keys: string[] = [], out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) markers(v, [...keys, String(i)], out);
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-unspecified') out.set(toPointer([...keys, k]), String(v));
      else markers(v, [...keys, k], out);
    }
  return out;
}

/** Whether the node a marker sits on is in the document (a marker gone with its node is no change of its own). */
const holderIn = (doc: object, marker: string) => readPointer(doc, parsePointer(marker).slice(0, -1)) !== undefined;

function unspecified(base: object, head: object): RawChange[] {
  const out: RawChange[] = [];
  const was = markers(base);
  const now = markers(head);
  const gone = [...was].filter(([p]) => !now.has(p));
  const come = [...now].filter(([p]) => !was.has(p));
  pairMoved(gone, come);
  for (const [p, text] of gone)
    if (holderIn(head, p))
      out.push(
        nb(p, `A guess becomes a stated rule, now checked strictly (conformance and the proxy stop treating it as open): "${text}".`),
      );
  for (const [p, text] of was)
    if (now.has(p) && now.get(p) !== text) out.push(docs(p, 'The note on what the source leaves open here changes.'));
  for (const [p, text] of come)
    if (holderIn(base, p)) out.push(nb(p, `A stated rule becomes a guess, no longer checked strictly: "${text}".`));
  return out;
}

/** A marker with the same text whose list position shifted (an element before it added or removed) is
 *  the same guess: each such pair is taken out of both lists. */
function pairMoved(gone: Array<[string, string]>, come: Array<[string, string]>): void {
  const shape = ([p, text]: [string, string]) => `${p.replace(/\/\d+(?=\/)/g, '/#')} ${text}`;
  for (let i = gone.length - 1; i >= 0; i--) {
    const j = come.findIndex((c) => shape(c) === shape(gone[i]));
    if (j < 0) continue;
    come.splice(j, 1);
    gone.splice(i, 1);
  }
}

/** Which way is tighter for a numeric limit, from its name: +1 when a higher value is tighter
 *  (a minimum, a floor, a price, a wait), -1 when a lower one is (a maximum, a rate, a quota). */
function direction(name: string): 1 | -1 | 0 {
  // The rates first: "requestsPerMinute" is a maximum, not a minimum.
  if (/max|perminute|perday|requests|pagesize/i.test(name)) return -1;
  if (/min|floor|credits|cost|cooldown|hours/i.test(name)) return 1;
  return 0;
}

function limitChanges(was: unknown, now: unknown, at: string, name: string): RawChange[] {
  if (same(was, now)) return [];
  if (typeof was === 'number' && typeof now === 'number') {
    const dir = direction(name);
    const tighter = dir === 0 || Math.sign(now - was) === dir;
    const text = `The limit ${name} changes from ${was} to ${now}`;
    // A number whose direction the name does not tell is treated as tighter: someone should look.
    return [
      tighter
        ? br(at, `${text}${dir === 0 ? ' (direction unknown, treated as tighter)' : ', which is tighter'}.`)
        : nb(at, `${text}, which is looser.`),
    ];
  }
  if (Array.isArray(was) && Array.isArray(now)) {
    const out: RawChange[] = [];
    for (const v of was) if (!now.some((n) => same(n, v))) out.push(br(at, `${name} no longer allows ${JSON.stringify(v)}.`));
    for (const v of now) if (!was.some((n) => same(n, v))) out.push(nb(at, `${name} now also allows ${JSON.stringify(v)}.`));
    return out;
  }
  if (isObject(was) && isObject(now)) {
    const out: RawChange[] = [];
    for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (k === 'x-unspecified') continue;
      const p = `${at}/${escapeToken(k)}`;
      if (!(k in now)) out.push(nb(p, `The limit ${name}.${k} is no longer stated.`));
      else if (!(k in was)) out.push(br(p, `A new limit ${name}.${k} is stated.`));
      else if (k === 'description' || k === 'title') {
        if (!same(was[k], now[k])) out.push(docs(p, `The description of ${name} changes.`));
      } else out.push(...limitChanges(was[k], now[k], p, /^(min|max|default)$/.test(k) ? `${name}.${k}` : k));
    }
    return out;
  }
  if (was === undefined) return [br(at, `A new limit ${name} is stated.`)];
  if (now === undefined) return [nb(at, `The limit ${name} is no longer stated.`)];
  return [br(at, `The limit ${name} changes from ${JSON.stringify(was)} to ${JSON.stringify(now)}.`)];
}

function limits(base: ContractModel, head: ContractModel): RawChange[] {
  const bi = base.doc.info as unknown as Record<string, unknown>;
  const hi = head.doc.info as unknown as Record<string, unknown>;
  const out = limitChanges(bi['x-limits'], hi['x-limits'], '/info/x-limits', 'x-limits');
  const wasRate = base.rateLimit();
  const nowRate = head.rateLimit();
  if (wasRate.requestsPerMinute !== nowRate.requestsPerMinute)
    out.push(
      ...limitChanges(
        wasRate.requestsPerMinute,
        nowRate.requestsPerMinute,
        '/info/x-rate-limit/requestsPerMinute',
        'requestsPerMinute',
      ).map((c) => ({
        ...c,
        message: c.message.replace('The limit requestsPerMinute', 'The rate limit (requests per minute)'),
      })),
    );
  if (wasRate.scope !== nowRate.scope)
    out.push(br('/info/x-rate-limit/scope', `The rate limit is now counted per ${nowRate.scope} (was per ${wasRate.scope}).`));
  if (wasRate.description !== nowRate.description) out.push(docs('/info/x-rate-limit/description', 'The rate limit description changes.'));
  return out;
}

/** Every extension occurrence that is not inside another one: pointer -> [name, value]. */
function occurrences(node: unknown, keys: string[] = [], out = new Map<string, [string, unknown]>()): Map<string, [string, unknown]> {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) occurrences(v, [...keys, String(i)], out);
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-')) out.set(toPointer([...keys, k]), [k, v]);
      else occurrences(v, [...keys, k], out);
    }
  return out;
}

const withoutMarkers = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutMarkers)
    : isObject(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'x-unspecified')
            .map(([k, x]) => [k, withoutMarkers(x)]),
        )
      : v;

function others(base: object, head: object): RawChange[] {
  const out: RawChange[] = [];
  const was = occurrences(base);
  const now = occurrences(head);
  for (const p of new Set([...was.keys(), ...now.keys()])) {
    const [name] = was.get(p) ?? now.get(p) ?? [''];
    if (KNOWN.has(name)) continue;
    const a = withoutMarkers(was.get(p)?.[1]);
    const b = withoutMarkers(now.get(p)?.[1]);
    if (same(a, b)) continue;
    const verb = a === undefined ? 'is added' : b === undefined ? 'is removed' : 'changes';
    out.push(DOCS_ONLY.has(name) ? docs(p, `${name} ${verb}.`) : nb(p, `${name} ${verb}.`));
  }
  return out;
}

/** The guesses and other extensions of two nodes compared as one (servers.ts pairs the servers). */
export function extensionNotes(base: object, head: object, at: string[]): RawChange[] {
  const prefix = toPointer(at);
  return [...unspecified(base, head), ...others(base, head)].map((c) => ({ ...c, pointer: `${prefix}${c.pointer}` }));
}

/** The document without its servers: they are compared in pairs (servers.ts), not by position. */
const withoutServers = ({ servers: _, ...rest }: object & { servers?: unknown }) => rest;

export function extensionChanges(base: ContractModel, head: ContractModel): RawChange[] {
  const [b, h] = [withoutServers(base.doc), withoutServers(head.doc)];
  return [...credits(base, head), ...stateMachines(base, head), ...unspecified(b, h), ...limits(base, head), ...others(b, h)];
}
