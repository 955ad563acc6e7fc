// The stateful API: what happens after Prism has routed and validated a call and the token passed
// the gate. Prism's own answer (the contract's example for the operation) is the starting point of
// every body; the stored resource replaces `data` where the answer is that resource.
import type { Contract, Operation, OperationId, Precondition } from '../contract.js';
import { ApiError, type Answer, type Errors } from '../errors.js';
import type { Price } from '../costs.js';
import { profileFacts } from '../tokens.js';
import { type Machines, dig } from './machines.js';
import { type Resources, firstSegment, pathParams, resourceParam, type Family } from './resources.js';
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

/** The whole behaviour of an operation that has one of its own. */
type Handler = (call: Call) => Answer;

/**
 * What a call on one stored resource does once its preconditions hold: an answer ends the call
 * there; undefined goes on to the generic act (charge, start the resource's state machine).
 */
type ResourceAction = (call: Call, resource: Resource, family: Family) => Answer | undefined;

export class StatefulApi {
  private readonly preconditionChecks = new Map<string, Evaluator>();

  /**
   * Operations with a behaviour of their own, by operationId (typed by the generated ids, so a
   * renamed or removed operation fails `npm run typecheck`). Every other operation is served by
   * its family (resources with a state machine), as a listed resource, or from Prism's example.
   */
  private readonly handlers = {
    getMe: (call) => this.me(call),
    listCreditHistory: (call) => this.history(call),
    getAutoTopup: (call) => this.ok(call, this.autoTopup(call)),
    updateAutoTopup: (call) => this.updateAutoTopup(call),
    getVoiceCloneSlots: (call) => this.ok(call, { ...call.prism.body.data, available: this.freeSlots(call) }),
  } satisfies Partial<Record<OperationId, Handler>>;

