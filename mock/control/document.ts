// The control API's own contract (generated/mock-control.json, built from
// openapi/mock-control/openapi.yaml) drives routing and request validation of /__mock: the routes
// are its paths, and path, query and body are checked with Ajv against its schemas.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type AjvError,
  fragmentPointer,
  newAjv,
  PathMatcher,
  schemaErrorMessage,
  type ValidateFunction as Validator,
} from '../../lib/contract/index.js';

export const CONTROL_DOC_PATH = fileURLToPath(new URL('../../generated/mock-control.json', import.meta.url));

export interface ControlRoute {
  operationId: string;
  method: string;
  template: string;
  params?: Validator;
  query?: Validator;
  body?: Validator;
}

export interface Matched {
  route: ControlRoute;
  params: Record<string, string>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export class ControlDocument {
  readonly doc: any;
  readonly routes: ControlRoute[] = [];

  constructor(doc: any = JSON.parse(readFileSync(CONTROL_DOC_PATH, 'utf8'))) {
    this.doc = doc;
    const bodies = newAjv({ useDefaults: true });
    const parameters = newAjv({ coerceTypes: true, useDefaults: true });
    bodies.addSchema({ ...doc, $id: 'mock-control.json' });
    parameters.addSchema({ ...doc, $id: 'mock-control.json' });
    for (const [template, item] of Object.entries<any>(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const all = [...(item.parameters ?? []), ...(op.parameters ?? [])];
        const group = (where: string) => {
          const list = all.filter((p: any) => p.in === where);
          if (!list.length) return undefined;
          return parameters.compile({
            type: 'object',
            properties: Object.fromEntries(list.map((p: any) => [p.name, p.schema])),
            required: list.filter((p: any) => p.required).map((p: any) => p.name),
          });
        };
        const pointer = fragmentPointer(['paths', template, method, 'requestBody', 'content', 'application/json', 'schema']);
        const body = op.requestBody?.content?.['application/json'] ? bodies.compile({ $ref: `mock-control.json${pointer}` }) : undefined;
        this.routes.push({
          operationId: op.operationId,
          method,
          template,
          params: group('path'),
          query: group('query'),
          body,
        });
      }
    }
  }

  /** The route for a path and method; `methods` lists what the path does allow when only the method is wrong. */
  match(method: string, path: string): { matched?: Matched; methods: string[] } {
    // The contract model's one path matcher, over the control API's own paths.
    this.#matcher ??= new PathMatcher(this.routes.map((route) => ({ method: route.method, path: route.template, route })));
    const m = this.#matcher.match(method, path);
    if (m.kind === 'operation') return { matched: { route: m.op.route, params: m.params }, methods: [] };
    return { methods: m.kind === 'method-not-allowed' ? m.allow : [] };
  }

  #matcher?: PathMatcher<{ method: string; path: string; route: ControlRoute }>;
}

/** Ajv errors as the API's `errors` map: field -> messages. */
export function errorsMap(errors: AjvError[] | null | undefined, prefix = ''): Record<string, string[]> {
  // Field names come from the request (an unknown key such as `__proto__` or `toString`): a map
  // without a prototype holds them as plain keys.
  const out: Record<string, string[]> = Object.create(null);
  for (const error of errors ?? []) {
    const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
    const extra =
      error.keyword === 'additionalProperties' ? (error.params as { additionalProperty?: string }).additionalProperty : undefined;
    const field = [error.instancePath.split('/').filter(Boolean).join('.'), missing ?? extra].filter(Boolean).join('.') || prefix || 'body';
    const message = extra ? `is not a known field (${error.message})` : schemaErrorMessage(error) || 'is invalid';
    if (!Object.hasOwn(out, field)) out[field] = [];
    if (!out[field].includes(message)) out[field].push(message);
  }
  return out;
}

/** Keys a control body may not use anywhere: they name Object.prototype's own members. */
export const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']);
/** How deep a control body may nest (the deepest real one, a scenario, nests a few levels). */
export const MAX_CONTROL_DEPTH = 32;

/**
 * What a control body holds that no schema should be asked about: a reserved key, a number JSON
 * cannot carry back (`1e400` parses as Infinity and would be stored, then shown as null), or
 * nesting beyond MAX_CONTROL_DEPTH. Field -> messages, empty when the body is fine. No recursion.
 */
export function unsafeFields(body: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  const add = (field: string, message: string) => {
    if (!Object.hasOwn(out, field)) out[field] = [message];
  };
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    const field = path.join('.') || 'body';
    if (typeof value === 'number' && !Number.isFinite(value)) add(field, 'must be a finite number');
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_CONTROL_DEPTH) {
      add(field, `nests deeper than ${MAX_CONTROL_DEPTH} levels`);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (RESERVED_KEYS.has(key)) add([...path, key].join('.'), 'is a reserved name, not a field of the mock control API');
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  return out;
}
