// Facts the runner reports about a run, read from the bundled contract (generated/openapi.json),
// never typed here: which operations charge credits (x-credits.charges) and which delete.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATED_DIR } from '../lib/project.js';

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

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export function operationFacts(schemaJson = SCHEMA_JSON): OperationFact[] {
  type Links = Record<string, { operationId?: string }>;
  type Response = { $ref?: string; links?: Links };
  type Operation = { operationId?: string; 'x-credits'?: { charges?: boolean }; responses?: Record<string, Response> };
  const doc = JSON.parse(readFileSync(schemaJson, 'utf8')) as { paths: Record<string, Record<string, Operation>>; components?: { responses?: Record<string, Response> } };
  const resolve = (r: Response): Response => (r.$ref ? doc.components?.responses?.[r.$ref.split('/').pop()!] ?? {} : r);
  const facts: OperationFact[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const links = Object.values(op.responses ?? {}).flatMap((r) => Object.values(resolve(r).links ?? {}).map((l) => l.operationId ?? ''));
      facts.push({ operationId: op.operationId, method: method.toUpperCase(), path: p, charges: op['x-credits']?.charges === true, links: [...new Set(links.filter(Boolean))] });
    }
  }
  return facts;
}
