// The stateful API: what happens after Prism has routed and validated a call and the token passed
// the gate. Prism's own answer (the contract's example for the operation) is the starting point of
// every body; the stored resource replaces `data` where the answer is that resource.
import type { Contract, Operation, Precondition } from '../contract.js';
import { ApiError, type Answer, type Errors } from '../errors.js';
import type { Price } from '../costs.js';
import { profileFacts } from '../tokens.js';
import { Machines, dig } from './machines.js';
import { Resources, action, firstSegment, pathParams, resourceParam, type Family } from './resources.js';
import { Store, newId, record, type Account, type LedgerEntry, type Resource } from './store.js';

export interface Call {
  op: Operation;
  account: Account;
  path: string;
  query: Record<string, string | string[]>;
  body: unknown;
  /** Prism's answer for this call (status and body from the contract's examples). */
  prism: { status: number; body: any };
  now: number;
  /** Absolute base URL of the mock, e.g. http://127.0.0.1:4010/v2, for pagination links. */
  baseUrl: string;
}

export interface ApiOptions {
  includeAllowlist: string[];
  socialHosts: string[];
}

type Evaluator = (call: Call, resource: Resource) => boolean;

export class StatefulApi {
  private readonly preconditionChecks = new Map<string, Evaluator>();

  constructor(
    private readonly contract: Contract,
    private readonly machines: Machines,
    private readonly resources: Resources,
    private readonly prices: Map<string, Price>,
    private readonly errors: Errors,
    private readonly options: ApiOptions,
  ) {
    // Every precondition the contract lists must have a check here; an unknown one stops start-up
    // rather than being silently skipped.
    for (const op of contract.operations.values()) {
      for (const pre of op.preconditions ?? []) this.preconditionChecks.set(pre.condition, this.checkFor(pre));
    }
  }

  handle(call: Call): Answer {
    this.advanceAll(call.account, call.now);
    // The account operations each have one behaviour of their own.
    switch (call.op.id) {
      case 'getMe':
        return this.me(call);
      case 'listCreditHistory':
        return this.history(call);
      case 'getAutoTopup':
        return this.ok(call, this.autoTopup(call));
      case 'updateAutoTopup':
        return this.updateAutoTopup(call);
      case 'getVoiceCloneSlots':
        return this.ok(call, { ...call.prism.body.data, available: this.freeSlots(call) });
    }
    const family = this.resources.familyOf(call.op);
    if (family) return this.familyCall(call, family);
    const charge = this.charge(call);
    return this.ok(call, call.prism.body?.data, charge);
  }

  advanceAll(account: Account, now: number): void {
    for (const resource of account.active) {
      if (!this.machines.advance(account, resource, now)) account.active.delete(resource);
    }
  }

  // ---- account ------------------------------------------------------------------------------

  private me(call: Call): Answer {
    const data = structuredClone(call.prism.body.data);
    const facts = profileFacts(call.account.facts);
    data.credits = { ...data.credits, remaining: call.account.balance };
    data.email_verified = facts.email_verified;
    data.subscription = { ...data.subscription, ...facts.subscription };
    return this.ok(call, data);
  }

  private history(call: Call): Answer {
    const perPage = Number(call.query.per_page ?? this.paramDefault(call.op, 'per_page'));
    const page = Number(call.query.page ?? this.paramDefault(call.op, 'page'));
    const order = String(call.query.order ?? this.paramDefault(call.op, 'order'));
    // Every entry the mock writes is public-API spend, so `source=api` (or any source) shows them all.
    const chronological = (a: LedgerEntry, b: LedgerEntry) => a.at - b.at || a.seq - b.seq;
    const entries = [...call.account.ledger].sort((a, b) => (order === 'ASC' ? chronological(a, b) : chronological(b, a)));
    const slice = entries.slice((page - 1) * perPage, page * perPage).map(({ seq: _seq, at: _at, ...entry }) => entry);
    const lastPage = Math.max(1, Math.ceil(entries.length / perPage));
    const link = (n: number) => `${call.baseUrl}/credits/history?page=${n}&per_page=${perPage}&order=${order}`;
    return {
      status: call.prism.status,
      body: {
        ...call.prism.body,
        data: slice,
        meta: { current_page: page, per_page: perPage, total: entries.length },
        links: {
          first: link(1),
          last: link(lastPage),
          prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
          next: page < lastPage ? link(page + 1) : null,
        },
      },
    };
  }

