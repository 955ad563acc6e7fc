// Facts the runner reports about a run, read from the bundled contract (generated/openapi.json)
// through the contract model, never typed here: which operations charge credits (x-credits.charges)
// and which operations their responses' links lead to.
import path from 'node:path';
import { ContractModel, type Link, type Response } from '../../lib/contract/index.js';
import { GENERATED_DIR } from '../paths.js';

export const SCHEMA_YAML = path.join(GENERATED_DIR, 'openapi.yaml');
export const SCHEMA_JSON = path.join(GENERATED_DIR, 'openapi.json');

export interface OperationFact {
  operationId: string;
  method: string;
  path: string;
  charges: boolean;
  /** operationIds its responses' OpenAPI links lead to (what the stateful phase can walk). */
  links: string[];
}

export function operationFacts(schemaJson = SCHEMA_JSON): OperationFact[] {
  const model = ContractModel.load(schemaJson);
  return model.operations().map(({ id, method, path: route, operation }) => {
    const links = Object.values(operation.responses)
      .flatMap((r) => Object.values(model.deref<Response>(r).links ?? {}))
      .map((l) => model.deref<Link>(l).operationId ?? '');
    return {
      operationId: id,
      method: method.toUpperCase(),
      path: route,
      charges: operation['x-credits'].charges,
      links: [...new Set(links.filter(Boolean))],
    };
  });
}
