// What the mock knows about the API: the contract by operationId (lib/contract/by-id.ts, over the
// one contract model), with example bodies typed as the mock's resource data, which it copies and
// edits. It reads nothing itself and restates no operation, cost, status or example.
import {
  BUNDLE_JSON,
  Contract as ContractById,
  type ContractOperation as Operation,
  type ExampleBody as JsonExampleBody,
  type Precondition,
  type StateMachine,
  type Transition,
} from '../lib/contract/index.js';
import type { Resource } from './state/store.js';

export const BUNDLE_PATH = BUNDLE_JSON;

export type { Operation, Precondition, StateMachine, Transition };

/** An example body as the mock uses it: resource data it copies and edits. */
type ExampleBody = Resource['data'];

export class Contract extends ContractById {
  override examples(op: Operation, code?: string): Record<string, ExampleBody> {
    return super.examples(op, code) satisfies Record<string, JsonExampleBody>;
  }

  override namedExample(name: string): ExampleBody | undefined {
    return super.namedExample(name);
  }
}