  private autoTopup(call: Call): Record<string, unknown> {
    if (!call.account.autoTopup) {
      // A new account shows the machine's initial state, as the poll operation's example of that name.
      const poll = this.contract.op('getAutoTopup');
      const machine = this.contract.machines.find((m) => m.pollOperationIds.includes(poll.id));
      const examples = this.contract.examples(poll);
      call.account.autoTopup = structuredClone(examples[machine?.initial ?? ''] ?? Object.values(examples)[0])?.data;
    }
    return call.account.autoTopup!;
  }

  private updateAutoTopup(call: Call): Answer {
    const body = call.body as { enabled: boolean; type?: string; plan_id?: number; units?: number };
    const current = this.autoTopup(call);
    if (!body.enabled) {
      // Disabling ignores every other field and keeps the configuration.
      call.account.autoTopup = { ...current, enabled: false };
      return this.ok(call, call.account.autoTopup);
    }
    if (!call.account.facts.paymentMethod) throw new ApiError(this.errors.answer('ErrorAutoTopupNoPaymentMethod'));
    const extra = body.type === 'extra-credits';
    call.account.autoTopup = {
      ...current,
      enabled: true,
      type: body.type,
      plan_id: extra ? body.plan_id : null,
      units: extra ? null : body.units,
      enabled_at: current.enabled ? current.enabled_at : new Date(call.now).toISOString(),
    };
    return this.ok(call, call.account.autoTopup);
  }

  // ---- resources ----------------------------------------------------------------------------

  private familyCall(call: Call, family: Family): Answer {
    const { op } = call;
    const param = resourceParam(op.path);
    if (!param) {
      if (op.method === 'post') return this.create(call, family);
      if (op.method === 'get' && this.contract.dataSchemaRef(op) === `[]${family.dataRef}`) {
        return this.ok(call, this.owned(call.account, family).map((resource) => resource.data));
      }
      return this.ok(call, call.prism.body?.data, this.charge(call));
    }
    const id = pathParams(op.path, call.path)[param];
    const resource = call.account.resources.get(Store.key(family.machine, id));
    if (!resource) throw new ApiError(this.errors.notFound());
    this.checkInclude(call);

    const machine = this.machines.byName.get(family.machine)!.machine;
    if (machine.pollOperationIds.includes(op.id)) return this.ok(call, resource.data);
    if (op.method === 'patch') {
      this.adopt(resource, call, this.requestProperties(op));
      return this.ok(call, resource.data);
    }
    if (op.method === 'delete') {
      call.account.resources.delete(Store.key(family.machine, id));
      call.account.active.delete(resource);
      return this.ok(call, call.prism.body?.data);
    }
    for (const pre of op.preconditions ?? []) {
      if (this.preconditionChecks.get(pre.condition)!(call, resource)) throw new ApiError(this.preconditionAnswer(call, pre));
    }
    switch (action(op.path)) {
      case 'scripts':
      case 'scrape-script': {
        const charge = this.charge(call);
        this.remember(resource, call.body);
        resource.data.script = call.prism.body?.data?.script;
        return this.ok(call, resource.data, charge);
      }
      case 'scrape-images': {
        this.checkScrapeUrl(call);
        resource.scraped = true;
        resource.data.assets = structuredClone(call.prism.body?.data?.assets ?? []);
        return this.ok(call, resource.data);
      }
      case 'scenes': {
        if (op.method !== 'post') break;
        const scene = { ...call.prism.body?.data, id: newId(), ...this.declared(call.body, this.requestProperties(op)) };
        resource.data.scenes = [...(resource.data.scenes ?? []), scene];
        this.remember(resource, call.body);
        return this.ok(call, scene);
      }
      case 'prompt': {
        // Wizard generation: the storyboard gets the scenes the contract's example shows.
        const scenes = call.prism.body?.data?.scenes ?? [];
        resource.data.scenes = scenes.map((scene: object) => ({ ...structuredClone(scene), id: newId() }));
        break;
      }
      case 'preview': {
        resource.data.previews = structuredClone(call.prism.body?.data?.previews ?? []);
        return this.ok(call, resource.data);
      }
      case 'train': {
        const chosen = (call.body as { preview_id?: unknown })?.preview_id;
        const known = (resource.data.previews ?? []).some((p: { id: unknown }) => String(p.id) === String(chosen));
        if (!known) throw new ApiError(this.errors.validation({ preview_id: ['Choose a preview_id from POST /characters/{id}/preview.'] }));
        const schema = this.contract.schemaAt(family.dataRef);
        this.adopt(resource, call, new Set(Object.keys(schema.properties ?? {}).filter((key) => this.requestProperties(op).has(key))));
        break;
      }
    }
    return this.act(call, family, resource);
  }

