// Test helpers for reading the bundled contract (generated/openapi.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export type Json = any;

export function loadContract(): Json {
  return JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
}

/** Follow internal `$ref`s ("#/components/...") until a non-ref object. */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (seen.has(ref)) throw new Error(`ref cycle at ${ref}`);
    seen.add(ref);
    current = pointer(doc, ref.replace(/^#/, ''));
  }
  return current;
}

export function pointer(doc: Json, ptr: string): Json {
  if (ptr === '' || ptr === '/') return doc;
  return ptr
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => (node == null ? undefined : node[key]), doc);
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface OperationEntry {
  path: string;
  method: (typeof METHODS)[number];
  operation: Json;
  pointer: string;
}

export function operationsOf(doc: Json): OperationEntry[] {
  const out: OperationEntry[] = [];
  for (const [route, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) {
      if (item[method]) out.push({ path: route, method, operation: item[method], pointer: `#/paths/${escapePointer(route)}/${method}` });
    }
  }
  return out;
}

/** A path template with parameter names erased, so /faceless/{id} and /faceless/{faceless} match. */
export function shape(route: string): string {
  return route.replace(/\{[^}]+\}/g, '{}');
}