  /** Calls on one stored resource of a family that do more than charge and start its machine. */
  private readonly resourceActions = {
    generateFacelessScript: (call, resource) => this.writeScript(call, resource),
    generateBRollScript: (call, resource) => this.writeScript(call, resource),
    generateAiVisualsScript: (call, resource) => this.writeScript(call, resource),
    generateUrlToVideoScript: (call, resource) => this.writeScript(call, resource),
    scrapeFacelessScript: (call, resource) => this.scrapeScript(call, resource),
    scrapeUrlToVideoScript: (call, resource) => this.scrapeScript(call, resource),
    scrapeFacelessImages: (call, resource) => this.scrapeImages(call, resource),
    scrapeUrlToVideoImages: (call, resource) => this.scrapeImages(call, resource),
    estimateStoryboard: (call, resource) => this.ok(call, { ...call.prism.body?.data, credits: this.storyboardTotal(resource) }),
    addStoryboardScene: (call, resource) => this.addScene(call, resource),
    generateStoryboardFromPrompt: (call, resource) => {
      // Wizard generation: the storyboard gets the scenes the contract's example shows.
      const scenes = call.prism.body?.data?.scenes ?? [];
      resource.data.scenes = scenes.map((scene: object) => ({ ...structuredClone(scene), id: newId() }));
      return undefined;
    },
    previewCharacter: (call, resource) => {
      this.checkPreviewPace(call);
      resource.data.previews = structuredClone(call.prism.body?.data?.previews ?? []);
      return this.ok(call, resource.data);
    },
    trainCharacter: (call, resource, family) => {
      const chosen = (call.body as { preview_id?: unknown })?.preview_id;
      const known = (resource.data.previews ?? []).some((p: { id: unknown }) => String(p.id) === String(chosen));
      if (!known) throw new ApiError(this.errors.validation({ preview_id: ['Choose a preview_id from POST /characters/{id}/preview.'] }));
      const schema = this.contract.schemaAt(family.dataRef);
      this.adopt(resource, call, new Set(Object.keys(schema.properties ?? {}).filter((key) => this.requestProperties(call.op).has(key))));
      return undefined;
    },
  } satisfies Partial<Record<OperationId, ResourceAction>>;

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
      for (const pre of op.preconditions ?? []) this.preconditionChecks.set(pre.key, this.checkFor(pre));
    }
    // The maps are typed by the generated ids; the contract served must have each of them too (a
    // stale generated/ or a contract given by a test), and a resource action must be on a resource
    // of a family. Either mismatch stops start-up rather than leaving a handler unreachable.
    for (const id of [...Object.keys(this.handlers), ...Object.keys(this.resourceActions)]) {
      if (!this.contract.isOperationId(id)) throw new Error(`the mock has a handler for ${id}, which the contract served does not have`);
    }
    for (const id of Object.keys(this.resourceActions)) {
      const op = this.contract.opFromContract(id);
      if (!this.resources.familyOf(op) || !resourceParam(op.path)) {
        throw new Error(
          `the mock has a resource action for ${id}, which is not a call on one resource of a job family (${op.method.toUpperCase()} ${op.path})`,
        );
      }
    }
  }

  handle(call: Call): Answer {
    this.advanceAll(call.account, call.now);
    const handler = lookup<Handler>(this.handlers, call.op.id);
    if (handler) return handler(call);
    const family = this.resources.familyOf(call.op);
    if (family) return this.familyCall(call, family);
    if (this.listedItems(call.op)) return this.listedCall(call);
    const charge = this.charge(call);
    return this.ok(call, this.onlyGroups(call, call.prism.body?.data), charge);
  }

  // ---- lists without a state machine (presets) ----------------------------------------------

  /**
   * A resource with a list (GET /x) and a DELETE /x/{id} but no state machine: its items are the
   * list operation's example; each account sees them minus what it deleted. The list operation
   * for a path, if the contract has one whose `data` is an array.
   */
  private listedItems(op: Operation): Operation | undefined {
    const listPath =
      op.method === 'delete' && resourceParam(op.path) ? op.path.replace(/\/\{[^}]+\}$/, '') : op.method === 'get' ? op.path : undefined;
    if (!listPath) return undefined;
    const list = [...this.contract.operations.values()].find((o) => o.method === 'get' && o.path === listPath);
    if (!list || !this.contract.dataSchemaRef(list)?.startsWith('[]')) return undefined;
    const deletable = [...this.contract.operations.values()].some((o) => o.method === 'delete' && o.path.startsWith(`${listPath}/{`));
    return deletable ? list : undefined;
  }

  private listedCall(call: Call): Answer {
    const list = this.listedItems(call.op)!;
    const items: Array<{ id: unknown }> = Object.values(this.contract.examples(list))[0]?.data ?? [];
    const gone = (id: unknown) => call.account.deleted.has(`${list.path}:${String(id)}`);
    if (call.op.method === 'get')
      return this.ok(
        call,
        items.filter((item) => !gone(item.id)),
      );
    const id = Object.values(pathParams(call.op.path, call.path))[0];
    // A preset that is not there (never was, already deleted, or another account's) is 404.
    if (!items.some((item) => String(item.id) === id) || gone(id)) throw new ApiError(this.errors.notFound());
    call.account.deleted.add(`${list.path}:${id}`);
    return this.ok(call, call.prism.body?.data);
  }

  /**
   * `only` (GET /faceless/options): keeps the named option groups inside each top-level group
   * (mandatory, optional). CSV (`only=a,b`) and array (`only[]=a&only[]=b`, `only=a&only=b`) alike.
   */
  private onlyGroups(call: Call, data: unknown): unknown {
    const declares = this.contract.parameters(call.op).some((p) => p.name === 'only');
    const raw = [call.query.only, call.query['only[]']].flat().filter((v): v is string => typeof v === 'string');
    const names = new Set(
      raw
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    );
    if (!declares || !names.size || !data || typeof data !== 'object') return data;
    return Object.fromEntries(
      Object.entries(data as Record<string, unknown>).map(([top, groups]) => [
        top,
        groups && typeof groups === 'object' && !Array.isArray(groups)
          ? Object.fromEntries(Object.entries(groups).filter(([name]) => names.has(name)))
          : groups,
      ]),
    );
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
        return this.ok(
          call,
          this.owned(call.account, family).map((resource) => resource.data),
        );
      }
      return this.ok(call, this.onlyGroups(call, call.prism.body?.data), this.charge(call));
    }
    const id = pathParams(op.path, call.path)[param];
    const resource = call.account.resources.get(Store.key(family.machine, id));
    if (!resource) throw new ApiError(this.errors.notFound());
    // A typed surface serves only its own type: another type's video is not a resource of that
    // surface (404, as for any resource that is not there; the mock's reading of the source).
    const surfaceType = family.surfaceTypes.get(firstSegment(op.path));
    if (surfaceType !== undefined && resource.data.type !== surfaceType) throw new ApiError(this.errors.notFound());
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
      if (this.preconditionChecks.get(pre.key)!(call, resource)) throw new ApiError(this.preconditionAnswer(call, pre));
    }
    const action = lookup<ResourceAction>(this.resourceActions, op.id);
    return action?.(call, resource, family) ?? this.act(call, family, resource);
  }

  /** A script written (generated or scraped) into the resource: charged, stored, answered with the resource. */
  /** A social, unparseable or unreachable page is refused before anything is charged. */
  private scrapeScript(call: Call, resource: Resource): Answer {
    this.checkScrapeUrl(call);
    return this.writeScript(call, resource);
  }

  private writeScript(call: Call, resource: Resource): Answer {
    const charge = this.charge(call);
    this.remember(resource, call.body);
    resource.data.script = call.prism.body?.data?.script;
    return this.ok(call, resource.data, charge);
  }

  private scrapeImages(call: Call, resource: Resource): Answer {
    this.checkScrapeUrl(call);
    resource.scraped = true;
    resource.data.assets = structuredClone(call.prism.body?.data?.assets ?? []);
    return this.ok(call, resource.data);
  }

  private addScene(call: Call, resource: Resource): Answer {
    this.checkSceneDuration(call);
    const scene = { ...call.prism.body?.data, id: newId(), ...this.declared(call.body, this.requestProperties(call.op)) };
    resource.data.scenes = [...(resource.data.scenes ?? []), scene];
    this.remember(resource, call.body);
    return this.ok(call, scene);
  }

  /** Any other call on a resource: charge if it charges, start its state machine if it starts one. */
  private act(call: Call, family: Family, resource: Resource): Answer {
    const { op } = call;
    const transition = this.machines.triggered(family.machine, op.id, resource);
    const listed = this.machines.byName.get(family.machine)!.machine.transitions.some((t) => t.operationIds?.includes(op.id));
    if (listed && !transition) {
      throw new ApiError(this.errors.validation({ status: [`Not allowed while the status is ${resource.job?.state ?? 'not started'}.`] }));
    }
    this.remember(resource, call.body);
    const charge = this.charge(call);
    if (charge) {
      resource.charged ??= new Set();
      resource.charged.add(op.id);
    }
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
    const resource: Resource = {
      family: family.machine,
      id: data.id,
      data,
      texts: {},
      scraped: false,
      path: `/${firstSegment(call.op.path)}/${data.id}`,
    };
    this.adopt(resource, call, this.storedOnCreate(call.op, family));
    // On a typed surface the type is fixed by the path, whatever the body says.
    const fixedType = family.surfaceTypes.get(firstSegment(call.op.path));
    if (fixedType !== undefined) resource.data.type = fixedType;
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

  /**
   * The check for each precondition, by its machine key. A key the mock does not know stops
   * start-up rather than being skipped. The source gives no order; the mock checks them in the
   * contract's list order (its own choice, said in mock/README.md).
   */
  private checkFor(pre: Precondition): Evaluator {
    const typeOf = (r: Resource) => String(r.data.type);
    const applies = (r: Resource) => !pre.types || pre.types.includes(typeOf(r));
    const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());
    switch (pre.key) {
      case 'no_script':
        return (_c, r) => blank(r.data.script);
      case 'no_voice':
        return (_c, r) => blank(r.data.voice_id);
      case 'unknown_voice':
        return (c, r) => !this.knownVoices(c.account).has(String(r.data.voice_id));
      case 'genre_missing':
        return (_c, r) => applies(r) && blank(r.data.genre_id);
      case 'insufficient_credits':
        return (c) => c.account.balance < this.price(c.op);
      case 'no_scraped_assets':
        return (_c, r) => applies(r) && !r.scraped;
      case 'busy':
        return (_c, r) => {
          const machine = this.machines.byName.get(r.family)!.machine;
          return r.job !== undefined && r.job.state !== null && !machine.terminal.includes(r.job.state);
        };
    }
    throw new Error(`the mock has no check for the render precondition "${pre.key}" (${pre.condition})`);
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
    const clone = this.contract.op('getVoiceClone').id;
    for (const resource of account.resources.values()) {
      const machine = this.machines.byName.get(resource.family)!.machine;
      if (machine.pollOperationIds.includes(clone) && resource.job?.state && machine.success.includes(resource.job.state)) {
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

  /**
   * The source: 422 for social-media URLs and for unparseable or unreachable pages, before any
   * charge. The mock cannot reach the web: it reads "unparseable" as not an absolute http(s) URL
   * and "unreachable" as a host under the reserved `.invalid` top-level domain (its own choice).
   */
  private checkScrapeUrl(call: Call): void {
    const url = (call.body as { url?: unknown })?.url;
    let parsed: URL | undefined;
    try {
      parsed = typeof url === 'string' ? new URL(url) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname) throw new ApiError(this.errors.answer('ErrorScrapeUnreachable'));
    const host = parsed.hostname.replace(/^www\./, '').replace(/\.$/, '');
    if (this.options.socialHosts.some((social) => host === social || host.endsWith(`.${social}`))) {
      throw new ApiError(this.errors.answer('ErrorScrapeSocialUrl'));
    }
    if (host === 'invalid' || host.endsWith('.invalid')) throw new ApiError(this.errors.answer('ErrorScrapeUnreachable'));
  }

  /**
   * A scene's `duration` must be one the storyboard's clip engine supports. Text-to-scene uses the
   * text-to-video clip engines; which engine a storyboard uses is not shown, so the mock takes the
   * first model of the contract's models example and its `modifiers.duration` (its own choice).
   */
  private checkSceneDuration(call: Call): void {
    const duration = (call.body as { duration?: unknown })?.duration;
    if (duration === undefined || duration === null) return;
    const models = Object.values(this.contract.examples(this.contract.op('listTextToVideoModels')))[0]?.data ?? [];
    const supported: unknown[] = models[0]?.modifiers?.duration ?? [];
    if (!supported.length || supported.some((value) => Number(value) === Number(duration))) return;
    throw new ApiError(
      this.errors.validation({ duration: [`The duration must be one of ${supported.join(', ')} seconds for this clip engine.`] }),
    );
  }

  /**
   * "Exact credit total for the storyboard": what generating its clips and rendering it will
   * charge, at the mock's prices; clips already generated are not counted again (the mock's reading).
   */
  private storyboardTotal(resource: Resource): number {
    return (['generateStoryboardClips', 'renderStoryboard'] as const)
      .filter((id) => id === 'renderStoryboard' || !resource.charged?.has(id))
      .reduce((sum, id) => sum + this.price(this.contract.op(id)), 0);
  }

  /**
   * Character previews: "5 per minute" (the contract's info.x-limits.characterPreview.perMinute),
   * per account over the last 60 seconds of the mock's clock; the sixth is 429 with Retry-After.
   */
  private checkPreviewPace(call: Call): void {
    const perMinute = this.contract.doc.info?.['x-limits']?.characterPreview?.perMinute;
    if (typeof perMinute !== 'number') return;
    const recent = (call.account.previews ?? []).filter((at) => call.now - at < 60_000);
    if (recent.length >= perMinute) {
      const resetAt = recent[0] + 60_000;
      throw new ApiError(
        this.errors.answer(
          'ErrorTooManyRequests',
          {},
          {
            'Retry-After': Math.max(1, Math.ceil((resetAt - call.now) / 1000)),
            'X-RateLimit-Reset': Math.ceil(resetAt / 1000),
          },
        ),
      );
    }
    call.account.previews = [...recent, call.now];
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

/** The entry of an operation in a handler map (maps are partial: most operations have none). */
function lookup<T>(map: Partial<Record<OperationId, T>>, id: OperationId): T | undefined {
  return Object.hasOwn(map, id) ? map[id] : undefined;
}
