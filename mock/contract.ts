// What the mock knows about the API: the one contract model (lib/contract), seen through a type
// that names operations by the generated operation ids and example bodies as the mock's resource
// data, which it copies and edits. mockContract() checks that the ids agree and hands back the same
// model object: no layer of its own, nothing read or restated here.
import { type ContractOperation, ContractModel, type Precondition, type StateMachine, type Transition } from '../lib/contract/index.js';
import { operations as generatedOperations, type OperationId } from '../generated/contract.js';
import type { Resource } from './state/store.js';

export type { OperationId, Precondition, StateMachine, Transition };

/** An operation of the contract, its id one of the generated operation ids. */
export type MockOperation = Omit<ContractOperation, 'id'> & { id: OperationId };

/** An example body as the mock uses it: resource data it copies and edits. */
type ResourceData = Resource['data'];

/** The contract model, typed by the generated operation ids (a renamed or removed operation does not compile). */
export interface MockContract extends ContractModel {
  operations(): readonly MockOperation[];
  operation(id: OperationId): MockOperation;
  /** Whether a string (a control-plane request, say) names an operation of the contract. */
  hasOperation(id: string): id is OperationId;
  examples(op: ContractOperation, code?: string): Record<string, ResourceData>;
  namedExample(name: string): ResourceData | undefined;
}

/**
 * The model (default: generated/openapi.json's), once its operation ids are checked against the
 * generated ones. The mock's handlers are typed by those ids: a contract whose ids differ
 * (generated/ is stale) would reach handlers that do not know it, so it stops here instead.
 */
export function mockContract(source: unknown = ContractModel.load()): MockContract {
  const model = source instanceof ContractModel ? source : new ContractModel(source);
  const unknown = model.operations().filter((op) => !Object.hasOwn(generatedOperations, op.id));
  if (unknown.length)
    throw new Error(`operations not among the generated operation ids (run npm run build): ${unknown.map((op) => op.id).join(', ')}`);
  return model as MockContract;
}

/** An operation by an id read from the contract itself (a state machine's list, the route): mockContract() checked it is a generated one. */
export function operationFromContract(contract: MockContract, id: string): MockOperation {
  return contract.operation(id as OperationId);
}
