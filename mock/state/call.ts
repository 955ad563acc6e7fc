// What every part of the stateful API works on: one admitted call, and the facts the parts share.
import type { MockContract, MockOperation } from '../contract.js';
import type { Price } from '../costs.js';
import type { Errors } from '../errors.js';
import type { Machines } from './machines.js';
import type { Resources } from './resources.js';
import type { Account } from './store.js';

export interface Call {
  op: MockOperation;
  account: Account;
  /** The path parameters, decoded (the router's, lib/contract/request.ts). */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  /** Prism's answer for this call (status and body from the contract's examples); the pipeline makes it on first read. */
  prism: { status: number; body: any };
  now: number;
  /** Absolute base URL of the mock, e.g. http://127.0.0.1:4010/v2, for pagination links. */
  baseUrl: string;
}

export interface ApiOptions {
  includeAllowlist: string[];
  /** Stored resources per account (MOCK_MAX_RESOURCES); the oldest without a running job is dropped first. */
  maxResources?: number;
}

/** What the parts of the stateful API read: the contract and the mock's view of it. */
export interface StateContext {
  contract: MockContract;
  machines: Machines;
  resources: Resources;
  prices: Map<string, Price>;
  errors: Errors;
  options: ApiOptions;
}

/** `meta.credits` of a charging call's answer. */
export interface Charge {
  cost: number;
  remaining: number;
}
