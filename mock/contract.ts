// What the mock knows about the API: the contract by operationId (lib/contract/by-id.ts, over the
// one contract model), with operations typed by the generated operation ids and example bodies
// typed as the mock's resource data, which it copies and edits. It reads nothing itself and
// restates no operation, cost, status or example.
import {
  Contract as ContractById,
  type ContractOperation,
  type ExampleBody as JsonExampleBody,
  type Precondition,
  type StateMachine,
  type Transition,
} from '../lib/contract/index.js';
import { operations as generatedOperations, type OperationId } from '../generated/contract.js';
import type { Resource } from './state/store.js';

export type { OperationId, Precondition, StateMachine, Transition };

/** An operation of the contract, its id one of the generated operation ids. */
export type MockOperation = Omit<ContractOperation, 'id'> & { id: OperationId };

/** An example body as the mock uses it: resource data it copies and edits. */
type ExampleBody = Resource['data'];

export class MockContract extends ContractById {
  declare readonly operations: Map<OperationId, MockOperation>;

  constructor(doc: unknown) {
    super(doc);
    // The mock's handlers are typed by the generated ids: a contract whose ids differ from them
    // (generated/ is stale) would reach handlers that do not know it. Stop here instead.
    const unknown = [...this.operations.keys()].filter((id) => !Object.hasOwn(generatedOperations, id));
    if (unknown.length) throw new Error(`operations not among the generated operation ids (run npm run build): ${unknown.join(', ')}`);
  }

  /** The operation of a generated id; a renamed or removed operation does not compile. */
  override op(id: OperationId): MockOperation {
    return super.op(id) as MockOperation;
  }

  /** An operation by an id read from the contract itself (a state machine's list, the route). */
  opFromContract(id: string): MockOperation {
    return super.op(id) as MockOperation;
  }

  /** Whether a string (a control-plane request, say) names an operation of the contract. */
  isOperationId(id: string): id is OperationId {
    return this.operations.has(id as OperationId);
  }

  override examples(op: ContractOperation, code?: string): Record<string, ExampleBody> {
    return super.examples(op, code) satisfies Record<string, JsonExampleBody>;
  }

  override namedExample(name: string): ExampleBody | undefined {
    return super.namedExample(name);
  }
}
