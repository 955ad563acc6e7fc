// The stateful API: what happens after Prism has routed and validated a call and the token passed
// the gate. Prism's own answer (the contract's example for the operation) is the starting point of
// every body; the stored resource replaces `data` where the answer is that resource. This file
// dispatches by operationId and runs the resources' lifecycles; the account calls, lists, rules and
// money live in their own files beside it.
import type { MockContract, OperationId } from '../contract.js';
import type { Price } from '../costs.js';
import { ApiError, type Answer, type Errors } from '../errors.js';
import { AccountCalls } from './account-calls.js';
import { adopt, declared, ok, remember, requestProperties, storedOnCreate } from './answer.js';
import type { ApiOptions, Call, StateContext } from './call.js';
import { Ledger, owned } from './ledger.js';
import { Lists, onlyGroups } from './lists.js';
import type { Machines } from './machines.js';
import { type Family, firstSegment, type Resources, resourceParam } from './resources.js';
import { Rules } from './rules.js';
import { checkpoint } from './undo.js';
import { type Account, newId, type Resource, Store } from './store.js';

export type { ApiOptions, Call } from './call.js';

/** The whole behaviour of an operation that has one of its own. */
type Handler = (call: Call) => Answer;

/**
 * What a call on one stored resource does once its preconditions hold: an answer ends the call
 * there; undefined goes on to the generic act (charge, start the resource's state machine).
 */
type ResourceAction = (call: Call, resource: Resource, family: Family) => Answer | undefined;

export class StatefulApi {
  private readonly ctx: StateContext;
  private readonly ledger: Ledger;
  private readonly rules: Rules;
  private readonly accounts: AccountCalls;
  private readonly lists: Lists;

  /**
   * Operations with a behaviour of their own, by operationId (typed by the generated ids, so a
   * renamed or removed operation fails `npm run typecheck`). Every other operation is served by
   * its family (resources with a state machine), as a listed resource, or from Prism's example.
   */
  private readonly handlers = {
    getMe: (call) => this.accounts.me(call),
    listCreditHistory: (call) => this.accounts.history(call),
    getAutoTopup: (call) => ok(call, this.accounts.autoTopup(call)),
    updateAutoTopup: (call) => this.accounts.updateAutoTopup(call),
    getVoiceCloneSlots: (call) => ok(call, { ...call.prism.body.data, available: this.ledger.freeSlots(call) }),
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
    estimateStoryboard: (call, resource) => ok(call, { ...call.prism.body?.data, credits: this.rules.storyboardTotal(resource) }),
    addStoryboardScene: (call, resource) => this.addScene(call, resource),
    generateStoryboardFromPrompt: (call, resource) => {
      // Wizard generation: the storyboard gets the scenes the contract's example shows.
      const scenes = call.prism.body?.data?.scenes ?? [];
      resource.data.scenes = scenes.map((scene: object) => ({ ...structuredClone(scene), id: newId(call.account) }));
      return undefined;
    },
    previewCharacter: (call, resource) => {
      this.rules.checkPreviewPace(call);
      resource.data.previews = structuredClone(call.prism.body?.data?.previews ?? []);
      return ok(call, resource.data);
    },
    trainCharacter: (call, resource, family) => {
      const chosen = (call.body as { preview_id?: unknown })?.preview_id;
      const known = (resource.data.previews ?? []).some((p: { id: unknown }) => String(p.id) === String(chosen));
      if (!known)
        throw new ApiError(this.ctx.errors.validation({ preview_id: ['Choose a preview_id from POST /characters/{id}/preview.'] }));
      const schema = this.ctx.contract.schemaAt(family.dataRef);
      const sent = requestProperties(this.ctx.contract, call.op);
      adopt(resource, call.body, new Set(Object.keys(schema.properties ?? {}).filter((key) => sent.has(key))));
      return undefined;
    },
  } satisfies Partial<Record<OperationId, ResourceAction>>;

