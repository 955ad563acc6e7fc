// The docs build reads the bundled contract through the contract model (lib/contract/): operations
// in document order, internal $ref resolution, JSON pointers. Nothing here knows a fact of the API.
import {
  ContractModel,
  toPointer,
  type Document,
  type MaybeRef,
  type Operation as OperationObject,
  type OperationEntry,
} from '../../lib/contract/index.js';

export type { Document };

export interface Operation {
  method: OperationEntry['method'];
  path: string;
  op: OperationObject;
  id: string;
  /** `POST /faceless/{faceless}/render` */
  label: string;
}

export function model(doc: Document): ContractModel {
  return ContractModel.of(doc);
}

export function operations(doc: Document): Operation[] {
  return model(doc)
    .operations()
    .map(({ method, path, operation, id, label }) => ({ method, path, op: operation, id, label }));
}

/** Follows internal `$ref`s (`#/components/...`) until a non-reference is reached. */
export function deref<T extends object>(doc: Document, value: MaybeRef<T>): T {
  return model(doc).deref(value);
}

export function pointer(keys: string[]): string {
  return toPointer(keys);
}

/** The tags in the contract's order, then any tag an operation uses that the list lacks. */
export function tagOrder(doc: Document): string[] {
  return model(doc).tagOrder();
}