  /** Any other call on a resource: charge if it charges, start its state machine if it starts one. */
  private act(call: Call, family: Family, resource: Resource): Answer {
    const { op } = call;
    const transition = this.machines.triggered(family.machine, op.id, resource);
    const listed = this.machines.byName.get(family.machine)!.machine.transitions.some((t) => t.operationIds?.includes(op.id));
    if (listed && !transition) {
      throw new ApiError(
        this.errors.validation({ status: [`Not allowed while the status is ${resource.job?.state ?? 'not started'}.`] }),
      );
    }
    this.remember(resource, call.body);
    const charge = this.charge(call);
    if (transition) {
      this.machines.start(family.machine, transition, resource, call.now, this.chargeInfo(call, charge), call.prism.body?.data);
      call.account.active.add(resource);
    }
    const isResource = this.contract.dataSchemaRef(op) === family.dataRef;
    return this.ok(call, isResource ? resource.data : call.prism.body?.data, charge);
  }

  private create(call: Call, family: Family): Answer {
    const example = call.prism.body?.data ?? {};
    const data: Record<string, any> = { id: newId() };
    for (const [key, value] of Object.entries<any>(example)) {
      // A new resource has nothing configured yet, and its own id.
      if (key === 'id' || family.configurable.has(key)) continue;
      // Secondary identifiers of the example (e.g. video_id) get fresh values too.
      data[key] = key.endsWith('_id') && (typeof value === 'number' || typeof value === 'string') ? newId() : structuredClone(value);
    }
    const resource: Resource = { family: family.machine, id: data.id, data, texts: {}, scraped: false, path: `/${firstSegment(call.op.path)}/${data.id}` };
    this.adopt(resource, call, this.storedOnCreate(call.op, family));
    // 402 before anything is stored. A voice clone charges only when it buys a slot.
    const charge = call.op.id === 'createVoiceClone' ? this.takeSlot(call) : this.charge(call);
    call.account.resources.set(Store.key(family.machine, data.id), resource);
    const transition = this.machines.triggered(family.machine, call.op.id, resource);
    if (transition) {
      this.machines.start(family.machine, transition, resource, call.now, this.chargeInfo(call, charge), example);
      call.account.active.add(resource);
    }
    return this.ok(call, resource.data, charge);
  }

  private owned(account: Account, family: Family): Resource[] {
    return [...account.resources.values()].filter((resource) => resource.family === family.machine);
  }

  // ---- rules --------------------------------------------------------------------------------