  constructor(
    contract: MockContract,
    machines: Machines,
    resources: Resources,
    prices: Map<string, Price>,
    errors: Errors,
    options: ApiOptions,
  ) {
    this.ctx = { contract, machines, resources, prices, errors, options };
    this.ledger = new Ledger(this.ctx);
    this.rules = new Rules(this.ctx, this.ledger);
    this.accounts = new AccountCalls(this.ctx);
    this.lists = new Lists(this.ctx);
    // The maps are typed by the generated ids; the contract served must have each of them too (a
    // stale generated/ or a contract given by a test), and a resource action must be on a resource
    // of a family. Either mismatch stops start-up rather than leaving a handler unreachable.
    for (const id of [...Object.keys(this.handlers), ...Object.keys(this.resourceActions)]) {
      if (!contract.hasOperation(id)) throw new Error(`the mock has a handler for ${id}, which the contract served does not have`);
    }
    for (const id of Object.keys(this.resourceActions)) {
      const op = contract.operation(id as OperationId);
      if (!resources.familyOf(op) || !resourceParam(op.path)) {
        throw new Error(
          `the mock has a resource action for ${id}, which is not a call on one resource of a job family (${op.method.toUpperCase()} ${op.path})`,
        );
      }
    }
  }

  handle(call: Call): Answer {
    this.advanceAll(call.account, call.now);
    if (!call.op.credits?.charges) return this.dispatch(call);
    // A charging call is one step: should it throw after its charge, nothing of it stays.
    const undo = checkpoint(call.account, this.resourceOf(call));
    try {
      return this.dispatch(call);
    } catch (error) {
      undo();
      throw error;
    }
  }

  /** The stored resource a call on one resource of a family names, if it exists. */
  private resourceOf(call: Call): Resource | undefined {
    const family = this.ctx.resources.familyOf(call.op);
    const param = family && resourceParam(call.op.path);
    if (!family || !param) return undefined;
    return call.account.resources.get(Store.key(family.machine, call.params[param]));
  }

  private dispatch(call: Call): Answer {
    const handler = lookup<Handler>(this.handlers, call.op.id);
    if (handler) return handler(call);
    const family = this.ctx.resources.familyOf(call.op);
    if (family) return this.familyCall(call, family);
    const list = this.lists.listOf(call.op);
    if (list) return this.lists.call(call, list);
    const charge = this.ledger.charge(call);
    return ok(call, onlyGroups(this.ctx.contract, call, call.prism.body?.data), charge);
  }

  advanceAll(account: Account, now: number): void {
    for (const resource of account.active) {
      if (!this.ctx.machines.advance(account, resource, now)) account.active.delete(resource);
    }
  }

  // ---- resources ----------------------------------------------------------------------------

  private familyCall(call: Call, family: Family): Answer {
    const { op } = call;
    const { contract, errors, machines } = this.ctx;
    const param = resourceParam(op.path);
    if (!param) {
      if (op.method === 'post') return this.create(call, family);
      if (op.method === 'get' && contract.dataSchemaRef(op) === `[]${family.dataRef}`) {
        return ok(
          call,
          owned(call.account, family).map((resource) => resource.data),
        );
      }
      return ok(call, onlyGroups(contract, call, call.prism.body?.data), this.ledger.charge(call));
    }
    const id = call.params[param];
    const resource = call.account.resources.get(Store.key(family.machine, id));
    if (!resource) throw new ApiError(errors.notFound());
    // A typed surface serves only its own type: another type's video is not a resource of that
    // surface (404, as for any resource that is not there; the mock's reading of the source).
    const surfaceType = family.surfaceTypes.get(firstSegment(op.path));
    if (surfaceType !== undefined && resource.data.type !== surfaceType) throw new ApiError(errors.notFound());
    this.rules.checkInclude(call);

    const machine = machines.byName.get(family.machine)!.machine;
    if (machine.pollOperationIds.includes(op.id)) return ok(call, resource.data);
    if (op.method === 'patch') {
      adopt(resource, call.body, requestProperties(contract, op));
      return ok(call, resource.data);
    }
    if (op.method === 'delete') {
      call.account.resources.delete(Store.key(family.machine, id));
      call.account.active.delete(resource);
      return ok(call, call.prism.body?.data);
    }
    this.rules.checkPreconditions(call, resource);
    const action = lookup<ResourceAction>(this.resourceActions, op.id);
    return action?.(call, resource, family) ?? this.act(call, family, resource);
  }

  /** A social, unparseable or unreachable page is refused before anything is charged. */
  private scrapeScript(call: Call, resource: Resource): Answer {
    this.rules.checkScrapeUrl(call);
    return this.writeScript(call, resource);
  }

  /** A script written (generated or scraped) into the resource: charged, stored, answered with the resource. */
  private writeScript(call: Call, resource: Resource): Answer {
    const charge = this.ledger.charge(call);
    remember(resource, call.body);
    resource.data.script = call.prism.body?.data?.script;
    return ok(call, resource.data, charge);
  }

  private scrapeImages(call: Call, resource: Resource): Answer {
    this.rules.checkScrapeUrl(call);
    resource.scraped = true;
    resource.data.assets = structuredClone(call.prism.body?.data?.assets ?? []);
    return ok(call, resource.data);
  }

