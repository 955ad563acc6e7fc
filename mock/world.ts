// The mock's world, assembled once per core: Prism's engine (made now in Node, on the first API
// call in the browser build: mock/engine.ts), the stateful API
// (accounts, jobs, machines, resources), the rate limiter, the control plane (clock, faults,
// journal) and the request pipeline over all of them.
import type { MockContract, MockOperation } from './contract.js';
import type { MockConfig } from './config.js';
import { priceList } from './costs.js';
import { Errors } from './errors.js';
import { PrismEngine } from './engine.js';
import { RateLimiter } from './rate-limit.js';
import { StatefulApi } from './state/api.js';
import { Machines } from './state/machines.js';
import { Resources } from './state/resources.js';
import { Store } from './state/store.js';
import { Clock } from './control/clock.js';
import { Faults } from './control/faults.js';
import { Journal } from './control/journal.js';
import { ControlPlane } from './control/plane.js';
import { Pipeline } from './pipeline/index.js';
import { RequestRouter } from '../lib/contract/index.js';
import { DocsRoute } from './docs/route.js';

export interface World {
  errors: Errors;
  store: Store;
  limiter: RateLimiter;
  clock: Clock;
  journal: Journal;
  plane: ControlPlane;
  /** The contract's router over its operations (lib/contract/request.ts): reads each request once. */
  router: RequestRouter<MockOperation>;
  /** Prism's engine; the API's calls wait for it to be loaded (core.ts) before the pipeline runs. */
  prism: PrismEngine;
  /** The API's request pipeline (mock/pipeline/). */
  pipeline: Pipeline;
  /** The reference docs with "Try it" panels (mock/docs/): outside the API, like the control plane. */
  docs: DocsRoute;
}

export async function assembleWorld(
  contract: MockContract,
  config: MockConfig,
  scenario?: { text: string; source: string },
): Promise<World> {
  const prism = new PrismEngine(contract.doc);
  if (PrismEngine.loadsWithTheWorld) await prism.load();
  const errors = new Errors(contract);
  const machines = new Machines(contract, config.stepMs);
  const resources = new Resources(contract, machines);
  // A paid account starts with the balance of the contract's profile example.
  const startingCredits = Object.values(contract.examples(contract.operation('getMe')))[0]?.data?.credits?.remaining;
  const store = new Store((kind) => (kind === 'broke' ? 0 : startingCredits), config.maxAccounts, config.maxStateBytes);
  const api = new StatefulApi(contract, machines, resources, priceList(contract), errors, {
    includeAllowlist: config.includeAllowlist,
    maxResources: config.maxResources,
  });
  const limiter = new RateLimiter(config.advertisedLimit, config.rateLimit, config.maxAccounts);
  // The control plane (/__mock): the clock every job reads, faults, the journal.
  const clock = new Clock(config.clockMode);
  const faults = new Faults();
  const journal = new Journal(config.maxJournalBytes);
  const plane = new ControlPlane({
    contract,
    errors,
    store,
    api,
    machines,
    resources,
    clock,
    faults,
    journal,
    limiter,
    controlToken: config.controlToken,
    jsonLimits: config.jsonLimits,
  });
  if (scenario) plane.loadAtStart(scenario.text, scenario.source);
  const pipeline = new Pipeline({ contract, config, prism, errors, faults, store, api, clock });
  const router = new RequestRouter(contract.operations(), config.basePath);
  return { errors, store, limiter, clock, journal, plane, router, prism, pipeline, docs: new DocsRoute(contract, config.basePath) };
}
