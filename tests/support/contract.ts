// Test helpers for reading the bundled contract (generated/openapi.json), through the contract
// model (lib/contract/): the tests read the contract the way every other part does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ContractModel,
  escapeToken,
  readPointer,
  type Document,
  type MaybeRef,
  type OperationObject,
  type ContractOperation,
} from '../../lib/contract/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function loadModel(): ContractModel {
  return ContractModel.load();
}

/** A copy of the bundle, checked by the model; a test may change its copy freely. */
export function loadContract(): Document {
  return structuredClone(loadModel().doc);
}

/** Follow internal `$ref`s ("#/components/...") until a non-ref object. */
export function deref<T extends object>(doc: Document, node: MaybeRef<T>): T {
  return ContractModel.of(doc).deref(node);
}

export function pointer(doc: Document, ptr: string): unknown {
  return readPointer(doc, ptr === '/' ? '' : ptr);
}

export const escapePointer = escapeToken;

/** An operation with its pointer as a `$ref` spells it. */
export interface OperationAt {
  path: string;
  method: ContractOperation['method'];
  operation: OperationObject;
  /** `#/paths/~1me/get` */
  pointer: string;
}

export function operationsOf(doc: Document): OperationAt[] {
  return ContractModel.of(doc)
    .operations()
    .map((o) => ({ path: o.path, method: o.method, operation: o.operation, pointer: `#${o.pointer}` }));
}

/** A path template with parameter names erased, so /faceless/{id} and /faceless/{faceless} match. */
export function shape(route: string): string {
  return route.replace(/\{[^}]+\}/g, '{}');
}

/**
 * A copy of the contract's first example request body of an operation (its JSON media type), or
 * undefined when the operation takes no JSON body; the copy is the caller's to change.
 */
export function requestExample<T = Record<string, unknown>>(operationId: string): T {
  const model = loadModel();
  const body = model.operation(operationId).operation.requestBody;
  const media = body ? model.deref(body).content?.['application/json'] : undefined;
  const first = media?.examples ? Object.values(media.examples)[0] : undefined;
  return structuredClone(first ? (model.deref(first) as { value: unknown }).value : undefined) as T;
}