  private addScene(call: Call, resource: Resource): Answer {
    this.rules.checkSceneDuration(call);
    const scene = {
      ...call.prism.body?.data,
      id: newId(call.account),
      ...declared(call.body, requestProperties(this.ctx.contract, call.op)),
    };
    resource.data.scenes = [...(resource.data.scenes ?? []), scene];
    remember(resource, call.body);
    return ok(call, scene);
  }

  /** Any other call on a resource: charge if it charges, start its state machine if it starts one. */
  private act(call: Call, family: Family, resource: Resource): Answer {
    const { op } = call;
    const { contract, errors, machines } = this.ctx;
    const transition = machines.triggered(family.machine, op.id, resource);
    const listed = machines.byName.get(family.machine)!.machine.transitions.some((t) => t.operationIds?.includes(op.id));
    if (listed && !transition) {
      throw new ApiError(errors.validation({ status: [`Not allowed while the status is ${resource.job?.state ?? 'not started'}.`] }));
    }
    remember(resource, call.body);
    const charge = this.ledger.charge(call);
    if (charge) {
      resource.charged ??= new Set();
      resource.charged.add(op.id);
    }
    if (transition) {
      machines.start(family.machine, transition, resource, call.now, this.ledger.chargeInfo(call, charge), call.prism.body?.data);
      call.account.active.add(resource);
    }
    const isResource = contract.dataSchemaRef(op) === family.dataRef;
    return ok(call, isResource ? resource.data : call.prism.body?.data, charge);
  }

  private makeRoom(account: Account): void {
    makeRoomIn(account, this.ctx.options.maxResources ?? Number.POSITIVE_INFINITY);
  }

  private create(call: Call, family: Family): Answer {
    const { contract, machines } = this.ctx;
    const example = call.prism.body?.data ?? {};
    const data: Record<string, any> = { id: newId(call.account) };
    for (const [key, value] of Object.entries<any>(example)) {
      // A new resource has nothing configured yet, and its own id.
      if (key === 'id' || family.configurable.has(key)) continue;
      // Secondary identifiers of the example (e.g. video_id) get fresh values too.
      // The example is this call's own copy (mock/prism.ts copies it per call): its values are taken as they are.
      data[key] = key.endsWith('_id') && (typeof value === 'number' || typeof value === 'string') ? newId(call.account) : value;
    }
    const resource: Resource = {
      family: family.machine,
      id: data.id,
      data,
      texts: {},
      scraped: false,
      path: `/${firstSegment(call.op.path)}/${data.id}`,
    };
    adopt(resource, call.body, storedOnCreate(contract, call.op, family));
    // On a typed surface the type is fixed by the path, whatever the body says.
    const fixedType = family.surfaceTypes.get(firstSegment(call.op.path));
    if (fixedType !== undefined) resource.data.type = fixedType;
    // 402 before anything is stored. A voice clone charges only when it buys a slot.
    const charge = call.op.id === 'createVoiceClone' ? this.ledger.takeSlot(call) : this.ledger.charge(call);
    this.makeRoom(call.account);
    call.account.resources.set(Store.key(family.machine, data.id), resource);
    const transition = machines.triggered(family.machine, call.op.id, resource);
    if (transition) {
      machines.start(family.machine, transition, resource, call.now, this.ledger.chargeInfo(call, charge), example);
      call.account.active.add(resource);
    }
    return ok(call, resource.data, charge);
  }
}

/**
 * Keeps an account within MOCK_MAX_RESOURCES before a new resource is stored: the oldest stored
 * resource whose job is not running goes first (the oldest of all if every job runs).
 */
function makeRoomIn(account: Account, max: number): void {
  while (account.resources.size >= max) {
    const [key, resource] = firstIdle(account) ?? account.resources.entries().next().value!;
    account.resources.delete(key);
    account.active.delete(resource);
    account.evictedResources = (account.evictedResources ?? 0) + 1;
  }
}

/** The oldest stored resource whose job is not running, with its key (without copying the map). */
function firstIdle(account: Account): [string, Resource] | undefined {
  for (const entry of account.resources) if (!account.active.has(entry[1])) return entry;
  return undefined;
}

/** The entry of an operation in a handler map (maps are partial: most operations have none). */
function lookup<T>(map: Partial<Record<OperationId, T>>, id: OperationId): T | undefined {
  return Object.hasOwn(map, id) ? map[id] : undefined;
}