  private checkFor(pre: Precondition): Evaluator {
    const condition = pre.condition;
    const typeOf = (r: Resource) => String(r.data.type);
    const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());
    if (condition === 'no script') return (_c, r) => blank(r.data.script);
    if (condition === 'no voice_id') return (_c, r) => blank(r.data.voice_id);
    if (condition === 'unknown voice id') return (c, r) => !this.knownVoices(c.account).has(String(r.data.voice_id));
    if (condition.startsWith('genre missing for ')) {
      // "genre missing for ai-visuals or ai-clips": the types are read from the condition itself.
      const types = condition.slice('genre missing for '.length).split(' or ');
      return (_c, r) => types.includes(typeOf(r)) && blank(r.data.genre_id);
    }
    if (condition === 'credits below cost') return (c) => c.account.balance < this.price(c.op);
    if (condition.endsWith(' with no scraped assets')) {
      const type = condition.slice(0, -' with no scraped assets'.length);
      return (_c, r) => typeOf(r) === type && !r.scraped;
    }
    if (condition === 'video rendering or syncing') {
      return (_c, r) => {
        const machine = this.machines.byName.get(r.family)!.machine;
        return r.job !== undefined && r.job.state !== null && !machine.terminal.includes(r.job.state);
      };
    }
    throw new Error(`the mock has no check for the render precondition "${condition}"`);
  }

  /** The contract's own error example for a precondition (same message, same field), else a plain envelope. */
  private preconditionAnswer(call: Call, pre: Precondition): Answer {
    if (pre.code === 'INSUFFICIENT-CREDITS') return this.errors.insufficientCredits(this.price(call.op), call.account.balance);
    const examples = Object.values(this.contract.examples(call.op, String(pre.status)));
    const match =
      examples.find((example) => pre.message && example.message === pre.message) ??
      examples.find((example) => pre.field && example.errors?.[pre.field]);
    if (match) return { status: pre.status, body: structuredClone(match) };
    const message = pre.message ?? pre.condition;
    return pre.status === 422
      ? this.errors.validation({ [pre.field ?? 'video']: [message] }, message)
      : this.errors.plain(pre.status, message, pre.code);
  }

  /** Voices a render may use: the contract's voice options plus this account's voice clones. */
  private knownVoices(account: Account): Set<string> {
    const options = Object.values(this.contract.examples(this.contract.op('getFacelessOptions')))[0];
    const ids = (dig(options, ['data', 'mandatory', 'voices']) ?? []).map((voice: { id: unknown }) => String(voice.id));
    for (const resource of account.resources.values()) {
      const machine = this.machines.byName.get(resource.family)!.machine;
      if (machine.pollOperationIds.includes('getVoiceClone') && resource.job?.state && machine.success.includes(resource.job.state)) {
        ids.push(String(resource.id));
      }
    }
    return new Set(ids);
  }

  private checkInclude(call: Call): void {
    const declares = this.contract.parameters(call.op).some((p) => p.name === 'include');
    const include = call.query.include;
    if (!declares || include === undefined || include === '') return;
    const values = (Array.isArray(include) ? include : include.split(',')).filter(Boolean);
    const outside = values.filter((value) => !this.options.includeAllowlist.includes(value));
    if (outside.length) throw new ApiError(this.errors.wrongArgs(`The include value ${outside.join(', ')} is not allowed.`));
  }

  private checkScrapeUrl(call: Call): void {
    const url = (call.body as { url?: string })?.url ?? '';
    let host: string;
    try {
      host = new URL(url).hostname.replace(/^www\./, '');
    } catch {
      throw new ApiError(this.errors.answer('ErrorScrapeUnreachable'));
    }
    if (this.options.socialHosts.some((social) => host === social || host.endsWith(`.${social}`))) {
      throw new ApiError(this.errors.answer('ErrorScrapeSocialUrl'));
    }
  }

  // ---- voice clone slots -------------------------------------------------------------------

  /** Free slots: the contract's slots example, plus slots bought, minus this account's clones. */
  private freeSlots(call: Call): number {
    const slots = Object.values(this.contract.examples(this.contract.op('getVoiceCloneSlots')))[0]?.data ?? {};
    const family = this.resources.familyOf(this.contract.op('createVoiceClone'))!;
    return Math.max(0, (slots.available ?? 0) + call.account.boughtSlots - this.owned(call.account, family).length);
  }

  /** A new clone takes a free slot; with slots full, purchase_addon=true buys one (charging), else 403. */
  private takeSlot(call: Call): { cost: number; remaining: number } | undefined {
    if (this.freeSlots(call) > 0) return undefined;
    const purchase = String((call.body as Record<string, unknown>)?.purchase_addon) === 'true';
    if (!purchase) throw new ApiError(this.errors.answer('ErrorReachPlanLimit'));
    const slots = Object.values(this.contract.examples(this.contract.op('getVoiceCloneSlots')))[0]?.data ?? {};
    const charge = this.charge(call, slots.cost);
    call.account.boughtSlots += 1;
    return charge;
  }

  // ---- money --------------------------------------------------------------------------------

  private price(op: Operation): number {
    return this.prices.get(op.id)?.cost ?? 0;
  }

  /** Debits a charging call (402 when short); returns `meta.credits`, or undefined for free calls. */
  private charge(call: Call, price?: number): { cost: number; remaining: number } | undefined {
    if (!call.op.credits?.charges) return undefined;
    const cost = price ?? this.price(call.op);
    if (call.account.balance < cost) throw new ApiError(this.errors.insufficientCredits(cost, call.account.balance));
    call.account.balance -= cost;
    record(call.account, {
      label: call.op.raw.summary ?? call.op.id,
      content_type: firstSegment(call.op.path).replace(/-/g, '_'),
      credit_spend: `-${cost}`,
      transaction_type: 'Debit',
      at: call.now,
    });
    return { cost, remaining: call.account.balance };
  }

  private chargeInfo(call: Call, charge: { cost: number } | undefined) {
    return {
      amount: charge?.cost ?? 0,
      label: call.op.raw.summary ?? call.op.id,
      contentType: firstSegment(call.op.path).replace(/-/g, '_'),
    };
  }

  // ---- helpers ------------------------------------------------------------------------------

  private ok(call: Call, data: unknown, credits?: { cost: number; remaining: number }): Answer {
    const body: Record<string, unknown> = { ...call.prism.body, status: call.prism.status, data: data ?? call.prism.body?.data };
    if (credits) body.meta = { ...(body.meta as object), credits };
    else if (body.meta && (body.meta as { credits?: unknown }).credits && !call.op.credits?.charges) delete body.meta;
    return { status: call.prism.status, body };
  }

  /** JSON body fields are kept; multipart text fields only where the resource schema has them (e.g. name). */
  private storedOnCreate(op: Operation, family: Family): Set<string> {
    const keys = this.requestProperties(op);
    const multipart = this.contract.requestSchema(op, 'multipart/form-data');
    const resource = this.contract.schemaAt(family.dataRef);
    for (const key of Object.keys(multipart?.properties ?? {})) if (resource?.properties?.[key]) keys.add(key);
    return keys;
  }

  private requestProperties(op: Operation): Set<string> {
    const schema = this.contract.requestSchema(op);
    return new Set(Object.keys(schema?.properties ?? {}));
  }

  private declared(body: unknown, keys: Set<string>): Record<string, unknown> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(Object.entries(body).filter(([key]) => keys.has(key)));
  }

  /** Stores what the client sent (declared fields only) and remembers its texts for `mock:fail`. */
  private adopt(resource: Resource, call: Call, keys: Set<string>): void {
    Object.assign(resource.data, structuredClone(this.declared(call.body, keys)));
    this.remember(resource, call.body);
  }

  private remember(resource: Resource, body: unknown, prefix = ''): void {
    if (typeof body === 'string') {
      resource.texts[prefix || 'body'] = body;
    } else if (body && typeof body === 'object') {
      for (const [key, value] of Object.entries(body)) this.remember(resource, value, prefix ? `${prefix}.${key}` : key);
    }
  }

  private paramDefault(op: Operation, name: string): unknown {
    const param = this.contract.parameters(op).find((p) => p.name === name);
    return this.contract.deref(param?.schema)?.default;
  }
}
